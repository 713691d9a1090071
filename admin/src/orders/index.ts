import OrderIcon from '@mui/icons-material/ShoppingCart';
import { OrderList } from './OrderList';
import type { Order } from './types';

const recordRepresentation = (order: Order) => `Order ${order.id}`;

export default { list: OrderList, icon: OrderIcon, recordRepresentation };
