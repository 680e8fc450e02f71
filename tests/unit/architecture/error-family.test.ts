import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { EncoreError } from '@encore-wallet/utils/errors';
import { describe, expect, it } from 'vitest';
import { ProviderRpcError } from '../../../lib/extension/protocol/index.ts';
import { InvalidParamsError, UserRejectedError } from '../../../lib/extension/rpc/errors.ts';

const root = join(import.meta.dirname, '../../..');
const SOURCE_DIRS = [
  'lib',
  'packages',
  'dev-catalog',
  'demo',
  'chain',
  'entrypoints',
  'tests/support',
];

/** Error classes that are not errors anyone reads: control-flow signals inside one function. */
const CONTROL_FLOW_SIGNALS = new Set([
  'packages/server/src/store/postgres-store.ts: DuplicateRollback',
  'packages/server/src/store/sqlite-store.ts: DuplicateRollback',
  'packages/server/src/store/funding-store.ts: BudgetRefused',
  'packages/server/src/store/sponsor-store.ts: SponsorshipRefused',
]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      return ['node_modules', 'dist'].includes(name) ? [] : sourceFiles(path);
    }
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

describe('one error family', () => {
  it('has one root: only @encore-wallet/utils/errors extends Error directly', () => {
    const roots: string[] = [];
    for (const dir of SOURCE_DIRS) {
      for (const file of sourceFiles(join(root, dir))) {
        const text = readFileSync(file, 'utf8');
        for (const match of text.matchAll(/class\s+(\w+)(?:<[^>]*>)?\s+extends\s+Error\b/g)) {
          roots.push(`${relative(root, file)}: ${match[1]}`);
        }
      }
    }
    const unexpected = roots.filter((entry) => !CONTROL_FLOW_SIGNALS.has(entry));
    expect(unexpected).toEqual(['packages/utils/src/errors/index.ts: EncoreError']);
  });

  it('puts the page-facing provider errors in the family, with their numeric EIP-1193 codes', () => {
    const rejected = new UserRejectedError();
    expect(rejected).toBeInstanceOf(EncoreError);
    expect(rejected).toBeInstanceOf(ProviderRpcError);
    expect(rejected.code).toBe(4001);
    expect(rejected.name).toBe('ProviderRpcError');
    expect(new ProviderRpcError(4900, 'gone').code).toBe(4900);
  });

  it('sends pages exactly the EIP-1193 wire shape, and keeps the family JSON for everything else', () => {
    const error = new InvalidParamsError('eth_signTypedData_v4', 'params[1]', 'is missing');
    expect(error.toRpcError()).toEqual({
      code: -32602,
      message: 'Invalid params for eth_signTypedData_v4: params[1] is missing',
      data: { param: 'params[1]' },
    });
    expect(error.toJSON()).toMatchObject({ name: 'ProviderRpcError', code: -32602 });
  });
});
