import { dictionary } from '@zxcvbn-ts/language-common';
import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS_BLOOM } from '../src/generated/common-passwords-bloom.ts';
import { checkPassword, checkUsername } from '../src/index.ts';

const list = (dictionary as Record<string, string[]>)['passwords-common']!;

// Deterministic PRNG (mulberry32) so the measured rate is the same on every run.
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('checkPassword', () => {
  it('rejects every password of the common list, in any letter case', () => {
    expect(list.length).toBeGreaterThan(40_000);
    const accepted = list.filter((p) => checkPassword(p).ok || checkPassword(p.toUpperCase()).ok);
    expect(accepted).toEqual([]);
  });

  it('says why: too short below 8 characters, common otherwise', () => {
    expect(checkPassword('1234567')).toMatchObject({ ok: false, reason: 'too-short' });
    expect(checkPassword('password')).toMatchObject({ ok: false, reason: 'common' });
    expect(checkPassword('Password1')).toMatchObject({ ok: false, reason: 'common' });
    expect(checkPassword('correct horse battery staple 9!')).toEqual({ ok: true });
    // Length counts characters, not UTF-16 units: 4 emoji are 8 units but 4 characters.
    expect(checkPassword('🎵🎵🎵🎵')).toMatchObject({ ok: false, reason: 'too-short' });
  });

  it('accepts at most 0.1% of 100k random non-list passwords as common', () => {
    const rand = mulberry32(0xc0ffee);
    const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!@#$%';
    const known = new Set(list);
    let tried = 0;
    let falsePositives = 0;
    while (tried < 100_000) {
      const len = 8 + Math.floor(rand() * 9);
      let s = '';
      for (let i = 0; i < len; i++) s += alphabet[Math.floor(rand() * alphabet.length)];
      if (known.has(s.toLowerCase())) continue;
      tried++;
      const r = checkPassword(s);
      if (!r.ok && r.reason === 'common') falsePositives++;
    }
    const rate = falsePositives / tried;
    console.info(
      `common-password filter: ${COMMON_PASSWORDS_BLOOM.bitCount / 8} bytes, ` +
        `false-positive rate ${(rate * 100).toFixed(3)}% over ${tried} random strings`,
    );
    expect(rate).toBeLessThanOrEqual(0.001);
  });
});

describe('checkUsername', () => {
  it('trims and NFC-normalises', () => {
    expect(checkUsername('  Cafe\u0301@example.com \n')).toEqual({
      ok: true,
      username: 'Caf\u00e9@example.com',
    });
  });

  it('rejects empty usernames and the ::: separator', () => {
    expect(checkUsername('   ')).toMatchObject({ ok: false, reason: 'empty' });
    expect(checkUsername('')).toMatchObject({ ok: false, reason: 'empty' });
    expect(checkUsername('a:::b')).toMatchObject({ ok: false, reason: 'separator' });
    expect(checkUsername('a::b')).toMatchObject({ ok: true, username: 'a::b' });
  });

  it('rejects what the backend cannot store: over 128 characters, control characters', () => {
    expect(checkUsername('x'.repeat(128))).toMatchObject({ ok: true });
    expect(checkUsername(` ${'x'.repeat(128)} `)).toMatchObject({ ok: true });
    expect(checkUsername('x'.repeat(129))).toMatchObject({ ok: false, reason: 'too-long' });
    expect(checkUsername('a\u0000b')).toMatchObject({ ok: false, reason: 'control-character' });
    expect(checkUsername('a\tb')).toMatchObject({ ok: false, reason: 'control-character' });
    expect(checkUsername('a\u007fb')).toMatchObject({ ok: false, reason: 'control-character' });
  });
});
