// Sign-up and password-change rules (never applied at login, so old accounts still open).
// Exported for the popup's inline validation; Hedgehog applies the same checks.

import { MAX_USERNAME_LENGTH } from '@encore-wallet/contract';
import { base64ToBytes } from '@encore-wallet/utils/encoding';
import type { InvalidUsernameReason, WeakPasswordReason } from './errors.ts';
import { COMMON_PASSWORDS_BLOOM } from './generated/common-passwords-bloom.ts';
import { BloomFilter } from './internal/bloom.ts';
import { MIN_PASSWORD_LENGTH, USERNAME_SEPARATOR } from './internal/password-rules.ts';

export { MIN_PASSWORD_LENGTH };

export type PasswordCheck =
  | { ok: true }
  | { ok: false; reason: WeakPasswordReason; message: string };

export type UsernameCheck =
  | { ok: true; username: string }
  | { ok: false; reason: InvalidUsernameReason; message: string };

let filter: BloomFilter | null = null;

function commonPasswords(): BloomFilter {
  // Decoded on first use: 35 KB of bits, no cost for callers that never check a password.
  filter ??= new BloomFilter(
    base64ToBytes(COMMON_PASSWORDS_BLOOM.bitsBase64),
    COMMON_PASSWORDS_BLOOM.bitCount,
    COMMON_PASSWORDS_BLOOM.hashCount,
  );
  return filter;
}

export function checkPassword(password: string): PasswordCheck {
  const normalised = password.normalize('NFC');
  if ([...normalised].length < MIN_PASSWORD_LENGTH) {
    return {
      ok: false,
      reason: 'too-short',
      message: `Use at least ${MIN_PASSWORD_LENGTH} characters.`,
    };
  }
  // The list is lowercase; "Password1" is as guessable as "password1".
  if (commonPasswords().has(normalised.toLowerCase())) {
    return {
      ok: false,
      reason: 'common',
      message: 'This password is too common. Choose one that is harder to guess.',
    };
  }
  return { ok: true };
}

/** Trims and NFC-normalises; the returned username is the one to sign up with. */
export function checkUsername(username: string): UsernameCheck {
  const normalised = username.trim().normalize('NFC');
  if (normalised.length === 0) {
    return { ok: false, reason: 'empty', message: 'Enter a username.' };
  }
  if (normalised.length > MAX_USERNAME_LENGTH) {
    return {
      ok: false,
      reason: 'too-long',
      message: `A username can be at most ${MAX_USERNAME_LENGTH} characters.`,
    };
  }
  // Invisible, and NUL cannot even be stored by every backend (PostgreSQL text refuses it).
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
  if (/[\u0000-\u001f\u007f]/.test(normalised)) {
    return {
      ok: false,
      reason: 'control-character',
      message: 'A username cannot contain control characters such as tabs or line breaks.',
    };
  }
  if (normalised.includes(USERNAME_SEPARATOR)) {
    return {
      ok: false,
      reason: 'separator',
      message: `A username cannot contain "${USERNAME_SEPARATOR}".`,
    };
  }
  return { ok: true, username: normalised };
}
