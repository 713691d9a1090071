import OrderIcon from '@mui/icons-material/ShoppingCart';
import type { components } from '@store/contracts';
import { lazyView, type ResourceDefinition } from '../common/resource';
import type { Order } from './types';

export default {
  name: 'orders',
  label: 'Orders',
  icon: OrderIcon,
  list: lazyView(() => import('./OrderList'), 'OrderList'),
  recordRepresentation: (order: Order) => `Order ${order.id}`,
  writable: ['status', 'paymentStatus'] satisfies (keyof components['schemas']['UpdateOrderDto'])[],
} satisfies ResourceDefinition;
