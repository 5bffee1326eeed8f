/**
 * npm run bench:bundle [-- --region chunan]
 *
 * Builds the client, serves it from the real server over a seeded database, opens the home route of each demo
 * region in Chromium and sums the gzip size of every JS and CSS file the page loaded (until the network is idle).
 * Goal: ≤ 150 KB JS and ≤ 40 KB CSS for the home route.
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { launchChromium, startPortal } from '../../tests/browser/portal-harness.js';

const args = process.argv.slice(2);
const only = args.includes('--region') ? args[args.indexOf('--region') + 1] : undefined;
const regions = only ? [only] : ['chunan', 'xinyang', 'lantian', 'shouguang'];

execSync('npx vite build --logLevel warn', { stdio: 'inherit' });
const portal = await startPortal();
const browser = await launchChromium();
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
try {
  console.log('region      JS files  JS gzip    CSS files  CSS gzip');
  for (const region of regions) {
    const page = await browser.newPage({ viewport: { width: 1300, height: 900 } });
    const assets = new Set<string>();
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (/\.(js|css)$/.test(url.pathname)) assets.add(url.pathname);
    });
    await page.goto(`${portal.url}?region=${region}`, { waitUntil: 'networkidle' });
    let js = 0;
    let css = 0;
    let jsFiles = 0;
    let cssFiles = 0;
    for (const asset of assets) {
      const file = path.resolve('dist/client', `.${asset}`);
      const gzip = zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
      if (asset.endsWith('.js')) {
        js += gzip;
        jsFiles++;
      } else {
        css += gzip;
        cssFiles++;
      }
    }
    console.log(`${region.padEnd(11)} ${String(jsFiles).padStart(8)}  ${kb(js).padStart(8)}  ${String(cssFiles).padStart(9)}  ${kb(css).padStart(8)}`);
    await page.close();
  }
} finally {
  await browser.close();
  await portal.close();
}
