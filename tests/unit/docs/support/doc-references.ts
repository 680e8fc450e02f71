// What a Markdown document names that the code must still have. Only code spans (`…`) and
// fenced blocks count as names, so prose ("make a wallet") is never mistaken for a command.

export interface DocReferences {
  npmScripts: string[];
  makeTargets: string[];
  /** ENVIRONMENT_VARIABLES and CONSTANT_NAMES. */
  names: string[];
  /** Paths inside the repository (or ../shared), as written. */
  paths: string[];
  /** Relative links: the file (empty for this one) and the #anchor, if any. */
  links: { target: string; anchor: string | null }[];
  /** The anchors of this document's own headings, as GitHub makes them. */
  anchors: string[];
}

/** Top-level folders of the repository a documented path may start with. */
const REPO_FOLDERS = [
  'assets',
  'bench',
  'chain',
  'demo',
  'dev-catalog',
  'docs',
  'entrypoints',
  'lib',
  'packages',
  'public',
  'scripts',
  'server',
  'tests',
  '../shared',
];

/** Written by builds and runs, not kept in the repository. */
const GENERATED = ['data/', '.output/', 'node_modules/', 'dist/'];

const unique = (values: string[]): string[] => [...new Set(values)];

function codeOf(markdown: string): string[] {
  const fenced = [...markdown.matchAll(/^```[^\n]*\n([\s\S]*?)^```/gm)].map((m) => m[1] ?? '');
  const withoutFences = markdown.replace(/^```[^\n]*\n[\s\S]*?^```/gm, '');
  const spans = [...withoutFences.matchAll(/`([^`\n]+)`/g)].map((m) => m[1] ?? '');
  return [...fenced, ...spans];
}

export function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

export function documentedReferences(markdown: string): DocReferences {
  const code = codeOf(markdown);
  const npmScripts = code.flatMap((c) =>
    [...c.matchAll(/\bnpm run ([\w:.-]+)/g)].map((m) => m[1] ?? ''),
  );
  const makeTargets = code.flatMap((c) =>
    [...c.matchAll(/(?:^|[\s;&|(])make ((?:[a-z][\w-]*\s*)+)/g)].flatMap((m) =>
      (m[1] ?? '').trim().split(/\s+/),
    ),
  );
  const names = code.flatMap((c) =>
    [...c.matchAll(/\b([A-Z][A-Z0-9]*_[A-Z0-9_]*[A-Z0-9])\b/g)].map((m) => m[1] ?? ''),
  );
  const paths = code.flatMap((c) =>
    [...c.matchAll(/(?:^|[\s(=:'"])((?:\.\.\/)?[\w.-]+(?:\/[\w.*<>-]+)*\/?)/g)]
      .map((m) => (m[1] ?? '').replace(/[.:,]+$/, ''))
      .filter((p) => p.includes('/'))
      .filter((p) => REPO_FOLDERS.some((f) => p === f || p.startsWith(`${f}/`)))
      .filter((p) => !GENERATED.some((g) => p.includes(g))),
  );
  const withoutCode = markdown.replace(/^```[^\n]*\n[\s\S]*?^```/gm, '').replace(/`[^`\n]+`/g, '');
  const links = [...withoutCode.matchAll(/\]\(([^)\s]*)\)/g)]
    .map((m) => m[1] ?? '')
    .filter((href) => href !== '' && !/^[a-z][a-z0-9+.-]*:/i.test(href))
    .map((href) => {
      const [target = '', anchor] = href.split('#');
      return { target, anchor: anchor ?? null };
    });
  // Headings keep their inline code (GitHub's anchors do), without the backticks.
  const withoutFences = markdown.replace(/^```[^\n]*\n[\s\S]*?^```/gm, '');
  const headings = [...withoutFences.matchAll(/^#{1,6} (.+)$/gm)].map((m) =>
    headingAnchor((m[1] ?? '').replace(/`/g, '')),
  );
  const anchors: string[] = [];
  const seen = new Map<string, number>();
  for (const anchor of headings) {
    const count = seen.get(anchor) ?? 0;
    anchors.push(count === 0 ? anchor : `${anchor}-${count}`);
    seen.set(anchor, count + 1);
  }
  return {
    npmScripts: unique(npmScripts),
    makeTargets: unique(makeTargets),
    names: unique(names),
    paths: unique(paths),
    links,
    anchors,
  };
}
