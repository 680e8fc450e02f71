// The key holder the wallet trusts: where it answers and the public key pinned for it (RFC 9497
// POPRF; docs/key-holder.md), plus earlier keys still pinned while records made under them are
// re-made under the current one. Every key is checked with the wallet core's `checkPin` (a
// ristretto255 element, not the identity, a well-formed id) before it is saved.
//
// The build sets it with WXT_KEY_HOLDER_URL, WXT_KEY_HOLDER_KEY_ID, WXT_KEY_HOLDER_PUBLIC_KEY and
// WXT_KEY_HOLDER_PREVIOUS (JSON `[{"keyId","publicKey"}]`). A build that sets any of them but not
// a usable pin does not quietly make weaker records: it keeps the values as they are, and every
// sign-up and login answers KEY_HOLDER_PIN_INVALID until the options page sets a usable one.

import { KEY_ID_PATTERN } from '@encore-wallet/contract/key-holder';
import { checkPin } from '@encore-wallet/core/key-holder';
import { z } from 'zod';

declare global {
  interface ImportMetaEnv {
    /** The key holder's URL, e.g. https://keys.example.org. */
    readonly WXT_KEY_HOLDER_URL?: string;
    /** The id of the key to evaluate under (as the key holder's `public-keys` prints it). */
    readonly WXT_KEY_HOLDER_KEY_ID?: string;
    /** Hex of that key's 32-byte public key. */
    readonly WXT_KEY_HOLDER_PUBLIC_KEY?: string;
    /** JSON `[{ "keyId": "…", "publicKey": "…" }]`: earlier keys still pinned during a rotation. */
    readonly WXT_KEY_HOLDER_PREVIOUS?: string;
  }
}

/** At most this many earlier keys stay pinned beside the current one. */
export const MAX_PREVIOUS_KEYS = 4;

export interface PinnedKey {
  keyId: string;
  publicKey: string;
}

export interface KeyHolderSetting extends PinnedKey {
  url: string;
  previous: PinnedKey[];
}

/**
 * What an unreadable stored key holder reads as: no usable key, so nothing is made or opened
 * until the person sets one again, rather than new records quietly made without a key holder.
 */
export const UNUSABLE_KEY_HOLDER: KeyHolderSetting = Object.freeze({
  url: '',
  keyId: '',
  publicKey: '',
  previous: [],
}) as KeyHolderSetting;

/**
 * Why a public key is not usable, or null when it is: checkPin's own reason (not 64 hex
 * characters, no ristretto255 element, the identity element), without its preamble.
 */
export function publicKeyProblem(publicKey: string): string | null {
  try {
    checkPin({ url: 'https://key-holder.invalid', keyId: 'k', publicKey });
    return null;
  } catch (error) {
    const reason = (error as { details?: { reason?: unknown } }).details?.reason;
    return typeof reason === 'string' ? sentence(reason) : 'The public key is not usable';
  }
}

/** Why the URL is not one to send evaluations to, or null. */
function urlProblem(url: string): string | null {
  try {
    const { protocol, hostname, username, password } = new URL(url);
    if (protocol !== 'https:' && protocol !== 'http:')
      return 'Enter a full http:// or https:// URL, for example https://keys.example.org';
    if (hostname === '') return 'The URL has no host';
    if (username !== '' || password !== '') return 'Remove the user name and password from the URL';
    return null;
  } catch {
    return 'Enter a full http:// or https:// URL, for example https://keys.example.org';
  }
}

const KEY_ID_HINT = 'Enter the key’s id: 1 to 32 letters, digits, “.”, “_” or “-”';

const pinnedKeySchema = z.strictObject({
  keyId: z.string().trim().regex(KEY_ID_PATTERN, KEY_ID_HINT),
  publicKey: z
    .string()
    .trim()
    .superRefine((publicKey, ctx) => {
      const problem = publicKeyProblem(publicKey);
      if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
    }),
});

function buildKeyHolderSchema() {
  return pinnedKeySchema
    .extend({
      url: z
        .string()
        .trim()
        .max(2048, 'Keep the URL under 2048 characters')
        .superRefine((url, ctx) => {
          const problem = urlProblem(url);
          if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
        })
        // Stored without a trailing slash so "host/" and "host" are one setting.
        .transform((value) => value.replace(/\/+$/, '')),
      previous: z
        .array(pinnedKeySchema)
        .max(MAX_PREVIOUS_KEYS, `Pin at most ${MAX_PREVIOUS_KEYS} earlier keys`),
    })
    .superRefine((setting, ctx) => {
      setting.previous.forEach((key, index) => {
        if (key.keyId === setting.keyId) {
          ctx.addIssue({
            code: 'custom',
            path: ['previous', index, 'keyId'],
            message: 'An earlier key cannot have the current key’s id',
          });
        }
      });
    });
}

let schema: ReturnType<typeof buildKeyHolderSchema> | undefined;

/** A key holder setting; null is "no key holder" (sign-ups make the build's other format). */
export function keyHolderSchema(): z.ZodNullable<ReturnType<typeof buildKeyHolderSchema>> {
  schema ??= buildKeyHolderSchema();
  return schema.nullable();
}

/**
 * The key holder the build pins: null when it sets none of the four variables; the checked
 * setting when they make a usable pin; otherwise the values as given, which every sign-up and
 * login then refuses (KEY_HOLDER_PIN_INVALID) rather than making a weaker record.
 */
export function keyHolderFromBuild(env: KeyHolderBuildEnv): KeyHolderSetting | null {
  // Settings are read on every request that needs them: check the build's pin once (keyed on the
  // text, which tests may change between reads), and hand out copies.
  const text = JSON.stringify([
    env.WXT_KEY_HOLDER_URL,
    env.WXT_KEY_HOLDER_KEY_ID,
    env.WXT_KEY_HOLDER_PUBLIC_KEY,
    env.WXT_KEY_HOLDER_PREVIOUS,
  ]);
  if (fromBuild?.text !== text) fromBuild = { text, setting: readBuildPin(env) };
  const { setting } = fromBuild;
  return setting === null
    ? null
    : { ...setting, previous: setting.previous.map((key) => ({ ...key })) };
}

interface KeyHolderBuildEnv {
  WXT_KEY_HOLDER_URL?: string;
  WXT_KEY_HOLDER_KEY_ID?: string;
  WXT_KEY_HOLDER_PUBLIC_KEY?: string;
  WXT_KEY_HOLDER_PREVIOUS?: string;
}

let fromBuild: { text: string; setting: KeyHolderSetting | null } | undefined;

function readBuildPin(env: KeyHolderBuildEnv): KeyHolderSetting | null {
  const url = env.WXT_KEY_HOLDER_URL ?? '';
  const keyId = env.WXT_KEY_HOLDER_KEY_ID ?? '';
  const publicKey = env.WXT_KEY_HOLDER_PUBLIC_KEY ?? '';
  const previousText = env.WXT_KEY_HOLDER_PREVIOUS ?? '';
  if (url === '' && keyId === '' && publicKey === '' && previousText === '') return null;
  const previous = parsePrevious(previousText);
  const raw = { url, keyId, publicKey, previous: previous ?? [] };
  const parsed = keyHolderSchema().safeParse(raw);
  if (parsed.success && parsed.data !== null && previous !== null) return parsed.data;
  // Unusable as a whole: kept so that nothing uses it, and so the options page can show it. A
  // malformed list of earlier keys makes the whole pin unusable too (one of them was meant).
  return previous === null ? { ...raw, publicKey: '' } : raw;
}

/** Whether the setting is a pin the wallet can use (the build's may not be). */
export function isUsableKeyHolder(setting: KeyHolderSetting): boolean {
  return keyHolderSchema().safeParse(setting).success;
}

function parsePrevious(text: string): PinnedKey[] | null {
  if (text.trim() === '') return [];
  try {
    const parsed = z.array(pinnedKeySchema).safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function sentence(problem: string): string {
  return `${problem.charAt(0).toUpperCase()}${problem.slice(1)}`;
}
