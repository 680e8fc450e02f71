// The extension's bundles never start a page's scrypt worker (see
// lib/hedgehog/internal/scrypt-no-off-thread.ts): this swaps that module in for
// scrypt-off-thread.ts, so the worker's generated source stays out of background.js and the pages.
import type { Plugin } from 'vite';

const OFF_THREAD = /[\\/]lib[\\/]hedgehog[\\/]internal[\\/]scrypt-off-thread\.ts$/;

export function noPageScryptWorker(): Plugin {
  return {
    name: 'encore:no-page-scrypt-worker',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!source.includes('scrypt-off-thread')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || !OFF_THREAD.test(resolved.id)) return resolved;
      return {
        ...resolved,
        id: resolved.id.replace(/scrypt-off-thread\.ts$/, 'scrypt-no-off-thread.ts'),
      };
    },
  };
}
