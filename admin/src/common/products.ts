/** The catalogue's three products: admin pickers and tables show their titles (DESIGN.md). */
export const PRODUCTS = [
  { id: 'office-2024-standard', title: 'Office 2024 Standard' },
  { id: 'office-2024-home-business', title: 'Office 2024 Home & Business' },
  { id: 'office-2024-professional-plus', title: 'Office 2024 Professional Plus LTSC' },
] as const;

export const PRODUCT_CHOICES = PRODUCTS.map(({ id, title }) => ({ id, name: title }));

/**
 * The catalogue title of a product id; an id outside the catalogue reads as the spec's fallback: the first
 * hyphen replaced by a space and each word capitalised.
 */
export function productName(productId: string | null | undefined): string {
  if (!productId) return '';
  const product = PRODUCTS.find(({ id }) => id === productId);
  if (product) return product.title;
  return productId
    .replace('-', ' ')
    .split(' ')
    .map((word) => (word ? word[0]!.toUpperCase() + word.slice(1) : word))
    .join(' ');
}
