import { absoluteUrl } from '../lib/publicUrl';

/** The picture link previews show for every page (public/og-image.png, made by scripts/render-icons.mjs). */
export const SOCIAL_IMAGE = {
  path: '/og-image.png',
  width: 1200,
  height: 630,
  alt: 'Office 2024 lifetime licences for Windows and Mac: artwork of the Standard, Home & Business and Professional Plus editions',
};

/**
 * The document title and the description / Open Graph tags of a page (React 19 hoists them into <head>).
 * The image's address is absolute, as link previews need it.
 */
export function MetaTags({ title, description }: { title: string; description: string }) {
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
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
