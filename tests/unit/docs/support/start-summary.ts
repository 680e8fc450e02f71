// What `make start` prints when everything runs ("Encore is running:" and its rows), read from
// scripts/start.sh itself with the default ports filled in: the source the docs' tables follow.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface StartRow {
  /** The service as the script names it: "wallet backend", "bundler", "funding hook". */
  name: string;
  /** Where it is with the default settings (a URL or a repository path), or null for a sentence. */
  where: string | null;
}

/**
 * The values the local chain prints for the script (chain/main.ts), with the default ports: the
 * chain serves its RPC on CHAIN_PORT and its bundler on BUNDLER_PORT (what
 * tests/integration/start/ checks on a real run).
 */
function chainValues(ports: Record<string, string>): Record<string, string> {
  return {
    CHAIN_RPC_URL: `http://127.0.0.1:${ports.CHAIN_PORT}`,
    BUNDLER_URL: `http://127.0.0.1:${ports.BUNDLER_PORT}`,
  };
}

export function startSummary(root: string): StartRow[] {
  const script = readFileSync(join(root, 'scripts', 'start.sh'), 'utf8');
  const values: Record<string, string> = {};
  for (const [, name, port] of script.matchAll(/^(\w+_PORT)="\$\{\1:-(\d+)\}"$/gm)) {
    values[name as string] = port as string;
  }
  const expand = (text: string): string =>
    text
      .replace(/\$\(chain_value (\w+)\)/g, (_, name: string) => chainValues(values)[name] ?? '?')
      .replace(/\$\{(\w+)\}|\$(\w+)/g, (_, braced?: string, bare?: string) => {
        const name = (braced ?? bare) as string;
        return values[name] ?? chainValues(values)[name] ?? `$${name}`;
      });
  for (const [, name, url] of script.matchAll(/^(\w+_URL)="(http[^"]*)"$/gm)) {
    values[name as string] = expand(url as string);
  }
  values.EXTENSION_DIR = '.output/chrome-mv3';
  const table = /\nEncore is running:\n([\s\S]*?)\n\nINFO\n/.exec(script)?.[1];
  if (!table) throw new Error('scripts/start.sh no longer prints "Encore is running:"');
  return table.split('\n').map((line) => {
    const row = /^ {2}(\S(?:.*?\S)?) {2,}(\$\([^)]*\)\S*|\S+)/.exec(line);
    if (!row) throw new Error(`not a row of the printed table: ${line}`);
    const where = expand(row[2] as string);
    return {
      name: row[1] as string,
      where: /^(?:https?:\/\/|\.output\/)/.test(where) ? where : null,
    };
  });
}
