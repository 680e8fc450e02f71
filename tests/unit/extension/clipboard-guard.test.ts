// The clipboard guard: its decision (clear only a clipboard that still holds the phrase), the
// popup's copy (permission asked inside the click, only a digest handed on), and the message
// that starts the guard outside the popup (popup only, a digest only).

import { sha256Hex } from '@encore-wallet/utils/encoding';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import {
  type CopyDeps,
  copyAndGuard,
} from '../../../entrypoints/popup/components/clipboard-guard.ts';
import { createBackground } from '../../../lib/extension/background/index.ts';
import {
  acceptWatch,
  type ClipboardAccess,
  clearIfDigest,
  createClipboardGuard,
  type GuardPlatform,
} from '../../../lib/extension/clipboard/index.ts';
import type { MessageResponse } from '../../../lib/extension/messages/index.ts';
import { memoryBackend } from './support/memory-backend.ts';
import { contentScript, otherExtension, popup } from './support/senders.ts';

const PHRASE = 'legal winner thank year wave sausage worth useful legal winner thank yellow';

function clipboardHolding(text: string | Error): ClipboardAccess & { cleared: boolean } {
  const board = {
    cleared: false,
    async readText() {
      if (text instanceof Error) throw text;
      return text;
    },
    async clear() {
      board.cleared = true;
      text = '';
    },
  };
  return board;
}

const quick = { pause: async () => {} };

describe('clearIfDigest', () => {
  it('looks again after clearing, and clears again while the phrase is still there', async () => {
    // Chromium's execCommand copy sometimes comes back without having done anything.
    let text = PHRASE;
    let clears = 0;
    const flaky: ClipboardAccess = {
      readText: async () => text,
      clear: async () => {
        clears += 1;
        if (clears === 2) text = '';
      },
    };
    expect(await clearIfDigest(await sha256Hex(PHRASE), flaky, quick)).toBe('cleared');
    expect(clears).toBe(2);
  });

  it('takes a first look that read nothing again before leaving the clipboard alone', async () => {
    // An execCommand paste that did not land reads as an empty string.
    const reads = ['', PHRASE, ''];
    let clears = 0;
    const board: ClipboardAccess = {
      readText: async () => reads.shift() ?? '',
      clear: async () => {
        clears += 1;
      },
    };
    expect(await clearIfDigest(await sha256Hex(PHRASE), board, quick)).toBe('cleared');
    expect(clears).toBe(1);
  });

  it('says when the phrase would not go away', async () => {
    const board: ClipboardAccess = { readText: async () => PHRASE, clear: async () => {} };
    expect(await clearIfDigest(await sha256Hex(PHRASE), board, quick)).toBe('stuck');
  });

  it('clears a clipboard that still holds the phrase', async () => {
    const board = clipboardHolding(PHRASE);
    expect(await clearIfDigest(await sha256Hex(PHRASE), board)).toBe('cleared');
    expect(board.cleared).toBe(true);
  });

  it('leaves a clipboard the person changed since, even by one character', async () => {
    for (const since of [`${PHRASE} `, 'my own note', '']) {
      const board = clipboardHolding(since);
      expect(await clearIfDigest(await sha256Hex(PHRASE), board, quick)).toBe('changed');
      expect(board.cleared).toBe(false);
    }
  });

  it('leaves a clipboard it cannot read', async () => {
    const board = clipboardHolding(new Error('Document is not focused.'));
    expect(await clearIfDigest(await sha256Hex(PHRASE), board, quick)).toBe('unreadable');
    expect(board.cleared).toBe(false);
  });

  it('hashes with SHA-256 (a known vector)', async () => {
    expect(await sha256Hex('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });
});

function copyDeps(granted: boolean | Error, handed: boolean | Error = true) {
  const calls: string[] = [];
  const handOffs: string[] = [];
  // The worker guards only once the permissions are there.
  let permitted = false;
  // The person answers the prompt after the first hand-off went out (as a person is slower than
  // a message), whatever the machine's speed.
  let answer: (() => void) | null = null;
  const deps: CopyDeps = {
    async guardHere(secret) {
      calls.push(`write:${secret === PHRASE}`);
      return () => calls.push('stop');
    },
    requestPermissions() {
      calls.push('request');
      if (granted instanceof Error) return Promise.reject(granted);
      return new Promise((resolve) => {
        answer = () => {
          permitted = granted;
          resolve(granted);
        };
      });
    },
    async handOff(digest) {
      handOffs.push(digest);
      const guarded = permitted && handed === true;
      const answering = answer;
      answer = null;
      if (answering) setTimeout(answering, 0);
      if (handed instanceof Error) throw handed;
      return guarded;
    },
  };
  return { deps, calls, handOffs };
}

describe('copyAndGuard', () => {
  it('writes and asks for the permission inside the click, then hands on only the digest', async () => {
    const { deps, calls, handOffs } = copyDeps(true);
    const copying = copyAndGuard(PHRASE, deps);
    // Both started before the first await: still inside the click's handler.
    expect(calls).toEqual(['write:true', 'request']);
    const { outcome } = await copying;
    expect(outcome).toBe('guarded');
    // Once before the answer (kept by the worker until a grant), once after it.
    const digest = await sha256Hex(PHRASE);
    expect(handOffs).toEqual([digest, digest]);
    expect(handOffs.join(' ')).not.toContain('legal');
  });

  it('declined: keeps the popup-lifetime guard; only the digest went out, to wait for a grant', async () => {
    const { deps, handOffs } = copyDeps(false);
    expect((await copyAndGuard(PHRASE, deps)).outcome).toBe('popup-only');
    expect(handOffs).toEqual([await sha256Hex(PHRASE)]);
  });

  it('a failed request or hand-off counts as popup-only, never as guarded', async () => {
    const failedRequest = copyDeps(new Error('no gesture'));
    expect((await copyAndGuard(PHRASE, failedRequest.deps)).outcome).toBe('popup-only');
    const refused = copyDeps(true, false);
    expect((await copyAndGuard(PHRASE, refused.deps)).outcome).toBe('popup-only');
    const broken = copyDeps(true, new Error('worker gone'));
    expect((await copyAndGuard(PHRASE, broken.deps)).outcome).toBe('popup-only');
  });
});

describe('the guard that outlives the popup', () => {
  beforeEach(() => fakeBrowser.reset());

  function platform(permitted: { now: boolean }) {
    const started: { digest: string; ms: number }[] = [];
    const fake: GuardPlatform = {
      hasPermissions: async () => permitted.now,
      async start(digest, ms) {
        started.push({ digest, ms });
      },
    };
    return { fake, started };
  }

  it('starts at once with the permissions', async () => {
    const { fake, started } = platform({ now: true });
    const guard = createClipboardGuard(async () => 60_000, fake);
    const digest = await sha256Hex(PHRASE);
    expect(await guard.handOff(digest)).toBe(true);
    expect(started).toEqual([{ digest, ms: 60_000 }]);
    // Nothing left waiting for a grant.
    expect(await guard.resumeAwaiting()).toBe(false);
    expect(started).toHaveLength(1);
  });

  it('without them, waits for a grant within the delay, then starts once for the time left', async () => {
    const permitted = { now: false };
    const { fake, started } = platform(permitted);
    const guard = createClipboardGuard(async () => 60_000, fake);
    const digest = await sha256Hex(PHRASE);
    expect(await guard.handOff(digest)).toBe(false);
    expect(await guard.resumeAwaiting()).toBe(false);
    expect(started).toEqual([]);

    permitted.now = true;
    expect(await guard.resumeAwaiting()).toBe(true);
    expect(started).toHaveLength(1);
    expect(started[0]?.digest).toBe(digest);
    expect(started[0]?.ms).toBeGreaterThan(0);
    expect(started[0]?.ms).toBeLessThanOrEqual(60_000);
    expect(await guard.resumeAwaiting()).toBe(false);
    expect(started).toHaveLength(1);
  });

  it('a grant after the delay has passed starts nothing', async () => {
    const permitted = { now: false };
    const { fake, started } = platform(permitted);
    const guard = createClipboardGuard(async () => 0, fake);
    expect(await guard.handOff(await sha256Hex(PHRASE))).toBe(false);
    permitted.now = true;
    expect(await guard.resumeAwaiting()).toBe(false);
    expect(started).toEqual([]);
  });

  it('keeps only the digest while it waits', async () => {
    const { fake } = platform({ now: false });
    await createClipboardGuard(async () => 60_000, fake).handOff(await sha256Hex(PHRASE));
    const session = JSON.stringify(await fakeBrowser.storage.session.get(null));
    expect(session).toContain(await sha256Hex(PHRASE));
    expect(session).not.toContain('legal');
  });
});

describe('clipboard.guard message', () => {
  beforeEach(() => fakeBrowser.reset());

  function background() {
    const handOff = vi.fn(async (_digest: string) => true);
    const { router } = createBackground({
      backend: memoryBackend(),
      clipboardGuard: { handOff, resumeAwaiting: async () => false },
    });
    return { router, handOff };
  }

  function errorCode(response: MessageResponse): string {
    if (response.ok) throw new Error(`expected an error, got ${JSON.stringify(response.result)}`);
    return response.error.code;
  }

  it('starts the guard for the popup with a digest', async () => {
    const { router, handOff } = background();
    const digest = await sha256Hex(PHRASE);
    expect(await router.handle({ type: 'clipboard.guard', digest }, popup)).toEqual({
      ok: true,
      result: { guarded: true },
    });
    expect(handOff).toHaveBeenCalledWith(digest);
  });

  it('refuses a web page (content script) or another extension', async () => {
    const { router, handOff } = background();
    const digest = await sha256Hex(PHRASE);
    for (const sender of [contentScript, otherExtension]) {
      expect(errorCode(await router.handle({ type: 'clipboard.guard', digest }, sender))).toBe(
        'FORBIDDEN_SENDER',
      );
    }
    expect(handOff).not.toHaveBeenCalled();
  });

  it('refuses anything but a digest: the phrase itself, extra fields', async () => {
    const { router, handOff } = background();
    const digest = await sha256Hex(PHRASE);
    for (const payload of [
      { digest: PHRASE },
      { digest: digest.toUpperCase() },
      { digest, phrase: PHRASE },
      {},
    ]) {
      expect(errorCode(await router.handle({ type: 'clipboard.guard', ...payload }, popup))).toBe(
        'INVALID_INPUT',
      );
    }
    expect(handOff).not.toHaveBeenCalled();
  });

  it('answers guarded: false when the clipboard permissions were not granted', async () => {
    const { router } = createBackground({ backend: memoryBackend() });
    expect(
      await router.handle({ type: 'clipboard.guard', digest: await sha256Hex(PHRASE) }, popup),
    ).toEqual({ ok: true, result: { guarded: false } });
  });
});

describe("the offscreen document's orders", () => {
  const self = {
    id: 'test-extension-id',
    workerUrl: 'chrome-extension://test-extension-id/background.js',
  };
  const worker = { id: self.id, url: self.workerUrl };

  it('takes a watch order from the worker', async () => {
    const order = { target: 'encore-clipboard-guard', digest: await sha256Hex(PHRASE), ms: 60_000 };
    expect(acceptWatch(order, worker, self)).toEqual(order);
  });

  it('ignores the same order from the popup, a content script or another extension', async () => {
    const order = { target: 'encore-clipboard-guard', digest: await sha256Hex(PHRASE), ms: 0 };
    for (const sender of [popup, contentScript, otherExtension, { id: self.id }]) {
      expect(acceptWatch(order, sender, self)).toBeNull();
    }
  });

  it("ignores the worker's other messages and malformed orders", async () => {
    const digest = await sha256Hex(PHRASE);
    for (const message of [
      { type: 'getState' },
      { target: 'encore-clipboard-guard', digest: PHRASE, ms: 0 },
      { target: 'encore-clipboard-guard', digest, ms: -1 },
      { target: 'encore-clipboard-guard', digest, ms: 0, phrase: PHRASE },
    ]) {
      expect(acceptWatch(message, worker, self)).toBeNull();
    }
  });
});
