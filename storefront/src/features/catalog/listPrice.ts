import type { Product } from './types';

/**
 * Whether a list ("original") price may be shown struck through (#34): only with its source stated
 * (`listPriceSource`) and above the price asked; otherwise no strike-through and no saving is claimed.
 */
export const hasListPrice = (
  product: Pick<Product, 'listPriceSource' | 'originalPriceCents' | 'currentPriceCents'>,
) => Boolean(product.listPriceSource) && product.originalPriceCents > product.currentPriceCents;
