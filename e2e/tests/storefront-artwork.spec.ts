import { expect, test, type Page } from '@playwright/test';

/*
 * The logo's mark and the editions' artwork are pictures the page loads after its HTML: their boxes must
 * have their size before they arrive (width and height in the markup), so nothing moves when they do; and
 * every page names its link-preview picture, which the store serves.
 */

const PICTURES = /\/(art\/[\w-]+|favicon)\.svg$/;

/** Holds the logo and artwork files back until `release()`, as on a slow connection. */
async function holdPictures(page: Page) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(PICTURES, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Every picture of the page: its address, whether it has arrived, its box. */
const pictures = (page: Page) =>
  page.evaluate(() =>
    [...document.images].map((image) => {
      const { width, height, top, left } = image.getBoundingClientRect();
      return {
        src: image.getAttribute('src'),
        arrived: image.complete && image.naturalWidth > 0,
        width,
        height,
        top,
        left,
      };
    }),
  );

test.describe('without JavaScript (the prerendered page)', () => {
  test.use({ javaScriptEnabled: false });

  test("the home page's mark and artwork have their size before they load, and keep it", async ({ page }) => {
    const release = await holdPictures(page);
    // Not 'load', which waits for the pictures held back.
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    const before = await pictures(page);
    expect(before.map((p) => p.src)).toEqual([
      '/favicon.svg',
      '/art/office-2024-standard.svg',
      '/art/office-2024-home-business.svg',
      '/art/office-2024-professional-plus.svg',
    ]);
    expect(before.every((p) => !p.arrived)).toBe(true);
    expect(before[0]).toMatchObject({ width: 40, height: 40 });
    // The fan's cards are turned a little: their boxes are a little larger than 280×175.
    for (const art of before.slice(1)) {
      expect(art.width).toBeGreaterThanOrEqual(280);
      expect(art.height).toBeGreaterThanOrEqual(175);
    }

    release();
    await expect.poll(async () => (await pictures(page)).every((p) => p.arrived)).toBe(true);
    expect((await pictures(page)).map(({ arrived: _, ...box }) => box)).toEqual(
      before.map(({ arrived: _, ...box }) => box),
    );
  });
});

test('a product card has its artwork box before the artwork arrives; the page does not shift', async ({
  page,
}) => {
  // Every layout shift from the start, as Lighthouse's CLS counts them.
  await page.addInitScript(() => {
    (window as unknown as { shifts: number }).shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[])
        if (!entry.hadRecentInput) (window as unknown as { shifts: number }).shifts += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const release = await holdPictures(page);
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  const card = page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: 'Office 2024 Standard', exact: true }) });
  await expect(card.getByRole('button', { name: 'Add to Cart' })).toBeVisible();

  const art = await page.evaluate(() => {
    const image = [...document.images].find(
      (i) => i.getAttribute('src') === '/art/office-2024-standard.svg' && i.closest('article'),
    )!;
    const { width, height } = image.getBoundingClientRect();
    return { arrived: image.complete && image.naturalWidth > 0, ratio: width / height, width };
  });
  expect(art.arrived).toBe(false);
  expect(art.width).toBeGreaterThan(200);
  expect(art.ratio).toBeCloseTo(320 / 200, 2);

  release();
  await expect
    .poll(() => page.evaluate(() => [...document.images].every((i) => i.complete && i.naturalWidth > 0)))
    .toBe(true);
  expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBeLessThan(0.01);
});

test("every page names its link-preview picture at the server's PUBLIC_URL, and the store serves it", async ({
  page,
  request,
  baseURL,
}) => {
  const image = `${baseURL}/og-image.png`;
  for (const path of ['/', '/compatibility', '/checkout']) {
    // As a link preview reads it: the page as sent, before any script.
    expect(await (await request.get(path)).text()).toContain(
      `<meta property="og:image" content="${image}"/>`,
    );
    await page.goto(path);
    await expect(page.locator('head > meta[property="og:image"]')).toHaveAttribute('content', image);
    await expect(page.locator('head > meta[property="og:image:width"]')).toHaveAttribute('content', '1200');
    await expect(page.locator('head > meta[property="og:image:height"]')).toHaveAttribute('content', '630');
    await expect(page.locator('head > meta[property="og:image:alt"]')).toHaveAttribute(
      'content',
      /Office 2024/,
    );
  }
  const png = await request.get(image);
  expect(png.status()).toBe(200);
  expect(png.headers()['content-type']).toBe('image/png');
  const manifest = await request.get('/site.webmanifest');
  expect(manifest.status()).toBe(200);
  const icons = ((await manifest.json()) as { icons: { src: string }[] }).icons;
  for (const { src } of icons) expect((await request.get(src)).status()).toBe(200);
});
