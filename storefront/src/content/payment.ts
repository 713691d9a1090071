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
    'A payment your bank confirms later, as some bank redirects do (demo: nothing is charged). Your order waits for the confirmation; your licence keys are e-mailed once it arrives. If the payment fails, the order is cancelled and no keys are sent.',
  payLaterButton: 'Place Order, Pay by Bank',
  /** Orders of about $500 or more (the server says which: `bankTransfer`). */
  bankTransfer: 'Bank transfer',
  bankTransferDetail:
    'You send the total from your bank account: the account to pay into and your reference are e-mailed to you when you place the order (demo: nothing is charged). Your licence keys are e-mailed once the transfer arrives, usually within 1 to 3 business days. If it has not arrived within 7 days, the order is cancelled and no keys are sent.',
  bankTransferButton: 'Place Order, Pay by Bank Transfer',
  /** The order's status while its payment has not arrived (paymentStatus `processing`). */
  processingStatus:
    'Payment processing: your payment has not arrived yet (your bank’s confirmation, or the bank transfer you send). Your licence keys are e-mailed as soon as it arrives; if it fails or does not arrive, the order is cancelled and no keys are sent.',
  processingHeading: 'Order Placed: Payment Processing',
  processingEmail: 'Your licence keys will be e-mailed to',
  processingEmailAfter: 'once the payment arrives.',
};
