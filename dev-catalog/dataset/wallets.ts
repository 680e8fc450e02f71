import { computeAddress, keccak256, SigningKey, toUtf8Bytes } from 'ethers';

/**
 * Private key of generated user `index` for `seed`: public by design, so demos can sign ID tokens
 * as any generated user. Never use these keys for anything but the dev catalog.
 */
export function devUserPrivateKey(seed: number, index: number): string {
  return keccak256(toUtf8Bytes(`encore-dev-catalog:${seed}:${index}`));
}

const addressCache = new Map<string, string>();

/** Address derivation costs ~1 ms per key; cached so repeated catalogs in one process start fast. */
export function devUserAddress(seed: number, index: number): string {
  const key = `${seed}:${index}`;
  let address = addressCache.get(key);
  if (address === undefined) {
    address = computeAddress(new SigningKey(devUserPrivateKey(seed, index)).publicKey);
    addressCache.set(key, address);
  }
  return address;
}
