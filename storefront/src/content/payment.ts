/**
 * Copy of the ways to pay (#35 §2) and of a payment that confirms later (a bank's): what the buyer is told
 * before and after paying. Keys are sent only once the money is there, and these texts say no more.
 */
export const paymentCopy = {
  demoNotice: 'Demo payment, no charge.',
  demoNoticeDetail:
    'This store runs without a payment provider: no card details are needed and nothing is charged.',
  demoWallet: 'Pay with Demo Wallet',
  orPayBy: 'or choose another way to pay',
  methods: 'Payment method',
  card: 'Card',
  payLater: 'Bank payment',
  payLaterDetail:
    'A payment your bank confirms later, as a bank transfer or some bank redirects do (demo: nothing is charged). Your order waits for the confirmation; your licence keys are e-mailed once it arrives. If the payment fails, the order is cancelled and no keys are sent.',
  payLaterButton: 'Place Order, Pay by Bank',
  /** The order's status while the bank has not confirmed the payment (paymentStatus `processing`). */
  processingStatus:
    'Payment processing: your bank has not confirmed the payment yet. Your licence keys are e-mailed as soon as it does; if the payment fails, the order is cancelled and no keys are sent.',
  processingHeading: 'Order Placed: Payment Processing',
  processingEmail: 'Your licence keys will be e-mailed to',
  processingEmailAfter: 'once your bank confirms the payment.',
};
