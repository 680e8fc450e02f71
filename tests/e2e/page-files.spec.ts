// What the popup and the approval window load before their first paint: every file an extension
// page asks for is one more trip through the browser's extension resource loader, so each of them
// loads its own script and the shared "shell" chunk, and no stylesheet file (their styles are in
// the page). Read from the build the browser tests run (scripts/build/*: the shell chunk and the
// inlined stylesheets), then checked in the running pages: the forms and views that load later
// bring no second copy of a stylesheet the page already has.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SCRYPT_WORKER_SOURCE } from '@encore-wallet/core/scrypt-worker';
import { signUp, uniqueUsername } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';

interface PageFiles {
  /** The page's module script and its modulepreloads: what loads before its code runs. */
  scripts: string[];
  /** Stylesheet links the browser would fetch (inlined ones stay as disabled links). */
  stylesheets: string[];
  /** Stylesheets written into the page. */
  inlineStyles: number;
}

async function pageFiles(extensionDir: string, page: string): Promise<PageFiles> {
  const html = await readFile(join(extensionDir, page), 'utf8');
  const attr = (tag: string, name: string): string => tag.match(`${name}="([^"]+)"`)?.[1] ?? '';
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
  return {
    scripts: tags
      .filter((tag) => /type="module"|rel="modulepreload"/.test(tag))
      .map((tag) => attr(tag, tag.startsWith('<script') ? 'src' : 'href')),
    stylesheets: tags
      .filter((tag) => tag.includes('rel="stylesheet"') && !tag.includes(' disabled'))
      .map((tag) => attr(tag, 'href')),
    inlineStyles: (html.match(/<style>/g) ?? []).length,
  };
}

/** The chunks a built module imports statically (`import … from"./x.js"`, `import"./x.js"`). */
async function staticImports(extensionDir: string, script: string): Promise<string[]> {
  const code = await readFile(join(extensionDir, script), 'utf8');
  const found = code.matchAll(/(?:from|import)\s*["']\.\/([^"']+\.js)["']/g);
  return [...found].map((match) => `/chunks/${match[1]}`);
}

for (const [page, entry] of [
  ['popup.html', 'popup'],
  ['approval.html', 'approval'],
] as const) {
  test(`${page} loads its own script and the shell chunk, and no stylesheet file`, async ({
    env,
  }) => {
    const files = await pageFiles(env.extensionDir, page);
    expect(files.scripts).toHaveLength(2);
    expect(files.scripts[0]).toMatch(new RegExp(`^/chunks/${entry}-[\\w-]+\\.js$`));
    expect(files.scripts[1]).toMatch(/^\/chunks\/shell-[\w-]+\.js$/);
    expect(files.stylesheets).toEqual([]);
    expect(files.inlineStyles).toBe(2);
    // Nothing else is imported before the page's code runs: the zod schemas, the wallet core and
    // the recovery phrase's clipboard guard load with the views that use them.
    for (const script of files.scripts) {
      const imports = await staticImports(env.extensionDir, script);
      expect(imports.filter((chunk) => !files.scripts.includes(chunk))).toEqual([]);
    }
  });
}

test("no built file carries a web page's scrypt worker; the popup's is a file of its own", async ({
  env,
}) => {
  // Extension pages' policy refuses Blob workers and the service worker has no Worker: the build
  // swaps in the wallet core's no-worker module (scripts/build/no-page-scrypt-worker.ts), and
  // only the module it replaces names the worker and loads its source. The popup's worker for a
  // login's strong derivation is the same generated program as a file (wxt.config.ts), in no bundle.
  const files = (await readdir(env.extensionDir, { recursive: true })).filter((f) =>
    f.endsWith('.js'),
  );
  expect(files).toContain('background.js');
  const program = SCRYPT_WORKER_SOURCE.slice(0, 120);
  for (const file of files) {
    const code = await readFile(join(env.extensionDir, file), 'utf8');
    expect(code.includes('encore-scrypt'), file).toBe(false);
    if (file === 'scrypt-worker.js') expect(code).toBe(SCRYPT_WORKER_SOURCE);
    else expect(code.includes(program), file).toBe(false);
  }
});

test('the popup’s later forms and views add no stylesheet', async ({ openPopup }) => {
  const popup = await openPopup();
  // A second copy of the shared sheet would also put its rules after the popup's own.
  const appliedStylesheets = (): Promise<number> =>
    popup.evaluate(() => [...document.styleSheets].filter((sheet) => !sheet.disabled).length);
  expect(await appliedStylesheets()).toBe(2);
  // The sign-up form, the wallet view and the recovery phrase load as chunks of their own.
  await signUp(popup, uniqueUsername('files'));
  await popup.getByTestId('show-recovery').click();
  await expect(popup.getByTestId('recovery-submit')).toBeVisible();
  expect(await appliedStylesheets()).toBe(2);
  expect(
    await popup.evaluate(
      () => document.querySelectorAll('link[rel="stylesheet"]:not([disabled])').length,
    ),
  ).toBe(0);
});
