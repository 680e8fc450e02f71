// Hex text ⇄ bytes, for every part of lib/ (wallet records, nonces, message payloads).
export { bytesToHex, hexToBytes } from './hex.ts';
