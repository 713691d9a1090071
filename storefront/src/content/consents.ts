import { CONSENT_STATEMENTS } from '@store/contracts';
import { REFUND } from './business';

/**
 * The checkout's two statements before paying (Consumer Rights Directive Art 16(m)), in the server's words:
 * the API contract carries them, so checkout shows and the delivery e-mail confirms the same text.
 */
export const consentStatements = CONSENT_STATEMENTS;

export const consentCopy = {
  legend: 'Delivery within the withdrawal period',
  /** Under the boxes, for a billing country whose buyers must tick both. */
  required: 'Buyers billed in the EU or the UK must tick both statements before paying.',
  guarantee: `Neither affects our ${REFUND.windowDays}-day money-back guarantee (see the Refund Policy).`,
  /** In place of the payment form until both are ticked. */
  waiting: 'Tick both statements above to continue to payment.',
  payButton: 'Complete Secure Purchase',
  /** In place of the statements for a business whose VAT number was confirmed: they are a consumer's. */
  business:
    'Your VAT number is confirmed: as a business purchase, the consumer statements about the withdrawal period do not apply.',
};
