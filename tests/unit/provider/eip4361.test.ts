import { describe, expect, it } from 'vitest';
import {
  decodeSignPayload,
  formatSiweMessage,
  parseSiweMessage,
  type SiweMessage,
  siweMatchesOrigin,
} from '../../../lib/eip/index.ts';

const base: SiweMessage = {
  domain: 'localhost:8800',
  address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  statement: 'Sign in to the Encore demo.',
  uri: 'http://localhost:8800/login',
  version: '1',
  chainId: 1,
  nonce: 'a1b2c3d4e5f6',
  issuedAt: '2026-11-22T09:00:00.000Z',
  resources: [],
};

// The example from the EIP-4361 text itself.
const specExample = `service.invalid wants you to sign in with your Ethereum account:
0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2

I accept the ServiceOrg Terms of Service: https://service.invalid/tos

URI: https://service.invalid/login
Version: 1
Chain ID: 1
Nonce: 32891756
Issued At: 2021-09-30T16:25:24Z
Resources:
- ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq/
- https://example.com/my-web2-claim.json`;

describe('EIP-4361 parser', () => {
  it('parses the example from the specification', () => {
    const result = parseSiweMessage(specExample);
    expect(result).toEqual({
      ok: true,
      message: {
        domain: 'service.invalid',
        address: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
        statement: 'I accept the ServiceOrg Terms of Service: https://service.invalid/tos',
        uri: 'https://service.invalid/login',
        version: '1',
        chainId: 1,
        nonce: '32891756',
        issuedAt: '2021-09-30T16:25:24Z',
        resources: [
          'ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq/',
          'https://example.com/my-web2-claim.json',
        ],
      },
    });
  });

  it('round-trips optional fields, a scheme and a missing statement', () => {
    const full: SiweMessage = {
      ...base,
      scheme: 'https',
      statement: undefined,
      expirationTime: '2026-11-22T10:00:00Z',
      notBefore: '2026-11-22T08:00:00+01:00',
      requestId: 'req-7',
      resources: ['https://localhost:8800/a'],
    };
    delete full.statement;
    expect(parseSiweMessage(formatSiweMessage(full))).toEqual({ ok: true, message: full });
  });

  it('accepts a single blank line when there is no statement (as some sites send)', () => {
    const text = formatSiweMessage({ ...base, statement: undefined }).replace('\n\n\n', '\n\n');
    const result = parseSiweMessage(text);
    expect(result.ok && result.message.statement).toBe(undefined);
    expect(result.ok && result.message.nonce).toBe(base.nonce);
  });

  it('says "not-siwe" for ordinary text and names what is wrong in a broken sign-in message', () => {
    expect(parseSiweMessage('Hello, world')).toEqual({ ok: false, reason: 'not-siwe' });
    const text = formatSiweMessage(base);
    const broken = (from: string, to: string) => parseSiweMessage(text.replace(from, to));
    expect(broken(base.address, '0x1234')).toMatchObject({ detail: 'address' });
    expect(broken('Nonce: a1b2c3d4e5f6', 'Nonce: ab')).toMatchObject({ detail: 'nonce' });
    expect(broken('Version: 1', 'Version: 2')).toMatchObject({ detail: 'version' });
    expect(broken('Chain ID: 1', 'Chain ID: one')).toMatchObject({ detail: 'chainId' });
    expect(broken('2026-11-22T09:00:00.000Z', 'yesterday')).toMatchObject({ detail: 'issuedAt' });
    expect(broken('URI: ', 'Whatever: ')).toMatchObject({ reason: 'malformed' });
  });

  it('calls a message with the sign-in phrase anywhere but its first line malformed, not plain text', () => {
    const text = formatSiweMessage({ ...base, domain: 'bank.example' });
    const hidden = [
      `Welcome back!\n${text}`, // the real header on the second line
      `\n${text}`, // a blank line first
      text.replace('account:', 'account: (details below)'), // header not ending the line
      `Please sign.\nbank.example WANTS you to sign\u200bin with  your ethereum\naccount`,
    ];
    for (const message of hidden) {
      expect(parseSiweMessage(message)).toEqual({
        ok: false,
        reason: 'malformed',
        detail: 'first line',
      });
    }
    expect(parseSiweMessage('Sign in to the forum with your password')).toEqual({
      ok: false,
      reason: 'not-siwe',
    });
  });

  it('matches the domain against the requesting origin, host and port included', () => {
    expect(siweMatchesOrigin(base, 'http://localhost:8800')).toBe(true);
    expect(siweMatchesOrigin(base, 'http://LOCALHOST:8800')).toBe(true);
    expect(siweMatchesOrigin(base, 'http://localhost:8801')).toBe(false);
    expect(siweMatchesOrigin(base, 'http://127.0.0.1:8800')).toBe(false);
    expect(siweMatchesOrigin({ ...base, domain: 'bank.example' }, 'https://evil.example')).toBe(
      false,
    );
    expect(siweMatchesOrigin({ ...base, scheme: 'https' }, 'http://localhost:8800')).toBe(false);
    expect(siweMatchesOrigin(base, 'not a url')).toBe(false);
  });

  it('treats a spelled-out default port as the same authority, and nothing else', () => {
    const at = (domain: string, scheme?: string) => ({ ...base, domain, scheme });
    expect(siweMatchesOrigin(at('music.example:443'), 'https://music.example')).toBe(true);
    expect(siweMatchesOrigin(at('music.example:80', 'http'), 'http://music.example')).toBe(true);
    expect(siweMatchesOrigin(at('music.example:80'), 'https://music.example')).toBe(false);
    expect(siweMatchesOrigin(at('music.example/@evil.example'), 'https://music.example')).toBe(
      false,
    );
    expect(siweMatchesOrigin(at('user@music.example'), 'https://music.example')).toBe(false);
  });
});

describe('personal_sign payload decoding', () => {
  it('shows hex-encoded UTF-8 as text', () => {
    const hex = `0x${Buffer.from('Héllo 🎵\nline 2').toString('hex')}`;
    expect(decodeSignPayload(hex)).toMatchObject({ kind: 'text', text: 'Héllo 🎵\nline 2' });
  });

  it('shows a plain string as text and signs its UTF-8 bytes', () => {
    const decoded = decodeSignPayload('plain words');
    expect(decoded.kind).toBe('text');
    expect(Buffer.from(decoded.bytes).toString()).toBe('plain words');
  });

  it('flags invalid UTF-8 and control bytes as binary', () => {
    expect(decodeSignPayload('0xff00fe')).toMatchObject({ kind: 'binary', hex: '0xff00fe' });
    expect(decodeSignPayload('0x0102')).toMatchObject({ kind: 'binary', hex: '0x0102' });
    const hash = `0x${'ab'.repeat(32)}`;
    expect(decodeSignPayload(hash).kind).toBe('binary');
  });
});
