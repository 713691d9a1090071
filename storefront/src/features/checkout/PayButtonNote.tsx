import Box from '@mui/material/Box';
import { PaymentMarks } from '../../components/brand/PaymentMarks';
import { TrustBadge } from '../../components/brand/TrustBadge';
import { formatMoney, type Money } from '../../lib/money';

/** Under the pay button, whichever provider's form it is: the total, the secure-payment badge, the cards. */
export function PayButtonNote({ total }: { total: Money }) {
  return (
    <Box sx={{ mt: 1.5, display: 'grid', justifyItems: 'center', gap: 1.5 }}>
      <Box sx={{ color: 'text.secondary', fontSize: 14 }}>Total to pay: {formatMoney(total)}</Box>
      <TrustBadge kind="secure">256-bit SSL encrypted</TrustBadge>
      <PaymentMarks sx={{ justifyContent: 'center' }} />
    </Box>
  );
}
