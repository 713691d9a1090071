/*
 * What the checkout says about tax and business buyers (#20): the summary's tax line and notes, and the
 * business fields of the billing form. With tax off (TAX_MODE=off, the default) the summary shows the spec's
 * "Taxes and fees $0.00" instead.
 */

export const taxCopy = {
  /** The summary's "Taxes and fees" while tax is on and the billing country is not known yet. */
  atCheckout: 'Calculated at checkout',
  /** The tax line: "VAT DE 19%", "VAT FI 25.5% (included)". */
  line: (country: string | null, rate: number, included: boolean) =>
    `VAT${country ? ` ${country}` : ''} ${rate}%${included ? ' (included)' : ''}`,
  /** The tax line of a reverse-charged order (a business with a verified EU VAT number). */
  reverseChargeLine: (country: string | null) => `VAT${country ? ` ${country}` : ''} 0% (reverse charge)`,
  reverseChargeNote: 'Reverse charge: VAT to be accounted for by the recipient.',
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
