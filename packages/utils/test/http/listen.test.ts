// A server put on a free port: its URL, one close() that ends keep-alive connections and then
// releases what the server stands on, and a port that cannot be had released before it is said.
import { createServer, request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { listen } from '../../src/http/index.ts';

function hello() {
  return createServer((_request, response) => response.end('hello'));
}

/** One GET over a kept-alive connection; resolves with the body, the socket left open. */
function getKeptAlive(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { connection: 'keep-alive' } }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      response.on('end', () => resolve(body));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('listen', () => {
  it('answers at the URL it gives, and close() releases once, after the connections end', async () => {
    const released: string[] = [];
    const running = await listen(hello(), { host: '127.0.0.1' }, async () => {
      released.push('released');
    });
    expect(running.url).toBe(`http://127.0.0.1:${running.port}`);
    expect(running.port).toBeGreaterThan(0);
    expect(await getKeptAlive(running.url)).toBe('hello');
    const first = running.close();
    expect(running.close()).toBe(first);
    await first;
    expect(released).toEqual(['released']);
  });

  it('gives 0.0.0.0 as 127.0.0.1 and an IPv6 host in brackets', async () => {
    const any = await listen(hello(), { host: '0.0.0.0' }, async () => {});
    expect(any.url).toBe(`http://127.0.0.1:${any.port}`);
    await any.close();
    const v6 = await listen(hello(), { host: '::1' }, async () => {}).catch(() => null);
    // A machine without IPv6 loopback cannot listen there; the brackets are checked where it can.
    if (v6) {
      expect(v6.url).toBe(`http://[::1]:${v6.port}`);
      await v6.close();
    }
  });

  it('releases before it reports a port that is taken', async () => {
    const taken = await listen(hello(), { host: '127.0.0.1' }, async () => {});
    let released = false;
    await expect(
      listen(hello(), { host: '127.0.0.1', port: taken.port }, async () => {
        released = true;
      }),
    ).rejects.toMatchObject({ code: 'EADDRINUSE' });
    expect(released).toBe(true);
    await taken.close();
  });
});
