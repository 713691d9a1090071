import InventoryIcon from '@mui/icons-material/Inventory';
import type { components } from '@store/contracts';
import type { ResourceDefinition } from '../common/resource';
import { ProductEdit } from './ProductEdit';
import { ProductList } from './ProductList';

export default {
  name: 'products',
  label: 'Products',
  icon: InventoryIcon,
  list: ProductList,
  edit: ProductEdit,
  recordRepresentation: (product: { title: string }) => product.title,
  writable: ['lowStockThreshold'] satisfies (keyof components['schemas']['UpdateProductDto'])[],
} satisfies ResourceDefinition;
