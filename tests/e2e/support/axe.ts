// axe-core's WCAG 2.2 A and AA rules, run in the page as it is now. Extension pages' CSP refuses
// an added <script>, so axe's source goes in through page.evaluate (which the CSP does not see).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** The rule sets checked: WCAG 2.0, 2.1 and 2.2 at levels A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] as const;

/** Rules switched off, each with the reason next to it. Empty: every rule of the tags runs. */
const DISABLED_RULES: Record<string, string> = {};

export interface AxeProblem {
  rule: string;
  impact: string | null;
  help: string;
  /** The offending elements, as axe's selectors with a bit of their HTML. */
  nodes: string[];
}

/** The WCAG A/AA violations on `page` as it is now (an empty list when there are none). */
export async function axeProblems(page: Page): Promise<AxeProblem[]> {
  // Colours fade after a scheme change (button transitions): check the settled page, as the
  // screenshots do. Endless animations (a spinner) never settle and do not change colours.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  const loaded = await page.evaluate(() => 'axe' in globalThis);
  if (!loaded) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    async ({ tags, disabled }) => {
      interface AxeResult {
        violations: {
          id: string;
          impact?: string | null;
          help: string;
          nodes: { target: unknown[]; html: string; failureSummary?: string }[];
        }[];
      }
      const axe = (
        globalThis as unknown as { axe: { run(ctx: unknown, o: unknown): Promise<AxeResult> } }
      ).axe;
      const rules = Object.fromEntries(disabled.map((id) => [id, { enabled: false }]));
      const result = await axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        rules,
        resultTypes: ['violations'],
      });
      return result.violations.map((v) => ({
        rule: v.id,
        impact: v.impact ?? null,
        help: v.help,
        nodes: v.nodes.map(
          (n) =>
            `${n.target.join(' ')}: ${n.html.slice(0, 160)}${n.failureSummary ? ` — ${n.failureSummary.replace(/\s+/g, ' ').slice(0, 240)}` : ''}`,
        ),
      }));
    },
    { tags: [...WCAG_TAGS], disabled: Object.keys(DISABLED_RULES) },
  );
}
