import { config } from '../lib/config';

/** The document title and the description / Open Graph tags of a page (React 19 hoists them into <head>). */
export function PageMeta({ title, description }: { title: string; description: string }) {
  const fullTitle = `${title} | ${config.storeName}`;
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
    </>
  );
}
