import preact from '@preact/preset-vite';
import { defineConfig } from 'wxt';

// Development servers the worker talks to. Production origins come from the settings page and
// are requested as optional host permissions at run time.
const devHosts = ['http://127.0.0.1/*', 'http://localhost/*'];

export default defineConfig({
  vite: () => ({ plugins: [preact()] }),
  manifest: {
    name: 'Encore',
    description: 'A username + password wallet for music sites.',
    permissions: ['storage'],
    host_permissions: devHosts,
    content_security_policy: {
      extension_pages: "script-src 'self' 'wasm-unsafe-eval'; object-src 'self'",
    },
  },
});
