// The key ring from the environment: KEY_HOLDER_KEYS_FILE names a file (keep it readable by the
// key holder's user alone, and back it up apart from any database), or KEY_HOLDER_KEYS holds the
// same JSON (for a secret manager that injects variables). One of the two, never both.
import { readFileSync } from 'node:fs';
import { KeyHolderConfigError } from '../errors.ts';
import { type KeyRing, keyRingFrom, parseKeyFile } from './key-ring.ts';

export function loadKeyRing(env: Readonly<Record<string, string | undefined>>): KeyRing {
  const path = env.KEY_HOLDER_KEYS_FILE?.trim();
  const inline = env.KEY_HOLDER_KEYS?.trim();
  if (path && inline) {
    throw new KeyHolderConfigError('set KEY_HOLDER_KEYS_FILE or KEY_HOLDER_KEYS, not both');
  }
  if (inline) return keyRingFrom(parseKeyFile(inline, 'KEY_HOLDER_KEYS'));
  if (!path) {
    throw new KeyHolderConfigError(
      'no key: set KEY_HOLDER_KEYS_FILE to a key file (`encore-key-holder add-key --file PATH` makes one)',
    );
  }
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (cause) {
    throw new KeyHolderConfigError(`cannot read the key file ${path}`, { cause });
  }
  return keyRingFrom(parseKeyFile(text, path));
}
