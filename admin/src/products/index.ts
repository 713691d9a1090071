import InventoryIcon from '@mui/icons-material/Inventory';
import type { components } from '@store/contracts';
import { lazyView, type ResourceDefinition } from '../common/resource';

export default {
  name: 'products',
  label: 'Products',
  icon: InventoryIcon,
  list: lazyView(() => import('./ProductList'), 'ProductList'),
  edit: lazyView(() => import('./ProductEdit'), 'ProductEdit'),
  recordRepresentation: (product: { title: string }) => product.title,
  writable: ['lowStockThreshold'] satisfies (keyof components['schemas']['UpdateProductDto'])[],
} satisfies ResourceDefinition;
