import RefundIcon from '@mui/icons-material/CurrencyExchange';
import { lazyView, type ResourceDefinition } from '../common/resource';

export default {
  name: 'refunds',
  label: 'Refunds',
  icon: RefundIcon,
  list: lazyView(() => import('./RefundsList'), 'RefundsList'),
  // Made on their order (the order's Refund action), never here.
  writable: [],
} satisfies ResourceDefinition;
