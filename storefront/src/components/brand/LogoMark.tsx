/** The store's mark (public/favicon.svg, also the favicon): a key whose bow is a grid of app tiles. */
export const LOGO_MARK_SRC = '/favicon.svg';

/**
 * The mark beside the store's name, which names the link or heading it sits in: decorative, so no text of
 * its own. Width and height are set, so its box has its size before the file has loaded.
 */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <img
      src={LOGO_MARK_SRC}
      alt=""
      width={size}
      height={size}
      style={{ display: 'block', flex: 'none', borderRadius: size / 4.5 }}
    />
  );
}
