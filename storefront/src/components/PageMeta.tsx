import { useStoreConfig } from '../lib/storeConfig';
import { MetaTags } from './MetaTags';

/** A page's title, description and Open Graph tags, the title ending in the store's name once loaded. */
export function PageMeta({ title, description }: { title: string; description: string }) {
  const { config } = useStoreConfig();
  return <MetaTags title={config ? `${title} | ${config.storeName}` : title} description={description} />;
}
