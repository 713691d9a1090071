import RefundIcon from '@mui/icons-material/CurrencyExchange';
import type { ResourceDefinition } from '../common/resource';
import { RefundsList } from './RefundsList';

export default {
  name: 'refunds',
  label: 'Refunds',
  icon: RefundIcon,
  list: RefundsList,
  // Made on their order (the order's Refund action), never here.
  writable: [],
} satisfies ResourceDefinition;
