/** The artwork drawn for each edition (public/art/<product id>.svg), all of this size. */
export const EDITION_ART_WIDTH = 320;
export const EDITION_ART_HEIGHT = 200;
const EDITIONS_WITH_ART = new Set([
  'office-2024-standard',
  'office-2024-home-business',
  'office-2024-professional-plus',
]);

/** The address of an edition's artwork, if it has one. */
export function editionArtSrc(productId: string): string | undefined {
  return EDITIONS_WITH_ART.has(productId) ? `/art/${productId}.svg` : undefined;
}

/**
 * An edition's artwork, decorative (the card's title names the edition). Its width and height give its box
 * the image's proportions before the file has loaded, so nothing moves when it arrives; it then scales with
 * its container (`width`, default the container's).
 */
export function EditionArt({ productId, width = '100%' }: { productId: string; width?: number | string }) {
  const src = editionArtSrc(productId);
  if (!src) return null;
  return (
    <img
      src={src}
      alt=""
      width={EDITION_ART_WIDTH}
      height={EDITION_ART_HEIGHT}
      style={{ display: 'block', width, height: 'auto' }}
    />
  );
}
