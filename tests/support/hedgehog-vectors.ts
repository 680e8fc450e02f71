// The reference records made by @audius/hedgehog 2.1.0 (shared fixture, read-only).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SHARED_FIXTURES } from './shared-fixtures.ts';

export interface Vector {
  name: string;
  username: string;
  password: string;
  lookupKey: string;
  entropy: string;
  mnemonic: string;
  iv: string;
  encryptionKeyHex: string;
  cipherText: string;
  plaintext: string;
  seedHex: string;
  privateKey: string;
  address: string;
  checksumAddress: string;
  path: string;
}

export interface Fixtures {
  vectors: Vector[];
  extras: {
    caseInsensitiveUsername: { upper: string; lower: string; equal: boolean };
    fixedEncrypt: {
      entropy: string;
      iv: string;
      password: string;
      encryptionKeyHex: string;
      cipherText: string;
      mnemonic: string;
      privateKey: string;
      address: string;
    };
    repoFixtureDecrypt: {
      username: string;
      password: string;
      iv: string;
      keyHex: string;
      expectedKeyHex: string;
      expectedLookupKey: string;
      cipherText: string;
      entropy: string;
      mnemonic: string;
      privateKey: string;
      address: string;
      expectedAddress: string;
    };
  };
}

const path = join(SHARED_FIXTURES, 'hedgehog/vectors.json');

export const fixtures: Fixtures = JSON.parse(readFileSync(path, 'utf8'));
