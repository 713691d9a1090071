import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../common/format';
import type { OrderDetail } from './types';

type BusinessOrder = Pick<
  OrderDetail,
  | 'billingCompany'
  | 'vatNumber'
  | 'vatNumberStatus'
  | 'vatCheckReference'
  | 'vatCheckedAt'
  | 'vatNameMatch'
  | 'vatCheckAnswer'
  | 'reverseCharge'
  | 'taxMode'
>;

/** How the company typed compares with VIES's name for the number, and what VIES answered. */
function registered(order: BusinessOrder): string | null {
  const answer = order.vatCheckAnswer;
  if (!answer || !order.vatNameMatch) return null;
  if (order.vatNameMatch === 'undisclosed')
    return 'VIES gives no company name for this number: the buyer’s company could not be confirmed.';
  const address = answer.address ? `, ${answer.address.replace(/\s*\n\s*/g, ', ')}` : '';
  const postcode =
    answer.addressHasPostcode === false ? ' (the billing postcode is not in this address)' : '';
  return (
    `Registered to ${answer.name}${address}${postcode}: ` +
    (order.vatNameMatch === 'match'
      ? 'the company name matches.'
      : 'not the company typed, so the consumer rate was charged.')
  );
}

/** How the VAT number was checked at checkout: VIES's proof, or why the buyer paid the consumer rate. */
function checked(order: BusinessOrder): string {
  if (order.vatNumberStatus === 'verified') {
    const reference = order.vatCheckReference ? ` ref ${order.vatCheckReference}` : '';
    return `verified (VIES${reference}, ${formatDateTime(order.vatCheckedAt)})`;
  }
  // With tax off there was no rate to charge either way.
  return order.taxMode === 'off' ? 'unverified' : 'unverified: charged the consumer rate';
}

/** On the order: the business buyer's company and VAT number, how it was checked, a reverse charge. */
export const BusinessBuyer = ({ order }: { order: BusinessOrder }) => {
  if (!order.billingCompany && !order.vatNumber) return null;
  return (
    <Box aria-label="Business buyer" role="group" sx={{ mt: 0.5 }}>
      {order.billingCompany ? <Typography>{order.billingCompany}</Typography> : null}
      {order.vatNumber ? (
        <Typography variant="body2">
          VAT number <span style={{ fontFamily: 'monospace' }}>{order.vatNumber}</span>: {checked(order)}
        </Typography>
      ) : null}
      {registered(order) ? (
        <Typography variant="body2" aria-label="VIES answer">
          {registered(order)}
          {order.vatCheckAnswer?.requestDate ? ` (VIES, ${order.vatCheckAnswer.requestDate})` : ''}
        </Typography>
      ) : null}
      {order.reverseCharge ? (
        <Typography variant="body2">
          <strong>Reverse charge</strong>: no VAT charged, the buyer accounts for it.
        </Typography>
      ) : null}
    </Box>
  );
};
