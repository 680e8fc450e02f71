// The EntryPoint the local chain deploys is the one public chains run: the creation code
// published in @account-abstraction/contracts, under the canonical salt, lands through the
// deterministic deployer at EntryPoint v0.8's canonical address, which only byte-identical init
// code can (Alto recognises v0.8 by that address).
import { describe, expect, it } from 'vitest';
import {
  deterministicAddress,
  ENTRY_POINT_V08,
  ENTRY_POINT_V08_SALT,
  entryPointV08Artifact,
} from '../../../chain/index.ts';

describe('the canonical EntryPoint v0.8', () => {
  it("the authors' published creation code lands at 0x4337084D…f108 under the canonical salt", () => {
    const { bytecode } = entryPointV08Artifact();
    expect(deterministicAddress(ENTRY_POINT_V08_SALT, bytecode)).toBe(ENTRY_POINT_V08);
  });

  it('one byte of the code changed (the compiler metadata at its end) lands elsewhere', () => {
    const { bytecode } = entryPointV08Artifact();
    const last = bytecode.slice(-2) === '33' ? '34' : '33';
    const changed = `${bytecode.slice(0, -2)}${last}` as `0x${string}`;
    expect(deterministicAddress(ENTRY_POINT_V08_SALT, changed)).not.toBe(ENTRY_POINT_V08);
  });
});
