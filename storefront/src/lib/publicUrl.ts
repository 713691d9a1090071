/** The store's public address, without a trailing slash (`define` in vite.config.ts, from PUBLIC_URL). */
declare const __PUBLIC_URL__: string;

/** `path` (from the site's root) as an absolute URL, for what is read away from the site: link previews. */
export function absoluteUrl(path: string): string {
  return `${__PUBLIC_URL__}${path}`;
}
