// Which sponsor or paymaster on this computer the approval window names calmly instead of warning
// about: the backend Encore itself uses ("the development paymaster this computer runs"), or the
// asking page's own server, and only for a page served from this computer. Played as the pages
// that would like the calm words for a service they do not run.
import { describe, expect, it } from 'vitest';
import { recognizeLocalService } from '../../../lib/extension/calls/index.ts';

const BACKEND = 'http://127.0.0.1:8787';
const DEMO = 'http://127.0.0.1:8800';

describe('a sponsor or paymaster on this computer', () => {
  it("is the development one when it is the local backend Encore uses, named by a page on this computer (make start's demo)", () => {
    expect(recognizeLocalService(`${BACKEND}/paymaster`, DEMO, BACKEND)).toBe('development');
    expect(recognizeLocalService(`${BACKEND}/sponsor`, 'http://localhost:3000', BACKEND)).toBe(
      'development',
    );
    expect(
      recognizeLocalService('http://localhost:8787/sponsor', DEMO, 'http://localhost:8787/'),
    ).toBe('development');
  });

  it("is the page's own server when it has the page's origin", () => {
    expect(recognizeLocalService(`${DEMO}/api/sponsor`, DEMO, BACKEND)).toBe('this-page');
    expect(recognizeLocalService(`${DEMO}/api/sponsor`, DEMO, null)).toBe('this-page');
  });

  it.each([
    ['https://music-site.example'],
    ['http://192.168.1.20:8800'],
    ['http://[fd00::20]:8800'],
    ['http://127.0.0.1.nip.io:8800'],
    ['http://localhost.music-site.example'],
    ['null'],
  ])('attack: a page at %s naming the backend Encore uses is never told what it is', (origin) => {
    expect(recognizeLocalService(`${BACKEND}/paymaster`, origin, BACKEND)).toBeNull();
  });

  it.each([
    ['another port on this computer', 'http://127.0.0.1:9999/sponsor'],
    ['another spelling of this computer', 'http://localhost:8787/sponsor'],
    ['https on the same port', 'https://127.0.0.1:8787/sponsor'],
    ['the local network', 'http://192.168.1.1:8787/sponsor'],
    ['a look-alike host', 'http://127.0.0.1.nip.io:8787/sponsor'],
    ['user info before another host', 'http://127.0.0.1:8787@sponsor.example/sponsor'],
    ['the page under another name', 'http://localhost:8800/api/sponsor'],
    ['no URL at all', 'not a url'],
  ])(
    'attack: a page on this computer naming %s gets the warning, not the calm words',
    (_name, url) => {
      expect(recognizeLocalService(url, DEMO, BACKEND)).toBeNull();
    },
  );

  it('a backend elsewhere is never the development one, even when the page names it', () => {
    const backend = 'https://backend.encore.example';
    expect(recognizeLocalService(`${backend}/sponsor`, DEMO, backend)).toBeNull();
    expect(
      recognizeLocalService(`${backend}/sponsor`, 'https://music-site.example', backend),
    ).toBeNull();
  });
});
