// What Encore's content scripts themselves cost a page, from a DevTools trace: the time Chrome
// spent evaluating the extension's scripts before DOMContentLoaded and between it and load.
// A machine too busy to measure a 1 ms difference in DOMContentLoaded still times these exactly.
import type { BrowserContext, Page } from '@playwright/test';

interface TraceEvent {
  name: string;
  ts: number;
  dur?: number;
  args?: { data?: { url?: string } };
}

export interface ScriptCost {
  /** Per load, milliseconds of the extension's script evaluation before DOMContentLoaded. */
  beforeDcl: number[];
  /** Per load, the same between DOMContentLoaded and load. */
  afterDcl: number[];
}

export async function scriptCost(
  context: BrowserContext,
  page: Page,
  siteUrl: string,
  loads: number,
): Promise<ScriptCost> {
  const cdp = await context.newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', ({ value }) =>
    events.push(...(value as unknown as TraceEvent[])),
  );
  const complete = new Promise<void>((resolve) =>
    cdp.once('Tracing.tracingComplete', () => resolve()),
  );
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline',
    transferMode: 'ReportEvents',
  });
  for (let i = 0; i < loads; i++) {
    await page.goto(`${siteUrl}plain?traced=${i}`, { waitUntil: 'load' });
  }
  await cdp.send('Tracing.end');
  await complete;
  await cdp.detach();

  const cost: ScriptCost = { beforeDcl: [], afterDcl: [] };
  let before = 0;
  let after = 0;
  let dclSeen = false;
  for (const event of events.sort((a, b) => a.ts - b.ts)) {
    if (
      event.name === 'EvaluateScript' &&
      event.args?.data?.url?.startsWith('chrome-extension://')
    ) {
      const ms = (event.dur ?? 0) / 1000;
      if (dclSeen) after += ms;
      else before += ms;
    } else if (event.name === 'MarkDOMContent') {
      dclSeen = true;
    } else if (event.name === 'MarkLoad' && dclSeen) {
      cost.beforeDcl.push(before);
      cost.afterDcl.push(after);
      before = 0;
      after = 0;
      dclSeen = false;
    }
  }
  return cost;
}
