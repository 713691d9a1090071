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
  | 'reverseCharge'
  | 'taxMode'
>;

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
      {order.reverseCharge ? (
        <Typography variant="body2">
          <strong>Reverse charge</strong>: no VAT charged, the buyer accounts for it.
        </Typography>
      ) : null}
    </Box>
  );
};
