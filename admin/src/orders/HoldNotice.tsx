import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { formatDateTime } from '../common/format';
import type { OrderDetail } from './types';
import { holdReasonLabel } from './holdReasons';

/** On the order: held for review (the rules that held it, where it is decided), or how its review went. */
export const HoldNotice = ({
  order,
}: {
  order: Pick<OrderDetail, 'status' | 'holdReasons' | 'heldAt' | 'reviewedAt'>;
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
        .
      </Alert>
    );
  return order.reviewedAt && reasons ? (
    <Typography variant="body2" color="textSecondary">
      Held for review ({reasons}) from {formatDateTime(order.heldAt)}, reviewed{' '}
      {formatDateTime(order.reviewedAt)}.
    </Typography>
  ) : null;
};
