/** The address of a product's own page (pages/ProductPage.tsx). */
export const productPath = (productId: string) => `/products/${productId}`;
