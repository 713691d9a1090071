import { absoluteUrl } from '../lib/publicUrl';

/** The picture link previews show for every page (public/og-image.png, made by scripts/render-icons.mjs). */
export const SOCIAL_IMAGE = {
  path: '/og-image.png',
  width: 1200,
  height: 630,
  alt: 'Office 2024 lifetime licences for Windows and Mac: artwork of the Standard, Home & Business and Professional Plus editions',
};

/**
 * The document title and the description / Open Graph tags of a page (React 19 hoists them into <head>),
 * and its canonical address when it has one (the address search engines list it under: without the query,
 * one per page). The addresses are absolute, as link previews and search engines need them.
 */
export function MetaTags({
  title,
  description,
  canonicalPath = null,
}: {
  title: string;
  description: string;
  canonicalPath?: string | null;
}) {
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      {canonicalPath !== null && <link rel="canonical" href={absoluteUrl(canonicalPath)} />}
      {canonicalPath !== null && <meta property="og:url" content={absoluteUrl(canonicalPath)} />}
      <meta property="og:type" content="website" />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:image" content={absoluteUrl(SOCIAL_IMAGE.path)} />
      <meta property="og:image:width" content={String(SOCIAL_IMAGE.width)} />
      <meta property="og:image:height" content={String(SOCIAL_IMAGE.height)} />
      <meta property="og:image:alt" content={SOCIAL_IMAGE.alt} />
      <meta name="twitter:card" content="summary_large_image" />
    </>
  );
}
