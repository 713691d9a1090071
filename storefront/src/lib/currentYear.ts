import { useAsPrerendered } from './asPrerendered';

/** The year the storefront was built (`define` in vite.config.ts). */
declare const __BUILD_YEAR__: number;

/** This year, for the copyright lines; the build's year in a prerendered page until it is hydrated. */
export function useCurrentYear(): number {
  const asPrerendered = useAsPrerendered();
  return asPrerendered ? __BUILD_YEAR__ : new Date().getFullYear();
}
