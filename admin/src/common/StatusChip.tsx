import Chip from '@mui/material/Chip';
import { statusLabel } from './format';

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
  partially_refunded: 'info',
  succeeded: 'success',
  canceled: 'default',
  revoked: 'error',
  expired: 'default',
  inactive: 'default',
  'refund-due': 'warning',
  on_hold: 'warning',
  // A key assigned to an order held for review: not delivered, not an active licence.
  reserved: 'info',
  withdrawn: 'default',
  disputed: 'error',
  withheld: 'warning',
  // A dispute's (Stripe's words) and an early fraud warning's statuses.
  needs_response: 'error',
  warning_needs_response: 'warning',
  under_review: 'info',
  warning_under_review: 'info',
  won: 'success',
  warning_closed: 'success',
  lost: 'error',
};

export const StatusChip = ({ status }: { status: string }) => (
  <Chip size="small" label={statusLabel(status)} color={COLORS[status] ?? 'default'} variant="outlined" />
);
