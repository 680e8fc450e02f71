import preact from '@preact/preset-vite';
import { defineConfig } from 'wxt';

// Development servers the worker talks to. Production origins come from the settings page and
// are requested as optional host permissions at run time.
const devHosts = ['http://127.0.0.1/*', 'http://localhost/*'];

export default defineConfig({
  // Browser tests build into their own folder so they never overwrite a developer's build.
  outDir: process.env.ENCORE_OUT_DIR || '.output',
  vite: () => ({ plugins: [preact()] }),
  manifest: {
    name: 'Encore',
    description: 'A username + password wallet for music sites.',
    // The first Chrome where storage.local.setAccessLevel exists (storage.session had it from
    // 96): older ones would leave the wallet's storage readable by content scripts.
    minimum_chrome_version: '140',
    // scripting: the isMetaMask flag script is registered only while its setting is on.
    permissions: ['storage', 'scripting'],
    host_permissions: devHosts,
    // Other backend / catalog origins, asked for by the settings page when someone enters them.
    optional_host_permissions: ['https://*/*', 'http://*/*'],
    content_security_policy: {
      extension_pages: "script-src 'self' 'wasm-unsafe-eval'; object-src 'self'",
    },
  },
});
