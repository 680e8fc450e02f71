// Which browser requests the Fetch Metadata check refuses: every way a page on another site can
// make a visitor's browser call the server without CORS, and nothing else.
import { describe, expect, it } from 'vitest';
import { isRefusedCrossSiteRequest } from '../src/http/resource-isolation.ts';

type Meta = { site?: string; mode?: string; dest?: string };

function refused({ site, mode, dest }: Meta): boolean {
  const headers = new Headers();
  if (site) headers.set('sec-fetch-site', site);
  if (mode) headers.set('sec-fetch-mode', mode);
  if (dest) headers.set('sec-fetch-dest', dest);
  return isRefusedCrossSiteRequest(headers);
}

describe('resource isolation policy', () => {
  it.each<[string, Meta]>([
    ['<img> on another site', { site: 'cross-site', mode: 'no-cors', dest: 'image' }],
    ['<script> on another site', { site: 'cross-site', mode: 'no-cors', dest: 'script' }],
    ['<img> on a sibling subdomain', { site: 'same-site', mode: 'no-cors', dest: 'image' }],
    [
      'a link or form from another site',
      { site: 'cross-site', mode: 'navigate', dest: 'document' },
    ],
    ['an <iframe> on a sibling subdomain', { site: 'same-site', mode: 'navigate', dest: 'iframe' }],
    ['an <iframe> in older Chromium', { site: 'cross-site', mode: 'nested-navigate' }],
    ['a WebSocket handshake', { site: 'cross-site', mode: 'websocket', dest: 'websocket' }],
    ['<object> on another site', { site: 'cross-site', mode: 'navigate', dest: 'object' }],
    ['<embed> on another site', { site: 'cross-site', mode: 'no-cors', dest: 'embed' }],
    ['<object> whatever its mode', { site: 'same-site', mode: 'cors', dest: 'object' }],
  ])('refuses %s', (_name, meta) => {
    expect(refused(meta)).toBe(true);
  });

  it.each<[string, Meta]>([
    ['a request without fetch metadata (server, curl, Node)', {}],
    ['the extension fetching with CORS', { site: 'cross-site', mode: 'cors', dest: 'empty' }],
    ['a sibling subdomain fetching with CORS', { site: 'same-site', mode: 'cors', dest: 'empty' }],
    ['a URL typed into the address bar', { site: 'none', mode: 'navigate', dest: 'document' }],
    ['a page of the same origin', { site: 'same-origin', mode: 'no-cors', dest: 'image' }],
  ])('passes on %s', (_name, meta) => {
    expect(refused(meta)).toBe(false);
  });
});
