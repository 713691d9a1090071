// @vitest-environment node
// As at build time: in Node, where emotion collects the styles instead of inserting them into a document.
import { describe, expect, it } from 'vitest';
import { modulesFor, NotFoundPage, SHELL_PAGES } from './app/routeModules';
import {
  LISTED_PATHS,
  NOT_FOUND_PATH,
  PRERENDERED_PATHS,
  prerenderPage,
  PRIVATE_PATHS,
  ROUTE_PATHS,
} from './entry-prerender';
import { PUBLIC_URL_PLACEHOLDER } from './lib/publicUrl';

const SHELL =
  '<!doctype html><html lang="en"><head><script type="module" src="/assets/index.js"></script></head>' +
  '<body><div id="root"></div></body></html>';

/** The page's <head> and <body>, as prerenderPage writes them into the shell. */
async function render(path: string) {
  const html = await prerenderPage(path, SHELL);
  const [head, body] = html.split('</head>');
  return { head: head!, body: body!, root: /<div id="root">(.*)<\/div><\/body>/s.exec(body!)![1]! };
}

describe('prerenderPage', () => {
  it('renders a content page into #root, its title, meta tags and styles into <head>', async () => {
    const { head, body, root } = await render('/compatibility');

    expect(root).toMatch(/<h1[^>]*>System Requirements &amp; Compatibility<\/h1>/);
    expect(root).toContain('<footer');
    expect(head).toContain('<script type="module" src="/assets/index.js"></script>');
    expect(head.match(/<title>/g)).toHaveLength(1);
    expect(head).toContain('<title>System Requirements &amp; Compatibility</title>');
    expect(head).toMatch(/<meta name="description" content="Check that Office 2024 runs[^"]*"\/>/);
    expect(head).toContain('<meta property="og:title" content="System Requirements &amp; Compatibility"/>');
    // Its one address for search engines, absolute (the server writes its PUBLIC_URL over the placeholder).
    expect(head).toContain(`<link rel="canonical" href="${PUBLIC_URL_PLACEHOLDER}/compatibility"/>`);
    expect(head).toContain(`<meta property="og:url" content="${PUBLIC_URL_PLACEHOLDER}/compatibility"/>`);
    // The browser's emotion cache adopts these: "css <ids>" for the components, "css-global" for the baseline.
    expect(head).toMatch(/<style data-emotion="css [\w -]+">[^<]*\.css-\w+\{/);
    expect(head).toMatch(/<style data-emotion="css-global \w+">[^<]*box-sizing:border-box/);
    expect(body).not.toMatch(/<title|<meta|<style|<script|<template/);
  });

  it('renders what the build cannot know as not loaded: no store settings, no catalogue', async () => {
    // The test setup has the store settings loaded: the prerendered page must not show them.
    const { head, root } = await render('/');
    expect(root).toMatch(/<h1[^>]*>Office 2024 for life\. Pay once, no subscription\.<\/h1>/);
    expect(root).toContain('aria-label="Loading products"');
    // The editions' artwork and the logo's mark are in the page, each with its size before it loads.
    for (const id of ['office-2024-standard', 'office-2024-home-business', 'office-2024-professional-plus'])
      expect(root).toMatch(new RegExp(`<img src="/art/${id}.svg" alt="" width="320" height="200"`));
    expect(root).toMatch(/<img src="\/favicon.svg" alt="" width="40" height="40"/);
    expect(head).toContain('<title>Office 2024 Lifetime Licences</title>');
    expect(head + root).not.toContain('Office Licence Store');
  });

  it('renders the checkout frame and billing form, the summary waiting for the cart', async () => {
    const { head, root } = await render('/checkout');
    expect(head).toContain('<title>Secure Checkout</title>');
    expect(root).toContain('Back to Shopping');
    expect(root).toMatch(/<h1[^>]*>Secure Checkout<\/h1>/);
    expect(root).toMatch(/<h2[^>]*>1<!-- -->\. <!-- -->Billing Info<\/h2>/);
    expect(root).toContain('aria-label="Billing information"');
    expect(root).toMatch(/<h2 [^>]*id="summary-title">Order Summary<\/h2>/);
    expect(root).toContain('MuiSkeleton');
    expect(root).not.toContain('Your cart is empty');
    // Until hydrated, the fields take no typing (hydration would reset it).
    expect(root).toMatch(/<input(?=[^>]*\bid="billing-email")(?=[^>]*\breadOnly="")[^>]*>/);
  });

  it('fails on a shell without an empty #root', async () => {
    await expect(prerenderPage('/eula', '<html><head></head><body></body></html>')).rejects.toThrow(
      'index.html has no <div id="root"></div>',
    );
  });
});

describe('every prerendered page', () => {
  it.each(PRERENDERED_PATHS)(
    '%s has the link-preview picture, at an absolute address, with its size',
    async (path) => {
      const { head } = await render(path);
      const meta = (property: string) =>
        new RegExp(`<meta property="${property}" content="([^"]*)"/>`).exec(head)?.[1];
      // The server writes its PUBLIC_URL over the placeholder as it reads the page.
      expect(meta('og:image')).toBe(`${PUBLIC_URL_PLACEHOLDER}/og-image.png`);
      expect(meta('og:image:width')).toBe('1200');
      expect(meta('og:image:height')).toBe('630');
      expect(meta('og:image:alt')?.length).toBeGreaterThan(20);
      expect(head).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    },
  );
});

describe('PRERENDERED_PATHS', () => {
  it('are pages of the app, none of them one that depends on the visitor', () => {
    for (const path of PRERENDERED_PATHS) expect(modulesFor(path)).not.toContain(NotFoundPage);
    for (const page of [SHELL_PAGES.account, SHELL_PAGES.login, SHELL_PAGES.success])
      for (const path of PRERENDERED_PATHS) expect(modulesFor(path)).not.toContain(page);
  });
});

describe('the addresses the build tells the server (routes.json)', () => {
  it('prerenders the not-found page at an address the app has no page for', async () => {
    expect(ROUTE_PATHS).not.toContain(NOT_FOUND_PATH);
    expect(modulesFor(NOT_FOUND_PATH)).toContain(NotFoundPage);
    const { head, root } = await render(NOT_FOUND_PATH);
    expect(root).toMatch(/<h1[^>]*>404 Page Not Found<\/h1>/);
    expect(head).toContain('<title>404 Page Not Found</title>');
    // Not a page of the store's: no canonical address. The home page has one, /, as has /home.
    expect(head).not.toContain('rel="canonical"');
    for (const path of ['/', '/home'])
      expect((await render(path)).head).toContain(
        `<link rel="canonical" href="${PUBLIC_URL_PLACEHOLDER}/"/>`,
      );
  });

  it('lists every address the app has a page for, and only those, for the server to answer others with a 404', () => {
    for (const path of ROUTE_PATHS) expect(modulesFor(path)).not.toContain(NotFoundPage);
    expect(ROUTE_PATHS).toEqual(
      expect.arrayContaining(['/', '/checkout', '/account', '/eula', '/products/office-2024-standard']),
    );
    expect(new Set(ROUTE_PATHS).size).toBe(ROUTE_PATHS.length);
  });

  it('lists for search engines only pages every visitor sees, and keeps crawlers out of the personal ones', () => {
    for (const path of [...LISTED_PATHS, ...PRIVATE_PATHS]) expect(ROUTE_PATHS).toContain(path);
    for (const path of LISTED_PATHS) expect(PRERENDERED_PATHS).toContain(path);
    for (const path of PRIVATE_PATHS) expect(LISTED_PATHS).not.toContain(path);
    expect(LISTED_PATHS).toEqual(expect.arrayContaining(['/', '/compatibility', '/refund-policy']));
    expect(LISTED_PATHS).not.toContain('/checkout');
  });
});
