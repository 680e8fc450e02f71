import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServer as createNetServer, type Socket } from 'node:net';
import { expect, type Page } from '@playwright/test';
import { signUp, uniqueUsername } from './support/accounts.ts';
import { attachWallet } from './support/catalog.ts';
import type { E2EEnv } from './support/env.ts';
import { setSettings } from './support/settings.ts';

/** Signs up in the popup and makes the new wallet the catalog user's; returns the address. */
export async function linkedWallet(popup: Page, env: E2EEnv, userId: string): Promise<string> {
  const address = await signUp(popup, uniqueUsername('lib'));
  await attachWallet(env, userId, address);
  return address;
}

/** Points the extension's catalog at `url`, as the settings page does. */
export async function useCatalog(page: Page, url: string): Promise<void> {
  await setSettings(page, { catalogHostListUrl: url });
}

/** Scrolls the open tab's list until its end marker shows; returns the items listed. */
export async function scrollToEnd(page: Page): Promise<number> {
  const end = page.getByTestId('library-end');
  for (let i = 0; i < 40 && !(await end.isVisible()); i++) {
    await page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(150);
  }
  await expect(end).toBeVisible();
  return page.getByTestId('library-item').count();
}

/** The count the catalog states on a tab (the user's own counter). */
export async function tabCount(page: Page, tab: string): Promise<number> {
  const badge = page.getByTestId(`library-count-${tab}`);
  await expect(badge).toBeVisible();
  return Number(await badge.getAttribute('data-count'));
}

export interface Listening {
  url: string;
  close(): Promise<void>;
}

/** A host list of our own (`{data: hosts}`) on 127.0.0.1. */
export async function hostList(hosts: string[]): Promise<Listening> {
  const server: Server = createHttpServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ data: hosts }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A dead API host: every connection is reset at once. Counts the connections it got. */
export async function deadHost(): Promise<Listening & { connections: () => number }> {
  let connections = 0;
  const sockets = new Set<Socket>();
  const server = createNetServer((socket) => {
    connections++;
    socket.destroy();
  });
  server.on('connection', (s) => sockets.add(s));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    connections: () => connections,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
