import { readFile } from 'node:fs/promises';
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

/**
 * Compiles Solidity sources with the solc npm package (the compiler is JavaScript: nothing is
 * downloaded) and returns every contract by name. Throws with the compiler's messages on an error.
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
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput;
  const errors = (output.errors ?? []).filter((entry) => entry.severity === 'error');
  if (errors.length > 0) {
    throw new Error(
      `Solidity compilation failed:\n${errors.map((e) => e.formattedMessage).join('\n')}`,
    );
  }
  const compiled: Record<string, CompiledContract> = {};
  for (const file of Object.values(output.contracts ?? {})) {
    for (const [name, contract] of Object.entries(file)) {
      compiled[name] = { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
    }
  }
  return compiled;
}

/** Compiles one file of chain/contracts/ and returns the contract of the same name. */
export async function compileContract(name: string): Promise<CompiledContract> {
  const file = `${name}.sol`;
  const source = await readFile(new URL(file, contractsDir), 'utf8');
  const contract = compileSolidity({ [file]: source })[name];
  if (!contract) throw new Error(`${file} has no contract named ${name}`);
  return contract;
}
