/** Copy of the currency choice (#35): the selector, its suggestion at checkout, a line not sold in it. */
export const currencyCopy = {
  label: 'Currency',
  /** Under the checkout's selector once the billing country names another currency the store sells. */
  suggestion: (countryName: string, currency: string) =>
    `Billed in ${countryName}? You can pay in ${currency} instead.`,
  suggestionAction: (currency: string) => `Show prices in ${currency}`,
  /** Lines the cart keeps that the chosen currency's price list does not sell. */
  notSold: (currency: string) => `Not sold in ${currency}:`,
  notSoldHelp: 'Choose another currency to buy them, or remove them from your cart.',
  notSoldPayment: (currency: string) =>
    `Some items in your cart are not sold in ${currency}. Choose another currency or remove them to pay.`,
};
