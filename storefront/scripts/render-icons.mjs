/* eslint-disable no-console -- a command-line tool */
// Renders the store's PNG icons and link-preview picture from its SVGs, with Chromium (Playwright), into
// public/: run it after changing public/favicon.svg or public/art/*.svg, and commit what it writes. The build
// does not run it. Chromium: CHROMIUM_PATH, else Debian's /usr/bin/chromium.
//
//   node scripts/render-icons.mjs
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright';

const PUBLIC = resolve(import.meta.dirname, '..', 'public');
const svg = (file) => `data:image/svg+xml;base64,${readFileSync(join(PUBLIC, file)).toString('base64')}`;
const MARK = svg('favicon.svg');
const EDITIONS = ['office-2024-standard', 'office-2024-home-business', 'office-2024-professional-plus'];

/** The mark alone, filling the picture; `background` fills its rounded corners (Apple's icon is square). */
const markPage = (size, background = 'transparent') =>
  `<body style="margin:0;background:${background}"><img src="${MARK}" width="${size}" height="${size}" style="display:block"></body>`;

/** 1200×630, as link previews show it: the mark, the home page's headline and promises, the editions. */
const socialPage = () => `
<body style="margin:0;width:1200px;height:630px;overflow:hidden;font-family:'Liberation Sans',Arial,sans-serif;
  color:#fff;background:linear-gradient(135deg,#0b3d91 0%,#1565c0 100%);position:relative">
  <img src="${MARK}" width="96" height="96" style="position:absolute;left:72px;top:72px;border-radius:21px;
    box-shadow:0 6px 20px rgba(0,0,0,.25)">
  <div style="position:absolute;left:72px;top:210px;width:560px">
    <div style="font-size:60px;font-weight:700;line-height:1.08">Office 2024 for life. Pay once, no subscription.</div>
    <div style="margin-top:28px;font-size:27px;line-height:1.5;color:#dbe8ff">Windows &amp; Mac · Keys by e-mail<br>30-day money-back guarantee</div>
  </div>
  ${EDITIONS.map(
    (id, i) => `<img src="${svg(`art/${id}.svg`)}" width="400" height="250" style="position:absolute;
      left:${650 + i * 60}px;top:${290 - i * 110}px;transform:rotate(${[-7, -1, 5][i]}deg);border-radius:20px;
      box-shadow:0 16px 40px rgba(0,0,0,.35)">`,
  ).join('')}
</body>`;

const OUTPUTS = [
  { file: 'favicon-32.png', width: 32, height: 32, html: markPage(32) },
  { file: 'apple-touch-icon.png', width: 180, height: 180, html: markPage(180, '#1559b7') },
  { file: 'icon-192.png', width: 192, height: 192, html: markPage(192) },
  { file: 'icon-512.png', width: 512, height: 512, html: markPage(512) },
  { file: 'og-image.png', width: 1200, height: 630, html: socialPage() },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  for (const { file, width, height, html } of OUTPUTS) {
    const page = await browser.newPage({ viewport: { width, height }, deviceScaleFactor: 1 });
    await page.setContent(html);
    // Every picture drawn before the screenshot.
    await page.evaluate(() => Promise.all([...globalThis.document.images].map((image) => image.decode())));
    await page.screenshot({ path: join(PUBLIC, file), omitBackground: true });
    await page.close();
    console.log(`public/${file} (${width}×${height})`);
  }
} finally {
  await browser.close();
}
