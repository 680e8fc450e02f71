import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import solc from 'solc';

/** What a deployment needs from one compiled contract. */
export interface CompiledContract {
  readonly abi: readonly unknown[];
  /** Creation bytecode, 0x-prefixed. */
  readonly bytecode: `0x${string}`;
}

interface SolcError {
  readonly severity: 'error' | 'warning' | 'info';
  readonly formattedMessage: string;
}

interface SolcOutput {
  readonly errors?: readonly SolcError[];
  readonly contracts?: Record<
    string,
    Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>
  >;
}

const contractsDir = new URL('./contracts/', import.meta.url);
const require = createRequire(import.meta.url);

/**
 * Reads an imported source from an npm package (`@openzeppelin/contracts/…`,
 * `@account-abstraction/contracts/…`): the audited contracts are compiled from the installed
 * package, never copied. Relative imports reach here already resolved against their importer.
 */
function readImport(path: string): { contents: string } | { error: string } {
  const match = /^(@[^/]+\/[^/]+|[^@/][^/]*)\/(.+)$/.exec(path);
  if (!match?.[1] || !match[2]) return { error: `${path}: not a package path` };
  try {
    const root = dirname(require.resolve(`${match[1]}/package.json`));
    return { contents: readFileSync(join(root, match[2]), 'utf8') };
  } catch (error) {
    return { error: `${path}: ${(error as Error).message}` };
  }
}

/**
 * Compiles Solidity sources with the solc npm package (the compiler is JavaScript: nothing is
 * downloaded) and returns every contract by name. Imports of npm packages are read from
 * node_modules. Throws with the compiler's messages on an error.
 */
export function compileSolidity(sources: Record<string, string>): Record<string, CompiledContract> {
  const input = {
    language: 'Solidity',
    sources: Object.fromEntries(
      Object.entries(sources).map(([name, content]) => [name, { content }]),
    ),
    settings: {
      optimizer: { enabled: true, runs: 200 },
      evmVersion: 'cancun',
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  };
  const output = JSON.parse(
    solc.compile(JSON.stringify(input), { import: readImport }),
  ) as SolcOutput;
  const errors = (output.errors ?? []).filter((entry) => entry.severity === 'error');
  if (errors.length > 0) {
    throw new Error(
      `Solidity compilation failed:\n${errors.map((e) => e.formattedMessage).join('\n')}`,
    );
  }
  const compiled: Record<string, CompiledContract> = {};
  for (const [file, contracts] of Object.entries(output.contracts ?? {})) {
    // Only the contracts of the sources asked for: imported files bring libraries and bases.
    if (!(file in sources)) continue;
    for (const [name, contract] of Object.entries(contracts)) {
      compiled[name] = { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
    }
  }
  return compiled;
}

// Compiling the EntryPoint takes seconds: each contract is compiled once per process.
const compiled = new Map<string, Promise<CompiledContract>>();

function once(key: string, compile: () => Promise<CompiledContract>): Promise<CompiledContract> {
  let contract = compiled.get(key);
  if (!contract) {
    contract = compile();
    compiled.set(key, contract);
    contract.catch(() => compiled.delete(key));
  }
  return contract;
}

/** Compiles one file of chain/contracts/ and returns the contract of the same name. */
export function compileContract(name: string): Promise<CompiledContract> {
  return once(name, async () => {
    const file = `${name}.sol`;
    const source = await readFile(new URL(file, contractsDir), 'utf8');
    const contract = compileSolidity({ [file]: source })[name];
    if (!contract) throw new Error(`${file} has no contract named ${name}`);
    return contract;
  });
}

/**
 * Compiles one contract of an installed npm package, e.g.
 * `compilePackageContract('@account-abstraction/contracts/core/EntryPoint.sol', 'EntryPoint')`.
 */
export function compilePackageContract(path: string, name: string): Promise<CompiledContract> {
  return once(`${path}:${name}`, async () => {
    const source = readImport(path);
    if ('error' in source) throw new Error(`Cannot read ${source.error}`);
    const contract = compileSolidity({ [path]: source.contents })[name];
    if (!contract) throw new Error(`${path} has no contract named ${name}`);
    return contract;
  });
}
