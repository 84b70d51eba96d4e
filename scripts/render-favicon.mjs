#!/usr/bin/env node
/**
 * Draws the tab's icon, frontend/public/favicon.png (48 × 48, transparent corners), from its
 * source frontend/design/favicon.svg with the browser the tests use. Pages name the PNG, not the
 * SVG: Chromium parses an SVG icon as a document of its own on the main thread while the page
 * starts (docs/decisions/0026). Run after changing the SVG:
 *
 *   node scripts/render-favicon.mjs
 */
import { readFile, writeFile } from 'node:fs/promises';
import { chromium } from '@playwright/test';
import { CHROMIUM_PATH, playwrightArgs } from '../e2e/chromium.cjs';

const SIZE = 48;
const source = new URL('../frontend/design/favicon.svg', import.meta.url);
const target = new URL('../frontend/public/favicon.png', import.meta.url);

const svg = await readFile(source, 'utf8');
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: playwrightArgs(),
});
try {
  const page = await browser.newPage({ viewport: { width: SIZE, height: SIZE } });
  await page.setContent(
    `<style>html,body{margin:0;background:transparent}svg{display:block;width:${SIZE}px;height:${SIZE}px}</style>${svg}`,
  );
  const png = await page.screenshot({ omitBackground: true });
  await writeFile(target, png);
  console.log(`wrote ${target.pathname} (${png.length} bytes)`);
} finally {
  await browser.close();
}
