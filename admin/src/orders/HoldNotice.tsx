import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { formatDateTime } from '../common/format';
import type { OrderDetail } from './types';
import { holdReasonLabel } from './holdReasons';

/** The pieces of evidence in staff's words. */
const PIECES: Record<string, string> = {
  billing: 'billing',
  card: 'card',
  checkoutAddress: 'checkout address',
};

/**
 * Where each piece of evidence places the buyer, and what decides: "Billing US, card DE, checkout address
 * DE. Card and checkout address agree on DE." or "… No two agree."
 */
export function evidenceText(evidence: NonNullable<OrderDetail['evidence']>): string {
  const where = (country: string | null) => country ?? 'unknown';
  const pieces = evidence.agreeing.map((piece) => PIECES[piece] ?? piece).join(' and ');
  const agreed = evidence.agreedCountry
    ? ` ${pieces.charAt(0).toUpperCase()}${pieces.slice(1)} agree on ${evidence.agreedCountry}.`
    : evidence.cardCountry || evidence.checkoutIpCountry
      ? ' No two agree.'
      : '';
  return (
    `Billing ${evidence.billingCountry}, card ${where(evidence.cardCountry)}, ` +
    `checkout address ${where(evidence.checkoutIpCountry)}.${agreed}`
  );
}

/** On the order: held for review (the rules that held it, where it is decided), or how its review went. */
export const HoldNotice = ({
  order,
}: {
  order: Pick<OrderDetail, 'status' | 'holdReasons' | 'heldAt' | 'reviewedAt'> & {
    evidence?: OrderDetail['evidence'];
  };
}) => {
  const reasons = (order.holdReasons ?? []).map(holdReasonLabel).join(', ');
  if (order.status === 'on_hold')
    return (
      <Alert severity="warning">
        <strong>Held for review</strong> since {formatDateTime(order.heldAt)}: {reasons}. Its keys are
        reserved and not sent; approve or reject it in the{' '}
        <Link component={RouterLink} to="/reviews">
          review queue
        </Link>
        .{order.evidence && <> {evidenceText(order.evidence)}</>}
      </Alert>
    );
  return order.reviewedAt && reasons ? (
    <Typography variant="body2" color="textSecondary">
      Held for review ({reasons}) from {formatDateTime(order.heldAt)}, reviewed{' '}
      {formatDateTime(order.reviewedAt)}.
    </Typography>
  ) : null;
};
