import { useLocation } from 'react-router-dom';
import { useStoreConfig } from '../lib/storeConfig';
import { MetaTags } from './MetaTags';

/**
 * A page's title, description and Open Graph tags, the title ending in the store's name once loaded, and
 * its canonical address: the page's own path as the router matches it (lower case, no trailing slash, no
 * query) unless `canonicalPath` names another, or none (null: the not-found page).
 */
export function PageMeta({
  title,
  description,
  canonicalPath,
}: {
  title: string;
  description: string;
  canonicalPath?: string | null;
}) {
  const { config } = useStoreConfig();
  const { pathname } = useLocation();
  return (
    <MetaTags
      title={config ? `${title} | ${config.storeName}` : title}
      description={description}
      canonicalPath={canonicalPath === undefined ? routePath(pathname) : canonicalPath}
    />
  );
}

/** The path as the router matches it: lower case, without a trailing slash (`/` stays `/`). */
const routePath = (pathname: string) => pathname.toLowerCase().replace(/(.)\/+$/, '$1');
