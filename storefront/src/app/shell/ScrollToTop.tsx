import { useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Scrolls to the top on every route change (a link to an anchor scrolls to the anchor instead). Not on the
 * first render: the browser has placed the page it loaded itself (at the top, at its anchor, or where a
 * reload or Back left it), and a prerendered page may have been scrolled since; scrolling while it hydrates
 * would move what the shopper is about to click.
 */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  const placed = useRef(pathname + hash);
  useLayoutEffect(() => {
    if (placed.current === pathname + hash) return;
    placed.current = pathname + hash;
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}
