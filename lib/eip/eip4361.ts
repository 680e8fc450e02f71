// A small EIP-4361 ("Sign-In with Ethereum") parser. The approval window uses it to show a
// sign-in request as what it is and to warn when the message names another site; the demo server
// uses it to check what it verifies. Lenient where real sites differ (one or two blank lines when
// there is no statement), strict where it matters (header, address, required fields).

export interface SiweMessage {
  scheme?: string;
  domain: string;
  address: string;
  statement?: string;
  uri: string;
  version: string;
  chainId: number;
  nonce: string;
  issuedAt: string;
  expirationTime?: string;
  notBefore?: string;
  requestId?: string;
  resources: string[];
}

export type SiweParseResult =
  | { ok: true; message: SiweMessage }
  | { ok: false; reason: 'not-siwe' }
  | { ok: false; reason: 'malformed'; detail: string };

const HEADER = / wants you to sign in with your Ethereum account:$/;
// The phrase wherever it stands, however spaced, cased or split by invisible characters: text
// that says it is a sign-in but is not one in EIP-4361 form gets a warning, not a plain display.
const SIGN_IN_PHRASE = /wants\s*you\s*to\s*sign[\s-]*in\s*with\s*your\s*ethereum\s*account/i;
const INVISIBLE = /[\p{Cc}\p{Default_Ignorable_Code_Point}]/gu;
const FIELDS: Record<string, keyof SiweMessage> = {
  URI: 'uri',
  Version: 'version',
  'Chain ID': 'chainId',
  Nonce: 'nonce',
  'Issued At': 'issuedAt',
  'Expiration Time': 'expirationTime',
  'Not Before': 'notBefore',
  'Request ID': 'requestId',
};

const malformed = (detail: string): SiweParseResult => ({ ok: false, reason: 'malformed', detail });
const isTimestamp = (value: string): boolean =>
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(value) &&
  !Number.isNaN(Date.parse(value));

export function parseSiweMessage(text: string): SiweParseResult {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const header = lines[0] ?? '';
  if (!HEADER.test(header)) {
    const looksLikeSignIn = SIGN_IN_PHRASE.test(text.replace(INVISIBLE, ''));
    return looksLikeSignIn ? malformed('first line') : { ok: false, reason: 'not-siwe' };
  }
  const authority = header.replace(HEADER, '');
  const schemeMatch = /^([a-zA-Z][a-zA-Z0-9+.-]*):\/\/(.+)$/.exec(authority);
  const domain = schemeMatch ? (schemeMatch[2] ?? '') : authority;
  if (!/^[^\s/?#]+$/.test(domain)) return malformed('domain');
  const address = lines[1] ?? '';
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return malformed('address');

  let i = 2;
  while (lines[i] === '') i++;
  let statement: string | undefined;
  if (lines[i] !== undefined && !(lines[i] ?? '').startsWith('URI: ')) {
    statement = lines[i];
    i++;
    while (lines[i] === '') i++;
  }

  const fields: Partial<Record<keyof SiweMessage, string>> = {};
  const resources: string[] = [];
  for (; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (line === '' && i === lines.length - 1) break;
    if (line === 'Resources:') {
      for (i++; i < lines.length && (lines[i] ?? '').startsWith('- '); i++) {
        resources.push((lines[i] ?? '').slice(2));
      }
      if (i < lines.length && lines[i] !== '') return malformed('resources');
      break;
    }
    const colon = line.indexOf(': ');
    const key = colon > 0 ? FIELDS[line.slice(0, colon)] : undefined;
    if (!key || fields[key] !== undefined) return malformed(`line ${i + 1}`);
    fields[key] = line.slice(colon + 2);
  }

  const { uri, version, chainId, nonce, issuedAt } = fields;
  if (!uri || !/^[a-zA-Z][a-zA-Z0-9+.-]*:\S*$/.test(uri)) return malformed('uri');
  if (version !== '1') return malformed('version');
  if (!chainId || !/^\d+$/.test(chainId)) return malformed('chainId');
  if (!nonce || !/^[a-zA-Z0-9]{8,}$/.test(nonce)) return malformed('nonce');
  if (!issuedAt || !isTimestamp(issuedAt)) return malformed('issuedAt');
  for (const key of ['expirationTime', 'notBefore'] as const) {
    const value = fields[key];
    if (value !== undefined && !isTimestamp(value)) return malformed(key);
  }

  return {
    ok: true,
    message: {
      ...(schemeMatch ? { scheme: schemeMatch[1] } : {}),
      domain,
      address,
      ...(statement !== undefined ? { statement } : {}),
      uri,
      version,
      chainId: Number(chainId),
      nonce,
      issuedAt,
      ...(fields.expirationTime ? { expirationTime: fields.expirationTime } : {}),
      ...(fields.notBefore ? { notBefore: fields.notBefore } : {}),
      ...(fields.requestId !== undefined ? { requestId: fields.requestId } : {}),
      resources,
    },
  };
}

/** Builds a message in the canonical form (the demo site uses it; tests round-trip through it). */
export function formatSiweMessage(message: SiweMessage): string {
  const head = `${message.scheme ? `${message.scheme}://` : ''}${message.domain} wants you to sign in with your Ethereum account:`;
  const lines = [head, message.address, ''];
  if (message.statement !== undefined) lines.push(message.statement, '');
  lines.push(
    `URI: ${message.uri}`,
    `Version: ${message.version}`,
    `Chain ID: ${message.chainId}`,
    `Nonce: ${message.nonce}`,
    `Issued At: ${message.issuedAt}`,
  );
  if (message.expirationTime) lines.push(`Expiration Time: ${message.expirationTime}`);
  if (message.notBefore) lines.push(`Not Before: ${message.notBefore}`);
  if (message.requestId !== undefined) lines.push(`Request ID: ${message.requestId}`);
  if (message.resources.length > 0) {
    lines.push('Resources:', ...message.resources.map((r) => `- ${r}`));
  }
  return lines.join('\n');
}

/**
 * Does the message's domain name the site that asked for the signature? EIP-4361 asks wallets to
 * compare the authority (host and port) and, when the message carries one, the scheme.
 */
export function siweMatchesOrigin(message: SiweMessage, origin: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (message.scheme !== undefined && `${message.scheme.toLowerCase()}:` !== url.protocol) {
    return false;
  }
  // Read the domain as an authority under the site's scheme, so `music.example:443` on https is
  // the same site as `music.example`; anything beyond host and port makes it another domain.
  let claimed: URL;
  try {
    claimed = new URL(`${url.protocol}//${message.domain}`);
  } catch {
    return false;
  }
  const bareAuthority =
    !claimed.username && !claimed.password && claimed.pathname === '/' && !claimed.search;
  return bareAuthority && !claimed.hash && claimed.host === url.host;
}
