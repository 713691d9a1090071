import ReviewIcon from '@mui/icons-material/GppMaybe';
import { lazyView, type ResourceDefinition } from '../common/resource';
import type { Order } from '../orders/types';

/** The review queue: the orders list held for review (the data provider asks for status on_hold). */
export default {
  name: 'reviews',
  label: 'Review queue',
  titlesUseLabel: true,
  icon: ReviewIcon,
  list: lazyView(() => import('./ReviewList'), 'ReviewList'),
  recordRepresentation: (order: Order) => `Order ${order.id}`,
  writable: [],
} satisfies ResourceDefinition;
