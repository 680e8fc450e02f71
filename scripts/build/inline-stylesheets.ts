// Puts each built page's stylesheets into the page itself (<style>), so opening the popup or the
// approval window fetches no stylesheet file before its first paint: every file an extension page
// asks for is one more trip through the browser's extension resource loader (measured with
// `npm run bench:extension`: 5–7 ms of the popup's and the approval window's first paint).
// Extension pages' content security policy restricts scripts only, so inline styles apply.
import type { Plugin } from 'vite';

const STYLESHEET_LINK = /<link rel="stylesheet"(?: crossorigin)? href="\/([^"]+\.css)">/g;

function text(source: string | Uint8Array): string {
  return typeof source === 'string' ? source : new TextDecoder().decode(source);
}

export function inlineStylesheets(): Plugin {
  return {
    name: 'encore:inline-stylesheets',
    apply: 'build',
    // After Vite's HTML plugin has written the pages with their <link> tags.
    enforce: 'post',
    generateBundle(_options, bundle) {
      for (const page of Object.values(bundle)) {
        if (page.type !== 'asset' || !page.fileName.endsWith('.html')) continue;
        page.source = text(page.source).replace(STYLESHEET_LINK, (link, fileName: string) => {
          const sheet = bundle[fileName];
          if (sheet?.type !== 'asset') return link;
          // The link stays, disabled (never fetched, never applied): Vite's loader for lazy
          // chunks adds a chunk's stylesheets unless the page already has a link to them, and
          // adding one again would put its rules after the page's own.
          const disabled = link.replace(/>$/, ' disabled>');
          // Inert inside <style> but for its own end tag.
          return `<style>${text(sheet.source).replaceAll('</style', '<\\/style')}</style>${disabled}`;
        });
      }
    },
  };
}
