// base64 ⇄ bytes with only what a page, a service worker and Node all have (btoa, atob).

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  // In slices: spreading a large array into one call would overflow the argument stack.
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

/** Throws (DOMException) on characters outside the base64 alphabet. */
export function base64ToBytes(base64: string): Uint8Array {
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}
