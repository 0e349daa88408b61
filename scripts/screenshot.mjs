#!/usr/bin/env node
// Screenshot of a page of the running platform with Debian's chromium (for the README):
//   node scripts/screenshot.mjs [url=http://localhost:3000/] [out=docs/images/home.png] [width=1280] [height=800]
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/chromium.mjs';

const [url = 'http://localhost:3000/', out = 'docs/images/home.png', width = '1280', height = '800'] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  headless: true,
  args: CHROMIUM_ARGS,
});
try {
  const page = await browser.newPage({ viewport: { width: Number(width), height: Number(height) }, reducedMotion: 'reduce', locale: 'en-GB' });
  await page.goto(url, { waitUntil: 'networkidle', timeout: 30000 });
  await page.waitForTimeout(500);
  const path = resolve(out);
  mkdirSync(dirname(path), { recursive: true });
  await page.screenshot({ path, type: path.endsWith('.jpg') ? 'jpeg' : 'png', quality: path.endsWith('.jpg') ? 80 : undefined });
  console.log(`saved ${path}`);
} finally {
  await browser.close();
}
