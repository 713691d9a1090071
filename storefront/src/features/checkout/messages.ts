/** Toast texts of the checkout (spec §4 and §8), verbatim. */
export const MESSAGES = {
  billingSaved: { title: 'Billing information saved', description: 'Proceeding to payment...' },
  setupFailed: {
    title: 'Payment Setup Failed',
    description: 'Unable to initialize payment. Please refresh and try again.',
  },
  paymentFailed: { title: 'Payment Failed', fallback: 'Something went wrong. Please try again.' },
  orderPlaced: {
    title: 'Order Placed Successfully!',
    description: "You'll receive your license keys via email within 5 minutes.",
  },
  /** Paid by a method that confirms later, or a bank transfer to send (#35): nothing is sent before the money arrives. */
  paymentProcessing: {
    title: 'Order placed: payment processing',
    description: 'Your licence keys are e-mailed once the payment arrives.',
  },
} as const;
