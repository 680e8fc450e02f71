// Typed data a site might send, shared by the validator's tests and the signing tests: accepted
// examples with the canonical form Encore must show and sign, and hostile ones with the path the
// -32602 must name.

const DOMAIN_TYPE = [
  { name: 'name', type: 'string' },
  { name: 'version', type: 'string' },
  { name: 'chainId', type: 'uint256' },
  { name: 'verifyingContract', type: 'address' },
];

const MAIL_TYPES = {
  Person: [
    { name: 'name', type: 'string' },
    { name: 'wallets', type: 'address[]' },
  ],
  Mail: [
    { name: 'from', type: 'Person' },
    { name: 'to', type: 'Person[]' },
    { name: 'contents', type: 'string' },
  ],
};

/** The EIP-712 specification's Mail example (with several wallets per person), as viem sends it. */
export function mail(): {
  types: Record<string, { name: string; type: string }[]>;
  primaryType: string;
  domain: Record<string, unknown>;
  message: Record<string, unknown>;
} {
  return {
    types: { EIP712Domain: DOMAIN_TYPE, ...MAIL_TYPES },
    primaryType: 'Mail',
    domain: {
      name: 'Ether Mail',
      version: '1',
      chainId: 1,
      verifyingContract: '0xcccccccccccccccccccccccccccccccccccccccc',
    },
    message: {
      from: {
        name: 'Cow',
        wallets: [
          '0xcd2a3d9f938e13cd947ec05abc7fe734df8dd826',
          '0xdeaddeaddeaddeaddeaddeaddeaddeaddeaddead',
        ],
      },
      to: [
        {
          name: 'Bob',
          wallets: [
            '0xbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb',
            '0xB0BdaBea57B0BDABeA57b0bdABEA57b0BDabEa57',
          ],
        },
      ],
      contents: 'Hello, Bob!',
    },
  };
}

/** A relayed action with every atomic type, the way a careless site might spell the values. */
export function relayed(): {
  types: Record<string, { name: string; type: string }[]>;
  primaryType: string;
  domain: Record<string, unknown>;
  message: Record<string, unknown>;
} {
  return {
    types: {
      Grant: [
        { name: 'support', type: 'bool' },
        { name: 'amount', type: 'uint256' },
        { name: 'delta', type: 'int8' },
        { name: 'small', type: 'uint8' },
        { name: 'to', type: 'address' },
        { name: 'tag', type: 'bytes4' },
        { name: 'data', type: 'bytes' },
        { name: 'memo', type: 'string' },
        { name: 'grid', type: 'uint16[2][]' },
      ],
    },
    primaryType: 'Grant',
    domain: { name: 'Relay', chainId: '0xaa36a7', salt: `0x${'AB'.repeat(32)}` },
    message: {
      // Keys in another order than declared: shown and signed in declared order.
      memo: 'thanks',
      support: false,
      amount: '115792089237316195423570985008687907853269984665640564039457584007913129639935',
      delta: -128,
      small: '0xFF',
      to: '0xcd2a3d9f938e13cd947ec05abc7fe734df8dd826',
      tag: '0xDEADBEEF',
      data: '0x',
      grid: [
        [1, '2'],
        ['0x3', 4],
      ],
    },
  };
}

export interface AcceptedExample {
  name: string;
  raw: unknown;
  /** The canonical form: exactly what the window shows and the key signs. */
  normalised: { domain: object; types: object; primaryType: string; message: object };
}

const MAIL_NORMALISED = {
  domain: {
    name: 'Ether Mail',
    version: '1',
    chainId: '1',
    verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC',
  },
  types: { EIP712Domain: DOMAIN_TYPE, Mail: MAIL_TYPES.Mail, Person: MAIL_TYPES.Person },
  primaryType: 'Mail',
  message: {
    from: {
      name: 'Cow',
      wallets: [
        '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826',
        '0xdeaDDeADDEaDdeaDdEAddEADDEAdDeadDEADDEaD',
      ],
    },
    to: [
      {
        name: 'Bob',
        wallets: [
          '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB',
          '0xB0BdaBea57B0BDABeA57b0bdABEA57b0BDabEa57',
        ],
      },
    ],
    contents: 'Hello, Bob!',
  },
};

const RELAYED_NORMALISED = {
  domain: { name: 'Relay', chainId: '11155111', salt: `0x${'ab'.repeat(32)}` },
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'chainId', type: 'uint256' },
      { name: 'salt', type: 'bytes32' },
    ],
    Grant: relayed().types.Grant,
  },
  primaryType: 'Grant',
  message: {
    support: false,
    amount: '115792089237316195423570985008687907853269984665640564039457584007913129639935',
    delta: '-128',
    small: '255',
    to: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826',
    tag: '0xdeadbeef',
    data: '0x',
    memo: 'thanks',
    grid: [
      ['1', '2'],
      ['3', '4'],
    ],
  },
};

export const ACCEPTED: AcceptedExample[] = [
  { name: 'the EIP-712 Mail example, as an object', raw: mail(), normalised: MAIL_NORMALISED },
  {
    name: 'the Mail example as JSON text, without EIP712Domain in types',
    raw: JSON.stringify({ ...mail(), types: MAIL_TYPES }),
    normalised: MAIL_NORMALISED,
  },
  {
    name: 'every atomic type spelled loosely (numbers, hex, upper case, keys out of order)',
    raw: relayed(),
    normalised: RELAYED_NORMALISED,
  },
  {
    name: 'fields named constructor and toString, present as own properties',
    raw: {
      types: {
        Odd: [
          { name: 'constructor', type: 'bool' },
          { name: 'toString', type: 'string' },
        ],
      },
      primaryType: 'Odd',
      domain: { chainId: 1 },
      message: { toString: 'x', constructor: true },
    },
    normalised: {
      domain: { chainId: '1' },
      types: {
        EIP712Domain: [{ name: 'chainId', type: 'uint256' }],
        Odd: [
          { name: 'constructor', type: 'bool' },
          { name: 'toString', type: 'string' },
        ],
      },
      primaryType: 'Odd',
      message: { constructor: true, toString: 'x' },
    },
  },
];

/** Types EIP-712 never hashes for a Mail: unused, undefined inside, even recursive. */
export const UNREACHABLE_TYPES = {
  Unused: [{ name: 'x', type: 'Nowhere' }],
  Loop: [{ name: 'next', type: 'Loop' }],
  uint: [{ name: 'odd', type: 'int7' }],
};

ACCEPTED.push(
  {
    name: 'the Mail example with declared types it never uses (dropped before hashing)',
    raw: { ...mail(), types: { ...mail().types, ...UNREACHABLE_TYPES } },
    normalised: MAIL_NORMALISED,
  },
  {
    name: 'a primaryType below another root (the root is dropped; only Person is shown and signed)',
    raw: { ...mail(), primaryType: 'Person', message: { name: 'Cow', wallets: [] } },
    normalised: {
      domain: MAIL_NORMALISED.domain,
      types: { EIP712Domain: DOMAIN_TYPE, Person: MAIL_TYPES.Person },
      primaryType: 'Person',
      message: { name: 'Cow', wallets: [] },
    },
  },
);

export interface HostileExample {
  name: string;
  raw: unknown;
  /** The place the -32602 must name, as the site reads it. */
  path: string;
  problem: RegExp;
}

function withMessage(message: Record<string, unknown>): ReturnType<typeof relayed> {
  return { ...relayed(), message: { ...relayed().message, ...message } };
}

function without(record: Record<string, unknown>, key: string): Record<string, unknown> {
  const { [key]: _dropped, ...rest } = record;
  return rest;
}

function withType(type: string, value: unknown): unknown {
  return {
    types: { Box: [{ name: 'v', type }] },
    primaryType: 'Box',
    domain: { chainId: 1 },
    message: { v: value },
  };
}

const toBob = (wallets: unknown[]) => {
  const data = mail();
  (data.message.to as { wallets: unknown[] }[])[0]!.wallets = wallets;
  return data;
};

export const HOSTILE: HostileExample[] = [
  {
    name: 'a bool sent as the string "false" (ethers would sign true)',
    raw: withMessage({ support: 'false' }),
    path: 'typedData.message.support',
    problem: /true or false/,
  },
  {
    name: 'a bool sent as 0',
    raw: withMessage({ support: 0 }),
    path: 'typedData.message.support',
    problem: /true or false/,
  },
  {
    name: 'a declared field left out (ethers would sign zero)',
    raw: { ...relayed(), message: without(relayed().message, 'amount') },
    path: 'typedData.message.amount',
    problem: /is missing/,
  },
  {
    name: 'a field named constructor left out (found on Object.prototype)',
    raw: {
      types: { Odd: [{ name: 'constructor', type: 'bool' }] },
      primaryType: 'Odd',
      domain: {},
      message: {},
    },
    path: 'typedData.message.constructor',
    problem: /is missing/,
  },
  {
    name: 'a field named toString left out',
    raw: {
      types: { Odd: [{ name: 'toString', type: 'string' }] },
      primaryType: 'Odd',
      domain: {},
      message: {},
    },
    path: 'typedData.message.toString',
    problem: /is missing/,
  },
  {
    name: 'an extra key that would be shown but not signed',
    raw: withMessage({ recipient: 'Alice' }),
    path: 'typedData.message.recipient',
    problem: /not a field of Grant/,
  },
  {
    name: 'an extra key deep inside an array of structs',
    raw: (() => {
      const data = mail();
      (data.message.to as Record<string, unknown>[])[0]!.alias = 'Robert';
      return data;
    })(),
    path: 'typedData.message.to[0].alias',
    problem: /not a field of Person/,
  },
  {
    name: 'a malformed address in a nested array',
    raw: toBob(['0xbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb', 'bob.eth']),
    path: 'typedData.message.to[0].wallets[1]',
    problem: /20-byte hex address/,
  },
  {
    name: 'an address whose mixed case fails its checksum',
    raw: withMessage({ to: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD827' }),
    path: 'typedData.message.to',
    problem: /checksum/,
  },
  {
    name: 'uint8 above its range',
    raw: withMessage({ small: 256 }),
    path: 'typedData.message.small',
    problem: /out of range for uint8/,
  },
  {
    name: 'int8 below its range',
    raw: withMessage({ delta: '-129' }),
    path: 'typedData.message.delta',
    problem: /out of range for int8/,
  },
  {
    name: 'a negative uint',
    raw: withMessage({ amount: -1 }),
    path: 'typedData.message.amount',
    problem: /out of range for uint256/,
  },
  {
    name: 'uint256 one above its maximum',
    raw: withMessage({
      amount: '115792089237316195423570985008687907853269984665640564039457584007913129639936',
    }),
    path: 'typedData.message.amount',
    problem: /out of range/,
  },
  {
    name: 'an integer as a number beyond the safe-integer range',
    raw: withMessage({ amount: 2 ** 53 }),
    path: 'typedData.message.amount',
    problem: /must be an integer/,
  },
  {
    name: 'a fraction',
    raw: withMessage({ amount: 1.5 }),
    path: 'typedData.message.amount',
    problem: /must be an integer/,
  },
  {
    name: 'an integer in exponent notation',
    raw: withMessage({ amount: '1e18' }),
    path: 'typedData.message.amount',
    problem: /must be an integer/,
  },
  {
    name: 'an integer with spaces',
    raw: withMessage({ amount: ' 5' }),
    path: 'typedData.message.amount',
    problem: /must be an integer/,
  },
  {
    name: 'an integer as a boolean',
    raw: withMessage({ amount: true }),
    path: 'typedData.message.amount',
    problem: /must be an integer/,
  },
  {
    name: 'bytes4 with three bytes',
    raw: withMessage({ tag: '0xdeadbe' }),
    path: 'typedData.message.tag',
    problem: /exactly 4 bytes/,
  },
  {
    name: 'dynamic bytes with an odd number of digits',
    raw: withMessage({ data: '0xabc' }),
    path: 'typedData.message.data',
    problem: /hex bytes/,
  },
  {
    name: 'dynamic bytes as text',
    raw: withMessage({ data: 'hello' }),
    path: 'typedData.message.data',
    problem: /hex bytes/,
  },
  {
    name: 'a string sent as a number',
    raw: withMessage({ memo: 42 }),
    path: 'typedData.message.memo',
    problem: /must be a string/,
  },
  {
    name: 'a string with a lone surrogate (it has no UTF-8 form)',
    raw: withMessage({ memo: 'a\uD800b' }),
    path: 'typedData.message.memo',
    problem: /well-formed/,
  },
  {
    name: 'a fixed-length array of the wrong length',
    raw: withMessage({ grid: [[1, 2, 3]] }),
    path: 'typedData.message.grid[0]',
    problem: /exactly 2 elements/,
  },
  {
    name: 'an array sent as an object',
    raw: withMessage({ grid: { 0: [1, 2] } }),
    path: 'typedData.message.grid',
    problem: /must be an array/,
  },
  {
    name: 'a nested struct sent as a string',
    raw: (() => {
      const data = mail();
      data.message.from = 'Cow';
      return data;
    })(),
    path: 'typedData.message.from',
    problem: /must be an object \(Person\)/,
  },
  {
    name: 'a nested struct missing a field',
    raw: (() => {
      const data = mail();
      data.message.from = { name: 'Cow' };
      return data;
    })(),
    path: 'typedData.message.from.wallets',
    problem: /is missing/,
  },
  {
    name: 'a field of an unknown type',
    raw: withType('Persn', 'x'),
    path: 'typedData.types.Box[0].type',
    problem: /unknown type "Persn"/,
  },
  {
    name: 'a field whose type is only found on Object.prototype',
    raw: withType('toString', 'x'),
    path: 'typedData.types.Box[0].type',
    problem: /unknown type "toString"/,
  },
  {
    name: 'a malformed type string (unclosed bracket)',
    raw: withType('uint256[', 1),
    path: 'typedData.types.Box[0].type',
    problem: /not a valid EIP-712 type/,
  },
  {
    name: 'a zero-length fixed array',
    raw: withType('uint256[0]', []),
    path: 'typedData.types.Box[0].type',
    problem: /not a valid EIP-712 type/,
  },
  {
    name: 'uint without a width',
    raw: withType('uint', 1),
    path: 'typedData.types.Box[0].type',
    problem: /multiple of 8/,
  },
  {
    name: 'an integer width that is not a multiple of 8',
    raw: withType('int7', 1),
    path: 'typedData.types.Box[0].type',
    problem: /multiple of 8/,
  },
  {
    name: 'bytes33',
    raw: withType('bytes33', '0x00'),
    path: 'typedData.types.Box[0].type',
    problem: /from 1 to 32/,
  },
  {
    name: 'a type that contains itself',
    raw: {
      types: { Node: [{ name: 'next', type: 'Node' }] },
      primaryType: 'Node',
      domain: {},
      message: { next: {} },
    },
    path: 'typedData.types.Node',
    problem: /refers back to itself \(Node → Node\)/,
  },
  {
    name: 'a recursive type through a list (ethers cannot encode it)',
    raw: {
      types: {
        Tree: [{ name: 'root', type: 'Node' }],
        Node: [
          { name: 'label', type: 'string' },
          { name: 'children', type: 'Node[]' },
        ],
      },
      primaryType: 'Tree',
      domain: {},
      message: { root: { label: 'a', children: [] } },
    },
    path: 'typedData.types.Node',
    problem: /refers back to itself \(Node → Node\)/,
  },
  {
    name: 'a cycle through two types',
    raw: {
      types: {
        A: [{ name: 'b', type: 'B[]' }],
        B: [{ name: 'a', type: 'A[]' }],
      },
      primaryType: 'A',
      domain: {},
      message: { b: [] },
    },
    path: 'typedData.types.A',
    problem: /A → B → A/,
  },
  {
    name: 'a primaryType that names no type',
    raw: { ...mail(), primaryType: 'Nothing' },
    path: 'typedData.primaryType',
    problem: /names no type/,
  },
  {
    name: 'a primaryType found only on Object.prototype',
    raw: { ...mail(), primaryType: 'constructor' },
    path: 'typedData.primaryType',
    problem: /names no type/,
  },
  {
    name: 'an undefined type reached from the primary type, next to unreachable ones',
    raw: {
      ...mail(),
      types: {
        ...mail().types,
        Person: [{ name: 'pet', type: 'Pet' }],
        Unused: [{ name: 'x', type: 'Nowhere' }],
      },
    },
    path: 'typedData.types.Person[0].type',
    problem: /unknown type "Pet"/,
  },
  {
    name: 'a cycle reached from the primary type, next to an unreachable type',
    raw: {
      ...mail(),
      types: {
        ...mail().types,
        Person: [{ name: 'friend', type: 'Person' }],
        Unused: [{ name: 'x', type: 'uint8' }],
      },
    },
    path: 'typedData.types.Person',
    problem: /refers back to itself \(Person → Person\)/,
  },
  {
    name: 'the domain as primaryType',
    raw: { ...mail(), primaryType: 'EIP712Domain' },
    path: 'typedData.primaryType',
    problem: /cannot be EIP712Domain/,
  },
  {
    name: 'a domain key that is not an EIP-712 domain field',
    raw: { ...relayed(), domain: { ...relayed().domain, owner: 'me' } },
    path: 'typedData.domain.owner',
    problem: /not an EIP-712 domain field/,
  },
  {
    name: 'a domain field left out of the domain its EIP712Domain declares',
    raw: { ...mail(), domain: without(mail().domain, 'chainId') },
    path: 'typedData.domain.chainId',
    problem: /is missing/,
  },
  {
    name: 'a domain field its EIP712Domain does not declare',
    raw: { ...mail(), domain: { ...mail().domain, salt: `0x${'00'.repeat(32)}` } },
    path: 'typedData.domain.salt',
    problem: /not declared in types.EIP712Domain/,
  },
  {
    name: 'an EIP712Domain with chainId declared as a string',
    raw: {
      ...mail(),
      types: { ...mail().types, EIP712Domain: [{ name: 'chainId', type: 'string' }] },
      domain: { chainId: '1' },
    },
    path: 'typedData.types.EIP712Domain[0].type',
    problem: /must be uint256/,
  },
  {
    name: 'an EIP712Domain out of the order signers hash it in',
    raw: {
      ...mail(),
      types: {
        ...mail().types,
        EIP712Domain: [
          { name: 'chainId', type: 'uint256' },
          { name: 'name', type: 'string' },
        ],
      },
      domain: { chainId: 1, name: 'Ether Mail' },
    },
    path: 'typedData.types.EIP712Domain[1]',
    problem: /out of order/,
  },
  {
    name: 'a domain chainId that is not a number',
    raw: { ...mail(), domain: { ...mail().domain, chainId: 'mainnet' } },
    path: 'typedData.domain.chainId',
    problem: /must be an integer/,
  },
  {
    name: 'a duplicate field name',
    raw: {
      types: {
        Box: [
          { name: 'v', type: 'uint8' },
          { name: 'v', type: 'string' },
        ],
      },
      primaryType: 'Box',
      domain: {},
      message: { v: 1 },
    },
    path: 'typedData.types.Box[1].name',
    problem: /repeats the field "v"/,
  },
  {
    name: 'a field definition with an extra key',
    raw: {
      types: { Box: [{ name: 'v', type: 'uint8', display: 'hidden' }] },
      primaryType: 'Box',
      domain: {},
      message: { v: 1 },
    },
    path: 'typedData.types.Box[0].display',
    problem: /not part of a field definition/,
  },
  {
    name: 'a top-level key that is not part of typed data',
    raw: { ...mail(), note: 'ignore me' },
    path: 'typedData.note',
    problem: /not part of EIP-712 typed data/,
  },
  {
    name: 'no message',
    raw: without(mail(), 'message'),
    path: 'typedData.message',
    problem: /is missing/,
  },
];
