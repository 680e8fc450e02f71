// What Ethereum messages say, read the way a wallet must read them before anyone signs: EIP-4361
// sign-in messages, personal_sign payloads, characters that hide in text, and EIP-712 typed data
// in one canonical form. Plain TypeScript with no extension API: the approval window, the RPC
// methods and the demo site share it, and it is tested in Node.

export { type DecodedMessage, decodeSignPayload } from './decode-message.ts';
export {
  formatSiweMessage,
  parseSiweMessage,
  type SiweMessage,
  type SiweParseResult,
  siweMatchesOrigin,
} from './eip4361.ts';
export {
  containsInvisible,
  hasInvisible,
  type RevealedPart,
  revealInvisible,
} from './invisible-chars.ts';
export * from './typed-data/index.ts';
