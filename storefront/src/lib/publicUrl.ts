/**
 * What a prerendered page carries in place of the store's address: a build does not know where it will be
 * served, so the server writes its PUBLIC_URL over it as it reads the pages (backend/src/web/static-apps.ts,
 * PUBLIC_URL_PLACEHOLDER).
 */
export const PUBLIC_URL_PLACEHOLDER = 'https://public-url.invalid';

/**
 * `path` (from the site's root) as an absolute URL, for what is read away from the site: link previews.
 * In the browser, the address the page was loaded from (the server's PUBLIC_URL, so hydration matches).
 */
export function absoluteUrl(path: string): string {
  const origin = typeof window === 'undefined' ? PUBLIC_URL_PLACEHOLDER : window.location.origin;
  return `${origin}${path}`;
}
