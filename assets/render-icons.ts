// Renders assets/icon.svg to the PNG sizes the manifest needs (public/icon/<size>.png) with the
// same Debian Chromium the tests use. Run after editing the SVG: `tsx assets/render-icons.ts`.
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const here = dirname(fileURLToPath(import.meta.url));
const SIZES = [16, 32, 48, 96, 128];

const svg = await readFile(join(here, 'icon.svg'), 'utf8');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage();
  for (const size of SIZES) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`,
    );
    await page.screenshot({
      path: join(here, '..', 'public', 'icon', `${size}.png`),
      omitBackground: true,
    });
  }
} finally {
  await browser.close();
}
