// The key file's commands: add a key (a new file, or a new key beside the others), make a key
// the current one, retire one, print the public keys to pin. Each rewrites the file whole
// (a temporary file renamed over it), readable by its owner alone.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { KEY_ID_PATTERN } from '@encore-wallet/contract/key-holder';
import { KeyHolderConfigError } from '../errors.ts';
import { type KeyFile, keyRingFrom, newSecretKey, parseKeyFile } from '../keys/key-ring.ts';

function read(path: string): KeyFile {
  return parseKeyFile(readFileSync(path, 'utf8'), path);
}

function write(path: string, file: KeyFile): void {
  keyRingFrom(file); // refuses a file the server would refuse
  const temporary = `${path}.tmp-${process.pid}`;
  writeFileSync(temporary, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
  renameSync(temporary, path);
}

/** Adds a new random key `id`; the first key of a new file is current, a later one only if asked. */
export function addKey(path: string, id: string, makeCurrent: boolean): string {
  if (!KEY_ID_PATTERN.test(id)) {
    throw new KeyHolderConfigError('--id: must be 1 to 32 letters, digits, ".", "_" or "-"');
  }
  const file: KeyFile = existsSync(path) ? read(path) : { current: id, keys: [] };
  if (file.keys.some((k) => k.id === id)) {
    throw new KeyHolderConfigError(`--id: the file already has a key "${id}"`);
  }
  file.keys.push({ id, secretKey: newSecretKey() });
  if (makeCurrent) file.current = id;
  write(path, file);
  return publicKeyLine(path, id);
}

export function makeCurrent(path: string, id: string): void {
  const file = read(path);
  if (!file.keys.some((k) => k.id === id)) throw new KeyHolderConfigError(`no key "${id}"`);
  write(path, { ...file, current: id });
}

/** Removes key `id` for good (it must not be the current one): what it evaluated, it no longer can. */
export function retireKey(path: string, id: string): void {
  const file = read(path);
  if (file.current === id) {
    throw new KeyHolderConfigError(`"${id}" is the current key: make another current first`);
  }
  if (!file.keys.some((k) => k.id === id)) throw new KeyHolderConfigError(`no key "${id}"`);
  write(path, { ...file, keys: file.keys.filter((k) => k.id !== id) });
}

export function publicKeyLines(path: string): string[] {
  const ring = keyRingFrom(read(path));
  return ring
    .list()
    .map((k) => `${k.id} ${k.publicKey}${k.id === ring.current ? ' (current)' : ''}`);
}

function publicKeyLine(path: string, id: string): string {
  return publicKeyLines(path).find((line) => line.startsWith(`${id} `)) ?? id;
}
