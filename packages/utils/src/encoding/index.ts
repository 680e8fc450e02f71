// Bytes as text: hex (wallet records, nonces, message payloads) and base64 (ID tokens, the
// password filter), the same code in pages, the service worker and Node.
export { base64ToBytes, bytesToBase64 } from './base64.ts';
export { bytesToHex, hexToBytes } from './hex.ts';
export { hmacSha256 } from './hmac-sha256.ts';
export { sha256Hex } from './sha256-hex.ts';
