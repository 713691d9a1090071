import Inventory2Icon from '@mui/icons-material/Inventory2';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import type { components } from '@store/contracts';
import { lazyView, type ResourceDefinition } from '../common/resource';

/** The companies keys are bought from (#21 §1). */
export const suppliers = {
  name: 'suppliers',
  label: 'Suppliers',
  icon: LocalShippingIcon,
  list: lazyView(() => import('./SupplierViews'), 'SupplierList'),
  create: lazyView(() => import('./SupplierViews'), 'SupplierCreate'),
  edit: lazyView(() => import('./SupplierViews'), 'SupplierEdit'),
  recordRepresentation: (supplier: { name: string }) => supplier.name,
  writable: ['name', 'notes'] satisfies (keyof components['schemas']['UpdateSupplierDto'])[],
} satisfies ResourceDefinition;

/** Keys bought in one purchase: supplier, invoice, cost per key, and where the keys are now. */
export const keyBatches = {
  name: 'key-batches',
  label: 'Key batches',
  titlesUseLabel: true,
  icon: Inventory2Icon,
  list: lazyView(() => import('./KeyBatchViews'), 'KeyBatchList'),
  create: lazyView(() => import('./KeyBatchViews'), 'KeyBatchCreate'),
  edit: lazyView(() => import('./KeyBatchViews'), 'KeyBatchEdit'),
  recordRepresentation: (batch: { invoiceReference: string }) => batch.invoiceReference,
  writable: [
    'supplierId',
    'productId',
    'invoiceReference',
    'costPerKeyCents',
    'purchasedAt',
    'notes',
  ] satisfies (keyof components['schemas']['UpdateKeyBatchDto'])[],
} satisfies ResourceDefinition;
