// Characters that change how text reads without being seen: bidirectional overrides and isolates
// (U+202A–U+202E, U+2066–U+2069, U+200E/F, U+061C), zero-width characters (U+200B–U+200D,
// U+2060, U+FEFF) and the rest of Unicode's default-ignorable set (soft hyphen, tag characters,
// Hangul fillers…), interlinear annotation marks, and control characters other than tab and line
// breaks. The approval window shows each as a visible `⟨U+202E⟩` token and warns.

// Emoji presentation selectors (U+FE0E/F) only pick a glyph style: left alone, or every emoji
// in a message would raise a warning.
const HIDDEN =
  /(?!\t|\n|\r|\uFE0E|\uFE0F)[\p{Cc}\p{Default_Ignorable_Code_Point}\u061C\uFFF9-\uFFFB]/u;
const HIDDEN_ALL = new RegExp(HIDDEN.source, 'gu');

export type RevealedPart = { hidden: false; text: string } | { hidden: true; label: string };

/** `⟨U+202E⟩` for U+202E. */
function invisibleLabel(codePoint: number): string {
  return `⟨U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}⟩`;
}

export function hasInvisible(text: string): boolean {
  return HIDDEN.test(text);
}

/** The text cut into visible runs and one labelled part per invisible character. */
export function revealInvisible(text: string): RevealedPart[] {
  const parts: RevealedPart[] = [];
  let last = 0;
  for (const match of text.matchAll(HIDDEN_ALL)) {
    if (match.index > last) parts.push({ hidden: false, text: text.slice(last, match.index) });
    parts.push({ hidden: true, label: invisibleLabel(match[0].codePointAt(0) ?? 0) });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ hidden: false, text: text.slice(last) });
  return parts;
}

/** Any string inside a value (typed-data domain or message) with an invisible character. */
export function containsInvisible(value: unknown): boolean {
  if (typeof value === 'string') return hasInvisible(value);
  if (Array.isArray(value)) return value.some(containsInvisible);
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).some(
      ([key, item]) => hasInvisible(key) || containsInvisible(item),
    );
  }
  return false;
}
