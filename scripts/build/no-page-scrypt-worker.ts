// The extension's bundles never start a page's scrypt worker (see
// packages/core/src/internal/scrypt-no-off-thread.ts): this swaps that module of
// @encore-wallet/core in for scrypt-off-thread.ts (from its sources or its built files), so the
// worker's generated source stays out of background.js and the pages.
import type { Plugin } from 'vite';

const OFF_THREAD = /[\\/]core[\\/](?:src|dist)[\\/]internal[\\/]scrypt-off-thread\.[jt]s$/;

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
        id: resolved.id.replace(/scrypt-off-thread\.([jt]s)$/, 'scrypt-no-off-thread.$1'),
      };
    },
  };
}
