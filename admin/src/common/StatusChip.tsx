import Chip from '@mui/material/Chip';
import { capitalize } from './format';

const COLORS: Record<string, 'success' | 'warning' | 'error' | 'default' | 'info'> = {
  fulfilled: 'success',
  completed: 'success',
  active: 'success',
  sent: 'success',
  answered: 'success',
  replaced: 'success',
  open: 'warning',
  faulty: 'error',
  processing: 'info',
  pending: 'warning',
  new: 'warning',
  cancelled: 'default',
  failed: 'error',
  refunded: 'default',
  revoked: 'error',
  expired: 'default',
  inactive: 'default',
  'refund-due': 'warning',
};

/** Words for the states whose name is not one already. */
const LABELS: Record<string, string> = {
  // An order paid but not delivered (its `refundDue` is set): staff owe the shopper the whole payment.
  'refund-due': 'Refund due',
};

export const StatusChip = ({ status }: { status: string }) => (
  <Chip
    size="small"
    label={LABELS[status] ?? capitalize(status)}
    color={COLORS[status] ?? 'default'}
    variant="outlined"
  />
);
