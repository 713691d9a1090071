import { useSyncExternalStore } from 'react';

const neverChanges = () => () => {};
const inBrowser = () => false;
const asBuilt = () => true;

/**
 * True while a page renders as the build prerendered it: at build time (entry-prerender.tsx) and while the
 * browser hydrates that HTML; then false, React rendering the page again. False in a page the browser
 * renders from the start. What the build cannot know (the address's query, this year) must be rendered as
 * the build rendered it while this is true, or hydration would not match the HTML.
 */
export function useAsPrerendered(): boolean {
  return useSyncExternalStore(neverChanges, inBrowser, asBuilt);
}
