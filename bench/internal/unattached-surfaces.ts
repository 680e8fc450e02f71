// The popup's open and the approval window's first paint as a person's browser loads them: the
// extension in a Chromium driven over a bare DevTools pipe (cdp-pipe.ts) that attaches to the
// measured page only after it has loaded, to read what the page measured itself. Playwright,
// by contrast, holds every new page (and every new renderer a navigation lands in) until it has
// instrumented it; that costs the page 10–25 ms before its first script on this machine, which is
// the bench's own time, not Encore's. Both figures are printed; the goals are read on these.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumFlags } from './browsers.ts';
import { type CdpPipe, launchWithPipe } from './cdp-pipe.ts';

interface TargetInfo {
  targetId: string;
  type: string;
  url: string;
}

/** Times from the popup page's start: its script running, and the address on screen. */
export interface PopupOpen {
  scriptRunning: number;
  addressShown: number;
}

export interface UnattachedExtension {
  /** Signs up `username` through the popup's message API (no form: nothing is measured). */
  signUp(username: string, password: string): Promise<void>;
  /** Opens popup.html in a new tab; resolves to its start → address shown (its own measure). */
  popupOpen(stopped: boolean): Promise<PopupOpen>;
  /** A site asks for accounts; resolves to the approval window's start → request in its page. */
  approvalFirstPaint(siteUrl: string, stopped: boolean): Promise<number>;
  close(): Promise<void>;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function targets(pipe: CdpPipe): Promise<TargetInfo[]> {
  return (await pipe.send<{ targetInfos: TargetInfo[] }>('Target.getTargets')).targetInfos;
}

async function extensionWorkers(pipe: CdpPipe): Promise<TargetInfo[]> {
  return (await targets(pipe)).filter(
    (t) => t.type === 'service_worker' && t.url.startsWith('chrome-extension://'),
  );
}

/** Stops the worker as the browser does after 30 s idle, and waits until it is gone. */
async function stopWorker(pipe: CdpPipe): Promise<void> {
  for (const worker of await extensionWorkers(pipe)) {
    await pipe.send('Target.closeTarget', { targetId: worker.targetId });
  }
  for (let i = 0; i < 100; i++) {
    if ((await extensionWorkers(pipe)).length === 0) return;
    await sleep(50);
  }
  throw new Error('The extension service worker did not stop');
}

async function attach(pipe: CdpPipe, targetId: string): Promise<string> {
  const { sessionId } = await pipe.send<{ sessionId: string }>('Target.attachToTarget', {
    targetId,
    flatten: true,
  });
  return sessionId;
}

/**
 * Evaluates `expression` in the target until it gives a number: attached only to read, first
 * after 600 ms (the page has loaded by then, so reading changes nothing it measured).
 */
async function readNumber(pipe: CdpPipe, targetId: string, expression: string): Promise<number> {
  await sleep(600);
  for (let i = 0; i < 150; i++) {
    const sessionId = await attach(pipe, targetId);
    const value = await pipe.evaluate<number | null>(sessionId, expression);
    await pipe.send('Target.detachFromTarget', { sessionId });
    if (typeof value === 'number') return value;
    await sleep(200);
  }
  throw new Error(`Gave up waiting for ${expression}`);
}

// The end of the page's own measure, once the page has also finished what the measure set off.
const ADDRESS_SHOWN = `(() => {
  const [shown] = performance.getEntriesByName('encore:popup:address-shown');
  const settled = document.querySelector('[data-testid="no-profile"], [data-testid="profile-name"]');
  return shown && settled ? shown.startTime + shown.duration : null;
})()`;
const SCRIPT_RUNNING = `(() => {
  const [script] = performance.getEntriesByName('encore:popup:script');
  return script ? script.startTime + script.duration : null;
})()`;
const REQUEST_SHOWN = `(() => {
  const [shown] = performance.getEntriesByName('encore:approval:shown');
  return shown ? shown.startTime + shown.duration : null;
})()`;

export async function launchUnattached(extensionDir: string): Promise<UnattachedExtension> {
  const profileDir = await mkdtemp(join(tmpdir(), 'encore-bench-unattached-'));
  const pipe = launchWithPipe(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', [
    ...chromiumFlags(extensionDir),
    `--user-data-dir=${profileDir}`,
    'about:blank',
  ]);
  const close = async (): Promise<void> => {
    await pipe.close();
    await rm(profileDir, { recursive: true, force: true });
  };
  try {
    let worker: TargetInfo | undefined;
    for (let i = 0; i < 300 && !worker; i++) {
      [worker] = await extensionWorkers(pipe);
      if (!worker) await sleep(100);
    }
    if (!worker) throw new Error('The extension service worker never started');
    const extensionId = new URL(worker.url).host;
    const popupUrl = `chrome-extension://${extensionId}/popup.html`;
    const open = async (url: string): Promise<string> =>
      (await pipe.send<{ targetId: string }>('Target.createTarget', { url })).targetId;
    // One site tab for every approval, attached (it is not what is measured).
    let site: { targetId: string; sessionId: string } | null = null;

    return {
      async signUp(username, password) {
        const targetId = await open(popupUrl);
        // Once the popup has asked for the state, its page is the extension's.
        await readNumber(
          pipe,
          targetId,
          `performance.getEntriesByName('encore:popup:get-state').length || null`,
        );
        const sessionId = await attach(pipe, targetId);
        await pipe.evaluate(
          sessionId,
          `chrome.runtime.sendMessage(${JSON.stringify({ type: 'signUp', username, password })})
            .then((answer) => { if (!answer?.ok) throw new Error(JSON.stringify(answer)); })`,
        );
        await pipe.send('Target.closeTarget', { targetId });
      },
      async popupOpen(stopped) {
        if (stopped) await stopWorker(pipe);
        // Running means running and idle, as when a person opens the popup again.
        else await sleep(500);
        const targetId = await open(popupUrl);
        try {
          const addressShown = await readNumber(pipe, targetId, ADDRESS_SHOWN);
          const scriptRunning = await readNumber(pipe, targetId, SCRIPT_RUNNING);
          return { scriptRunning, addressShown };
        } finally {
          await pipe.send('Target.closeTarget', { targetId });
        }
      },
      async approvalFirstPaint(siteUrl, stopped) {
        if (!site) {
          const targetId = await open('about:blank');
          site = { targetId, sessionId: await attach(pipe, targetId) };
        }
        // A fresh load: the relay connects to the worker on the page's first request.
        await pipe.send('Page.navigate', { url: siteUrl }, site.sessionId);
        for (let i = 0; i < 100; i++) {
          const ready = await pipe
            .evaluate<boolean>(
              site.sessionId,
              `document.readyState === 'complete' && !!window.ethereum`,
            )
            .catch(() => false);
          if (ready) break;
          await sleep(50);
        }
        if (stopped) await stopWorker(pipe);
        await pipe.evaluate(
          site.sessionId,
          `void window.ethereum.request({ method: 'eth_requestAccounts' }).catch(() => undefined)`,
        );
        let window: TargetInfo | undefined;
        for (let i = 0; i < 300 && !window; i++) {
          window = (await targets(pipe)).find((t) => t.url.includes('/approval.html'));
          if (!window) await sleep(50);
        }
        if (!window) throw new Error('No approval window opened');
        try {
          return await readNumber(pipe, window.targetId, REQUEST_SHOWN);
        } finally {
          // Closing the window refuses the request (4001); let the site hear it, then leave it
          // blank so this browser sits idle while the other figures are measured.
          await pipe.send('Target.closeTarget', { targetId: window.targetId });
          await sleep(300);
          await pipe.send('Page.navigate', { url: 'about:blank' }, site.sessionId);
        }
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
