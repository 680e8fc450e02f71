// The files the demo serves: HTML and CSS as they are, the TypeScript entries bundled on first
// request (then kept: the server is a demo, not a dev server).
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { bundleSite } from './bundle.ts';

export interface SiteAsset {
  type: string;
  body(): Promise<string>;
}

export interface SiteAssets {
  routes: Record<string, SiteAsset>;
}

const SITE = resolve(import.meta.dirname, '..', 'site');

function file(name: string, type: string): SiteAsset {
  return { type, body: () => readFile(resolve(SITE, name), 'utf8') };
}

function bundled(entry: string): SiteAsset {
  let cached: Promise<string> | null = null;
  return {
    type: 'text/javascript; charset=utf-8',
    body: () => {
      cached ??= bundleSite(entry).catch((error: unknown) => {
        cached = null;
        throw error;
      });
      return cached;
    },
  };
}

export function siteAssets(): SiteAssets {
  return {
    routes: {
      '/': file('index.html', 'text/html; charset=utf-8'),
      '/style.css': file('style.css', 'text/css; charset=utf-8'),
      '/app.js': bundled('app.ts'),
      // A page that talks to the wallet only through ethers' BrowserProvider (browser tests).
      '/ethers.html': file('ethers.html', 'text/html; charset=utf-8'),
      '/ethers.js': bundled('ethers-page.ts'),
    },
  };
}
