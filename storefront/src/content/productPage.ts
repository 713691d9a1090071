/** The words of a product's page (`/products/<id>`, pages/ProductPage.tsx) around the catalogue's own. */
export const productPageCopy = {
  addToCart: 'Add to Cart',
  inclVat: 'incl. VAT',
  includedApps: 'Included apps',
  platform: 'Platform',
  compatibilityLink: 'Check the system requirements',
  loadingPrice: 'Loading the price',
  unavailable: 'Unable to load the price. Please refresh the page.',
  notSoldInCurrency: 'This edition is not sold in the currency you chose: choose another currency.',
} as const;
