// Screenshots for looking at pages by eye: node e2e/tools/screenshot.mjs <url> <name> [width] [height] [fullPage 1|0]
// (writes /tmp/shots/<name>.png; not part of the test suite)
import { launchChromium } from '../bench/chromium.mjs';

const [url, name, width = '1280', height = '900', full = '1'] = process.argv.slice(2);
const browser = await launchChromium();
const page = await browser.newPage({ viewport: { width: Number(width), height: Number(height) } });
page.on('console', (m) => {
  if (m.type() === 'error') console.log('console:', m.text());
});
await page.goto(url, { waitUntil: 'networkidle' });
await page.waitForTimeout(800);
await page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: full === '1' });
await browser.close();
