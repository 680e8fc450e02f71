import { SCRYPT_WORKER_SOURCE } from '@encore-wallet/core/scrypt-worker';
import preact from '@preact/preset-vite';
import { defineConfig } from 'wxt';
import { inlineStylesheets } from './scripts/build/inline-stylesheets.ts';
import { noPageScryptWorker } from './scripts/build/no-page-scrypt-worker.ts';
import { pageShellChunk } from './scripts/build/page-shell-chunk.ts';
import { sourceCondition } from './scripts/build/source-condition.ts';

// Development servers the worker talks to. Production origins come from the settings page and
// are requested as optional host permissions at run time.
const devHosts = ['http://127.0.0.1/*', 'http://localhost/*'];

// Asked for on the recovery phrase's Copy (lib/extension/clipboard/permissions.ts), never at
// install. The Chromium browser tests' build grants them at load instead: headless Chromium
// cannot answer the prompt, and a granted permission makes `permissions.request` resolve at once.
// (Firefox's tests keep them optional and turn the prompt off in their profile.)
const clipboardPermissions = ['clipboardRead', 'clipboardWrite'];
const testHooks = process.env.WXT_TEST_HOOKS === '1';

export default defineConfig({
  // Browser tests build into their own folder so they never overwrite a developer's build.
  outDir: process.env.ENCORE_OUT_DIR || '.output',
  // The popup's scrypt worker (packages/core/src/strong-master-worker.ts): the generated program a web
  // page runs from a Blob, as a file of the extension's own, since its pages' policy refuses Blob
  // workers. It derives a login's strong key while the popup derives the Hedgehog lookup key.
  hooks: {
    'build:publicAssets': (_wxt, files) => {
      files.push({ relativeDest: 'scrypt-worker.js', contents: SCRYPT_WORKER_SOURCE });
    },
  },
  vite: () => ({
    // sourceCondition: the @encore-wallet/* packages are bundled from their sources, through
    // their `exports`.
    plugins: [
      sourceCondition(),
      preact(),
      pageShellChunk(),
      inlineStylesheets(),
      noPageScryptWorker(),
    ],
    // ENCORE_SOURCEMAP=1: source maps beside the bundles, for profiling what a bundle does at load.
    build: { sourcemap: process.env.ENCORE_SOURCEMAP === '1' },
  }),
  // The sources archive addons.mozilla.org asks for (`npm run zip:firefox`) is the repository as
  // it stands: never a developer's local databases, logs or test output.
  zip: {
    excludeSources: [
      'data/**',
      'test-results/**',
      'playwright-report/**',
      '**/*.sqlite',
      '**/*.sqlite-*',
      '**/*.log',
    ],
  },
  manifest: ({ browser }) => {
    const grantClipboard = testHooks && browser !== 'firefox';
    return {
      name: 'Encore',
      description: 'A username + password wallet for music sites.',
      // Each browser gets only the keys it reads, so neither reports an unknown one.
      ...(browser === 'firefox'
        ? {
            browser_specific_settings: {
              gecko: {
                // Fixed, so storage and the moz-extension:// uuid stay with the add-on across
                // updates and reinstalls from the same file.
                id: 'encore@encore.invalid',
                // 128 brings `world: 'MAIN'` content scripts (storage.session came in 115); 140,
                // an ESR, is the first that reads data_collection_permissions.
                strict_min_version: '140.0',
                // The backend keeps the encrypted wallet record under a key derived from the
                // username and password.
                data_collection_permissions: { required: ['authenticationInfo'] },
              },
              gecko_android: { strict_min_version: '142.0' },
            },
          }
        : {
            // The first Chrome where storage.local.setAccessLevel exists (storage.session had it
            // from 96): older ones would leave the wallet's storage readable by content scripts.
            minimum_chrome_version: '140',
          }),
      // contextMenus: "Open library" in the toolbar button's right-click menu (no other use).
      // scripting: the isMetaMask flag script is registered only while its setting is on.
      // offscreen (Chromium): the document that clears the clipboard after the popup closed; no
      // install warning. alarms (Firefox): wakes the event page that does the same.
      permissions: [
        'storage',
        'contextMenus',
        'scripting',
        browser === 'firefox' ? 'alarms' : 'offscreen',
        ...(grantClipboard ? clipboardPermissions : []),
      ],
      optional_permissions: grantClipboard ? [] : clipboardPermissions,
      host_permissions: devHosts,
      // Other backend / catalog origins, asked for by the settings page when someone enters them.
      optional_host_permissions: ['https://*/*', 'http://*/*'],
      content_security_policy: {
        extension_pages: "script-src 'self' 'wasm-unsafe-eval'; object-src 'self'",
      },
    };
  },
});
