/** `text` as the 0x-hex of its UTF-8 bytes, as sites send a personal_sign message. */
export function hexOf(text: string): string {
  return `0x${Buffer.from(text, 'utf8').toString('hex')}`;
}
