import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { AppRoutes } from './app/router';
import { BUILD_CATALOG } from '@store/contracts';
import { modulesFor, SHELL_PAGES } from './app/routeModules';
import { productPath } from './lib/productPath';
import { makeStore } from './store/store';
import { StoreRoot } from './app/StoreRoot';

/*
 * Renders pages into HTML at build time (vite-plugins/prerender.ts), in Node: the browser paints them before
 * its scripts have loaded, then hydrates them (main.tsx).
 */

/**
 * The pages that show every visitor the same thing. Not /account, /login and /success, which depend on
 * the visitor: they keep the empty index.html and are rendered in the browser.
 */
export const PRERENDERED_PATHS = [
  '/',
  '/checkout',
  '/enterprise-support',
  '/compatibility',
  '/careers',
  '/privacy',
  '/terms',
  '/delivery-policy',
  '/refund-policy',
  '/eula',
  '/contact',
  ...BUILD_CATALOG.map((product) => productPath(product.id)),
];

/** The not-found page, prerendered at an address the app has no page for (`404.html`). */
export const NOT_FOUND_PATH = '/404';

/** The pages listed for search engines (the sitemap): the prerendered ones a search may lead to. */
export const LISTED_PATHS = PRERENDERED_PATHS.filter((path) => path !== '/checkout');

/**
 * The pages of one visitor alone (their licence page and its sign-in, a payment's return, a spent download
 * link), which robots.txt keeps crawlers out of.
 */
export const PRIVATE_PATHS = ['/account', '/login', '/success', '/download-unavailable'] as const;

/**
 * Every address the route table (app/router.tsx) has a page for, besides the not-found page. The server
 * answers any other address with the not-found page and status 404 (the build's routes.json lists these).
 * Here, not in the browser's code: the first load of / does not carry the catalogue.
 */
export const ROUTE_PATHS: readonly string[] = [
  '/',
  '/checkout',
  '/enterprise-support',
  '/home',
  ...Object.keys(SHELL_PAGES).map((path) => `/${path}`),
  ...BUILD_CATALOG.map((product) => productPath(product.id)),
];

/**
 * The tags React hoists out of the page (its <title> and <meta> tags, resource hints): rendering less than
 * a whole document, it writes them before the page's markup.
 */
const LEADING_HEAD_TAGS = /^(?:<title>[^<]*<\/title>|<(?:meta|link)\b[^>]*>)+/;
const ROOT = '<div id="root"></div>';

/** Inserts `text` in place of the first `marker` of `html` (a function: no `$` patterns in the text). */
function insert(html: string, marker: string, text: string): string {
  if (!html.includes(marker)) throw new Error(`index.html has no ${marker}`);
  return html.replace(marker, () => text);
}

/**
 * The HTML of the page at `path`: `shell` (the build's index.html) with the page's markup in #root, and in
 * <head> its title and meta tags and the styles it uses (emotion's critical CSS, which the browser's
 * emotion cache adopts instead of inserting them again). Everything the build cannot know renders as not
 * loaded yet: no cart, no store settings, no catalogue; the browser renders the same while hydrating.
 */
export async function prerenderPage(path: string, shell: string): Promise<string> {
  // The page's code first, as the browser does before hydrating: the same tree, no Suspense fallback.
  await Promise.all(modulesFor(path).map((module) => module.load()));
  const cache = createCache({ key: 'css' });
  const emotion = createEmotionServer(cache);
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <CacheProvider value={cache}>
      <StoreRoot store={makeStore()}>
        <StaticRouter location={path}>
          <AppRoutes />
        </StaticRouter>
      </StoreRoot>
    </CacheProvider>,
    {
      // React would leave a failed part to the browser; a build must not ship it.
      onError: (error) => void errors.push(error),
      // In one piece: React would otherwise move a long part to the end of the HTML, with an inline script
      // (which the Content-Security-Policy forbids) to put it back in place.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  if (errors.length > 0) throw new AggregateError(errors, `Prerendering ${path} failed`);

  const html = await new Response(prelude).text();
  const headTags = LEADING_HEAD_TAGS.exec(html)?.[0] ?? '';
  const markup = html.slice(headTags.length);
  if (/<script|<template/i.test(markup)) throw new Error(`Prerendering ${path} left a part to a script`);
  const styles = emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(markup));
  return insert(
    insert(shell, '</head>', `${headTags}${styles}</head>`),
    ROOT,
    `<div id="root">${markup}</div>`,
  );
}
