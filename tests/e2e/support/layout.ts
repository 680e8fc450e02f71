// The layout rules every Encore view keeps, checked in the page itself at the size it is shown
// at and in a narrow window:
// - Nothing scrolls sideways: no element has wider content than its box (scrollWidth >
//   clientWidth), unless it clips on purpose with an ellipsis or is marked `data-scroll-x`; and no
//   element sticks out past the window's left or right edge (content pushed out to the left, by a
//   row aligned to its end, adds nothing to scrollWidth).
// - Nothing may break inside a word. Only text marked as long hex (`.hex`: addresses, hashes,
//   calldata) or as a URL (`.url`: origins, links) may break anywhere, and only text a site wrote,
//   shown as it is (`.verbatim`: a message to sign), may break a word longer than its line. A
//   `.hex` element holds hex and nothing else, a `.url` element one URL, so marking words as hex
//   fails too.
// - Short forms (0x1199…6484) and words never sit on two lines.
import { expect, type Page } from '@playwright/test';
import { axeProblems } from './axe.ts';

/** Chrome's popup is 360 px wide; no Encore page is shown narrower. */
export const POPUP_SIZE = { width: 360, height: 600 } as const;
/** A narrow window: the approval window, options or library squeezed to the popup's width. */
export const NARROW_WIDTH = 360;
/**
 * The window `make start` opens Chromium in for the demo site (a new profile's default, about
 * 1,000 px wide): what a person following the README first sees.
 */
export const MAKE_START_WINDOW = { width: 1000, height: 760 } as const;

export interface LayoutProblem {
  rule: 'scrolls-sideways' | 'breaks-words' | 'marked-wrongly' | 'word-on-two-lines' | 'cut-off';
  where: string;
  detail: string;
}

/** The problems on `page` as it is now (an empty list when it keeps every rule). */
export function layoutProblems(page: Page): Promise<LayoutProblem[]> {
  return page.evaluate(() => {
    const problems: LayoutProblem[] = [];
    const label = (el: Element): string => {
      const id = el.getAttribute('data-testid');
      const cls = el.getAttribute('class');
      const text = (el.textContent ?? '').trim().slice(0, 50);
      return `<${el.tagName.toLowerCase()}${id ? ` data-testid="${id}"` : ''}${cls ? ` class="${cls}"` : ''}> "${text}"`;
    };
    const visible = (el: Element): boolean => {
      const box = el.getBoundingClientRect();
      return box.width > 1 && box.height > 1 && getComputedStyle(el).visibility !== 'hidden';
    };
    const hexLike = /^(0x)?[0-9a-fA-F…]*$/;

    for (const el of [document.documentElement, ...document.body.querySelectorAll('*')]) {
      if (!visible(el) || el.closest('[data-scroll-x]')) continue;
      const style = getComputedStyle(el);
      // Sideways scroll or content sticking out of its box.
      const over = el.scrollWidth - el.clientWidth;
      const ellipsis = style.textOverflow === 'ellipsis' && style.overflowX !== 'visible';
      const replaced = /^(IMG|SVG|CANVAS|VIDEO|INPUT|TEXTAREA|SELECT|svg)$/.test(el.tagName);
      if (over > 1 && !ellipsis && !replaced && el.clientWidth > 0) {
        problems.push({
          rule: 'scrolls-sideways',
          where: label(el),
          detail: `content ${el.scrollWidth}px wide in a ${el.clientWidth}px box (overflow-x: ${style.overflowX})`,
        });
      }
      const box = el.getBoundingClientRect();
      // Sticking out past the window's edges (a box inside an ellipsis clip is cut on purpose).
      let clipped = false;
      for (let up = el.parentElement; up && !clipped; up = up.parentElement) {
        const upStyle = getComputedStyle(up);
        clipped = upStyle.textOverflow === 'ellipsis' && upStyle.overflowX !== 'visible';
      }
      const pageWidth = document.documentElement.clientWidth;
      if (!clipped && (box.left < -1 || box.right > pageWidth + 1)) {
        problems.push({
          rule: 'scrolls-sideways',
          where: label(el),
          detail: `sticks out of the window: ${Math.round(box.left)}px to ${Math.round(box.right)}px of ${pageWidth}px`,
        });
      }
      const ownText = [...el.childNodes]
        .filter((n) => n.nodeType === Node.TEXT_NODE)
        .map((n) => n.textContent ?? '')
        .join('')
        .trim();
      if (!ownText) continue;
      // Breaking inside words: permitted only where the text is marked as hex, URL or verbatim.
      const breakAnywhere =
        style.wordBreak === 'break-all' ||
        style.wordBreak === 'break-word' ||
        style.overflowWrap === 'anywhere' ||
        (style.lineBreak === 'anywhere' && style.whiteSpace !== 'nowrap');
      const breakLongWord = style.overflowWrap === 'break-word';
      const hex = el.closest('.hex');
      const url = el.closest('.url');
      const verbatim = el.closest('.verbatim');
      if ((breakAnywhere && !hex && !url) || (breakLongWord && !hex && !url && !verbatim)) {
        problems.push({
          rule: 'breaks-words',
          where: label(el),
          detail: `word-break: ${style.wordBreak}, overflow-wrap: ${style.overflowWrap} on text that is not marked .hex or .url${breakLongWord ? ' or .verbatim' : ''}`,
        });
      }
      if (hex && !hexLike.test((hex.textContent ?? '').replace(/\s+/g, ''))) {
        problems.push({
          rule: 'marked-wrongly',
          where: label(hex),
          detail: '.hex holds more than hex',
        });
      }
      if (url && /\s/.test((url.textContent ?? '').trim())) {
        problems.push({
          rule: 'marked-wrongly',
          where: label(url),
          detail: '.url holds more than one URL',
        });
      }
    }

    // Words and short forms on two lines, as the page shows them now.
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !visible(parent) || parent.closest('.hex, .url, .verbatim, script, style'))
        continue;
      const text = node.textContent ?? '';
      // A word: letters, digits and what joins them inside a word (not a hyphen, which may break).
      for (const match of text.matchAll(/[\p{L}\p{N}'’…._]+/gu)) {
        if (match[0].length < 2) continue;
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        if (tops.size > 1) {
          problems.push({
            rule: 'word-on-two-lines',
            where: label(parent),
            detail: `"${match[0]}" is split across lines`,
          });
        }
      }
    }
    return problems;
  });
}

/**
 * Asserts the layout rules on `page` at its size, then, unless it is the popup (always 360 px),
 * in a narrow window; leaves the page at the size it had. Runs axe's WCAG 2.2 A/AA rules once,
 * at the page's size, in both colour schemes unless told otherwise (./axe.ts), so every view
 * checked here is also checked for accessibility in light and dark mode. Soft: a test reports every view that breaks a rule,
 * not only the first.
 */
export async function expectCleanLayout(
  page: Page,
  name: string,
  /** 'current': axe runs in the page's colour scheme only, for callers that check each scheme. */
  schemes: 'current' | 'both' = 'both',
): Promise<void> {
  const size = page.viewportSize();
  expect.soft(await axeProblems(page), `${name}: axe (WCAG 2.2 A and AA)`).toEqual([]);
  if (schemes === 'both') {
    const dark = await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches);
    const other = dark ? 'light' : 'dark';
    await page.emulateMedia({ colorScheme: other });
    expect.soft(await axeProblems(page), `${name} (${other}): axe (WCAG 2.2 A and AA)`).toEqual([]);
    await page.emulateMedia({ colorScheme: dark ? 'dark' : 'light' });
  }
  expect.soft(await layoutProblems(page), `${name} at ${size?.width ?? '?'} px`).toEqual([]);
  if (size && size.width > NARROW_WIDTH) {
    await page.setViewportSize({ width: NARROW_WIDTH, height: size.height });
    expect.soft(await layoutProblems(page), `${name} at ${NARROW_WIDTH} px`).toEqual([]);
    await page.setViewportSize(size);
  }
}

/** `expectCleanLayout` in light and then dark mode; leaves the page in light mode. */
export async function expectCleanLayoutInBothSchemes(page: Page, name: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expectCleanLayout(page, `${name} (${colorScheme})`, 'current');
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** Elements that cut their content off vertically (overflow hidden or clip, content taller). */
export function clippedProblems(page: Page): Promise<LayoutProblem[]> {
  return page.evaluate(() => {
    const problems: LayoutProblem[] = [];
    for (const el of document.body.querySelectorAll('*')) {
      const box = el.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      const style = getComputedStyle(el);
      if (style.overflowY !== 'hidden' && style.overflowY !== 'clip') continue;
      if (el.scrollHeight > el.clientHeight + 1) {
        problems.push({
          rule: 'cut-off',
          where: `<${el.tagName.toLowerCase()} class="${el.getAttribute('class') ?? ''}">`,
          detail: `content ${el.scrollHeight}px tall cut to ${el.clientHeight}px (overflow-y: ${style.overflowY})`,
        });
      }
    }
    return problems;
  });
}

/**
 * The layout rules at 200% zoom, with nothing cut off. A page in a window of its own gets half its
 * width and height in CSS pixels. Chrome zooms the popup by enlarging its window instead (up to
 * 800 × 600 device pixels): the 360 px layout stays, 300 px of its height fit, and the window's
 * auto-sizing widens it by the scrollbar that the taller content then needs.
 */
export async function expectCleanAtDoubleZoom(
  page: Page,
  name: string,
  kind: 'popup' | 'window' = 'window',
): Promise<void> {
  const size = page.viewportSize() ?? POPUP_SIZE;
  let zoomed = { width: Math.round(size.width / 2), height: Math.round(size.height / 2) };
  if (kind === 'popup') {
    zoomed = { width: POPUP_SIZE.width, height: POPUP_SIZE.height / 2 };
    await page.setViewportSize(zoomed);
    const scrollbar = await page.evaluate(
      () => window.innerWidth - document.documentElement.clientWidth,
    );
    zoomed = { width: POPUP_SIZE.width + scrollbar, height: zoomed.height };
  }
  await page.setViewportSize(zoomed);
  const problems = [...(await layoutProblems(page)), ...(await clippedProblems(page))];
  expect.soft(problems, `${name} at 200% zoom (${zoomed.width} × ${zoomed.height} px)`).toEqual([]);
  await page.setViewportSize(size);
}
