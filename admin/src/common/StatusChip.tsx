import Chip from '@mui/material/Chip';
import { capitalize } from './format';

const COLORS: Record<string, 'success' | 'warning' | 'error' | 'default' | 'info'> = {
  fulfilled: 'success',
  completed: 'success',
  active: 'success',
  sent: 'success',
  answered: 'success',
  processing: 'info',
  pending: 'warning',
  new: 'warning',
  cancelled: 'default',
  failed: 'error',
  refunded: 'default',
  revoked: 'error',
  expired: 'default',
  inactive: 'default',
};

export const StatusChip = ({ status }: { status: string }) => (
  <Chip size="small" label={capitalize(status)} color={COLORS[status] ?? 'default'} variant="outlined" />
);
