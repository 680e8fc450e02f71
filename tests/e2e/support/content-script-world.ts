import type { BrowserContext, CDPSession, Page } from '@playwright/test';

interface ExecutionContext {
  id: number;
  origin: string;
  name: string;
  auxData?: { type?: string; frameId?: string };
}

export interface ContentScriptWorld {
  /** Evaluates `expression` (awaiting a promise) where the extension's content script runs. */
  evaluate<T>(expression: string): Promise<T>;
  detach(): Promise<void>;
}

/**
 * The isolated world the extension's content script already runs in on `page`'s main frame,
 * reached over the DevTools protocol: the context Chrome created for the content script, named
 * by the extension's origin, not a new world (a world made with Page.createIsolatedWorld has no
 * extension API). Code evaluated there has exactly the content script's powers.
 */
export async function contentScriptWorld(
  context: BrowserContext,
  page: Page,
  extensionId: string,
): Promise<ContentScriptWorld> {
  const cdp = await context.newCDPSession(page);
  const { frameTree } = (await cdp.send('Page.getFrameTree')) as {
    frameTree: { frame: { id: string } };
  };
  const isExtensionWorld = (c: ExecutionContext): boolean =>
    c.origin === `chrome-extension://${extensionId}` &&
    c.auxData?.type === 'isolated' &&
    c.auxData.frameId === frameTree.frame.id;
  const found = new Promise<number>((resolve) => {
    // Runtime.enable reports every existing context first, then new ones as they appear.
    cdp.on('Runtime.executionContextCreated', ({ context: created }) => {
      if (isExtensionWorld(created as ExecutionContext)) resolve(created.id);
    });
  });
  await cdp.send('Runtime.enable');
  const contextId = await found;
  return {
    evaluate: <T>(expression: string) => evaluate<T>(cdp, contextId, expression),
    detach: () => cdp.detach().catch(() => undefined),
  };
}

async function evaluate<T>(cdp: CDPSession, contextId: number, expression: string): Promise<T> {
  const answer = await cdp.send('Runtime.evaluate', {
    contextId,
    expression,
    awaitPromise: true,
    returnByValue: true,
  });
  if (answer.exceptionDetails) {
    throw new Error(`content-script evaluation threw: ${JSON.stringify(answer.exceptionDetails)}`);
  }
  return answer.result.value as T;
}
