import Box from '@mui/material/Box';
import { PaymentMarks } from '../../components/brand/PaymentMarks';
import { TrustBadge } from '../../components/brand/TrustBadge';
import { formatCents } from '../../lib/money';

/** Under the pay button, whichever provider's form it is: the total, the secure-payment badge, the cards. */
export function PayButtonNote({ totalCents }: { totalCents: number }) {
  return (
    <Box sx={{ mt: 1.5, display: 'grid', justifyItems: 'center', gap: 1.5 }}>
      <Box sx={{ color: 'text.secondary', fontSize: 14 }}>Total to pay: {formatCents(totalCents)}</Box>
      <TrustBadge kind="secure">256-bit SSL encrypted</TrustBadge>
      <PaymentMarks sx={{ justifyContent: 'center' }} />
    </Box>
  );
}
