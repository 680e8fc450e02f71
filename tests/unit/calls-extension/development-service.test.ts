// Which sponsor or paymaster the approval window names calmly as "the development one this
// computer runs" instead of warning about it: only the backend Encore itself uses, when that is on
// this computer, and only for a page served from this computer. Played as the pages that would
// like the calm words for a service they do not run.
import { describe, expect, it } from 'vitest';
import { isDevelopmentService } from '../../../lib/extension/calls/index.ts';

const BACKEND = 'http://127.0.0.1:8787';
const DEMO = 'http://127.0.0.1:8800';

describe('the development sponsor or paymaster', () => {
  it("is the local backend Encore uses, named by a page on this computer (make start's demo)", () => {
    expect(isDevelopmentService(`${BACKEND}/paymaster`, DEMO, BACKEND)).toBe(true);
    expect(isDevelopmentService(`${BACKEND}/sponsor`, 'http://localhost:3000', BACKEND)).toBe(true);
    expect(
      isDevelopmentService('http://localhost:8787/sponsor', DEMO, 'http://localhost:8787/'),
    ).toBe(true);
  });

  it.each([
    ['https://music-site.example'],
    ['http://192.168.1.20:8800'],
    ['http://[fd00::20]:8800'],
    ['http://127.0.0.1.nip.io:8800'],
    ['http://localhost.music-site.example'],
    ['null'],
  ])(
    'attack: a page at %s naming the backend Encore uses is never told it is the development one',
    (origin) => {
      expect(isDevelopmentService(`${BACKEND}/paymaster`, origin, BACKEND)).toBe(false);
    },
  );

  it.each([
    ['another port on this computer', 'http://127.0.0.1:9999/sponsor'],
    ['another spelling of this computer', 'http://localhost:8787/sponsor'],
    ['https on the same port', 'https://127.0.0.1:8787/sponsor'],
    ['the local network', 'http://192.168.1.1:8787/sponsor'],
    ['a look-alike host', 'http://127.0.0.1.nip.io:8787/sponsor'],
    ['user info before another host', 'http://127.0.0.1:8787@sponsor.example/sponsor'],
    ['no URL at all', 'not a url'],
  ])(
    'attack: a page on this computer naming %s gets the warning, not the calm words',
    (_name, url) => {
      expect(isDevelopmentService(url, DEMO, BACKEND)).toBe(false);
    },
  );

  it('a backend elsewhere is never the development one, even when the page names it', () => {
    const backend = 'https://backend.encore.example';
    expect(isDevelopmentService(`${backend}/sponsor`, DEMO, backend)).toBe(false);
    expect(isDevelopmentService(`${backend}/sponsor`, 'https://music-site.example', backend)).toBe(
      false,
    );
  });
});
