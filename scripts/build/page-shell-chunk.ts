// One shared chunk, "shell", for what every extension page loads before its first paint: Preact,
// the browser API wrapper, the UI kit, the client for the worker's messages, the error classes,
// the phase timings, the amount formatting (balances in the popup, fees in the approval window),
// and the type guards and SHA-256 the popup reads the session snapshot with. Left to itself the
// bundler splits these by which pages share them (four
// files for the popup); every file an extension page asks for is one more trip through the
// browser's extension resource loader, and those trips, not parsing, are what a page waits for.
// Only the pages' build splits code; the worker and the content scripts are single files.
import type { Plugin } from 'vite';

// @encore-wallet/utils' modules are matched in the package's sources (what the extension builds
// from) and in its built files alike.
const SHELL_MODULES =
  /node_modules[\\/](preact|@wxt-dev[\\/]browser|wxt[\\/]dist[\\/]browser)|vite[\\/]modulepreload-polyfill|virtual:wxt-(html-)?plugins|lib[\\/](guards|extension[\\/](ui|client|errors))[\\/]|utils[\\/](src|dist)[\\/](perf|errors)[\\/]|utils[\\/](src|dist)[\\/]encoding[\\/](hex|sha256-hex)\.[jt]s$|lib[\\/]transactions[\\/]amounts\.ts$/;

export function pageShellChunk(): Plugin {
  return {
    name: 'encore:page-shell-chunk',
    apply: 'build',
    outputOptions(options) {
      if (options.format !== 'es' && options.format !== undefined) return null;
      return { ...options, codeSplitting: { groups: [{ name: 'shell', test: SHELL_MODULES }] } };
    },
  };
}
