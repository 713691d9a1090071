import type { TextSection } from './types';

/*
 * What the store says about tax, business buyers, invoices and credit notes (#20): the checkout summary's tax
 * line and notes, the business fields of the billing form, the licence page's documents, and the sections of
 * the terms and the refund policy. With tax off (TAX_MODE=off, the default) the summary shows the spec's
 * "Taxes and fees $0.00"; the policies' words hold either way.
 */

export const taxCopy = {
  /** The summary's "Taxes and fees" while tax is added to prices and the billing country is not known yet. */
  atCheckout: 'Calculated at checkout',
  /**
   * The same while prices include VAT (TAX_MODE=inclusive): nothing comes on top, whatever the country (#34).
   */
  includedInPrices: 'Included in prices (EU and UK VAT)',
  /** The total of a buyer charged VAT included in the prices. */
  totalInclVat: 'Total (incl. VAT)',
  /** The tax line: "VAT DE 19%", "VAT FI 25.5% (included)". */
  line: (country: string | null, rate: number, included: boolean) =>
    `VAT${country ? ` ${country}` : ''} ${rate}%${included ? ' (included)' : ''}`,
  /** The tax line of a reverse-charged order (a business with a verified EU VAT number). */
  reverseChargeLine: (country: string | null) => `VAT${country ? ` ${country}` : ''} 0% (reverse charge)`,
  reverseChargeNote: 'Reverse charge: VAT to be accounted for by the recipient.',
  /**
   * A VAT number registered to another company than the one typed: the consumer's rate is charged. It names
   * the field to check and nothing of the registered company.
   */
  companyMismatchNote:
    'The company name does not match the name registered for this VAT number, so VAT is charged at the consumer rate. To buy without VAT, go back and enter the Company name exactly as registered for the number.',
  /** A VAT number the store could not check: the consumer's rate is charged. */
  unverifiedNote:
    'We could not verify your VAT number, so VAT is charged at the consumer rate. If your number is valid, contact us for an invoice without VAT.',
};

export const businessCopy = {
  checkbox: 'Buying for a business',
  company: 'Company name',
  vatNumber: 'VAT number (optional)',
  vatNumberHint: 'With its country code, e.g. FR40303265045. It is shown on your invoice.',
  /** In place of the VAT number for a billing address outside the EU and the UK. */
  vatNumberNotOffered: 'A VAT number can be given only for a billing address in the EU or the UK.',
  /** Before the server's messages, when it refused the company name or VAT number. */
  refused: 'Please check your business details.',
};

/** The licence page's invoice and credit notes of an order. */
export const invoiceCopy = {
  heading: 'Invoice and credit notes',
  downloadInvoice: (number: string) => `Download invoice ${number}`,
  downloadCreditNote: (number: string) => `Download credit note ${number}`,
  /** Beside a credit note: when it was issued and what it credits. */
  creditNoteDetail: (date: string, amount: string) => `Issued ${date} · refunds ${amount}`,
  failed: 'Download failed',
  /** When the server gave no reason. */
  failedFallback: 'The document could not be downloaded. Please try again.',
};

/** The terms' section on prices, VAT and invoices, after the purchase terms. */
export const pricesVatAndInvoices: TextSection = {
  heading: 'Prices, VAT and Invoices',
  paragraphs: [
    'When the store charges VAT, the rate is that of the country in your billing address, and checkout shows the rate, the country and the amount before you pay. For consumers billed in the EU or the UK, the total at checkout includes VAT: it is the price you pay. If an order shows that you live in another country, we may correct the VAT on its invoice to that country’s rate without changing the price you paid, or, where that rate would change what you owe, refund the order in full and ask you to order again.',
    'A business billed in an EU member state other than the store’s own, with a valid EU VAT number, is not charged VAT: the reverse charge applies, and the business accounts for the VAT itself. Checkout checks the number and the company name registered for it; if the number cannot be verified, or is registered to another company, VAT is charged at the consumer rate, and you may contact us with proof of the number.',
    'Every paid order gets an invoice with its own number. You can download it from your licences page (ask for a sign-in link on the "Your licences" page with the e-mail address you used at checkout).',
    'When we refund an order in whole or in part, we issue a credit note for the amount refunded, which corrects the invoice. It is on your licences page too.',
  ],
};

/** The refund policy's section on what a refund does to the invoice. */
export const refundsAndInvoices: TextSection = {
  heading: 'Refunds and your invoice',
  paragraphs: [
    'Every refund, in whole or in part, comes with a credit note that corrects your invoice: it states the amount refunded and, when VAT was charged, the VAT refunded with it. You can download it from your licences page, next to the invoice.',
  ],
};
