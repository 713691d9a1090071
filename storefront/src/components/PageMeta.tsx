import { useStoreConfig } from '../lib/storeConfig';

/** The document title and the description / Open Graph tags of a page (React 19 hoists them into <head>). */
export function PageMeta({ title, description }: { title: string; description: string }) {
  const { config } = useStoreConfig();
  // The store's name follows once the settings are loaded.
  const fullTitle = config ? `${title} | ${config.storeName}` : title;
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
    </>
  );
}
