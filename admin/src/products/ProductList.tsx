import Typography from '@mui/material/Typography';
import type { components } from '@store/contracts';
import { DataTable, NumberField, useCanAccess, useRecordContext } from 'react-admin';
import { AppList } from '../common/AppList';
import { AppSearchInput } from '../common/AppSearchInput';
import { ListToolbar } from '../common/ListToolbar';
import { RecordCards, type CardField } from '../common/RecordCards';
import { formatDaysOfStock, isLowStock } from './stock';

type Product = components['schemas']['AdminProductDto'];

/** Keys in stock, marked when below the product's level (never for a product that never had a key). */
const Available = () => {
  const product = useRecordContext<Product>();
  if (!product) return null;
  return (
    <span>
      {product.available.toLocaleString('en-US')}
      {product.stocked && isLowStock(product.available, product.effectiveLowStockThreshold) ? (
        <Typography component="span" color="warning" variant="body2" sx={{ ml: 1 }}>
          Low stock
        </Typography>
      ) : null}
    </span>
  );
};

/** The level in force, and whether it is the store's default. */
const Threshold = () => {
  const product = useRecordContext<Product>();
  if (!product) return null;
  const level = product.effectiveLowStockThreshold === 0 ? 'No alert' : product.effectiveLowStockThreshold;
  return (
    <span>
      {level}
      {product.lowStockThreshold === null ? (
        <Typography component="span" color="textSecondary" variant="body2" sx={{ ml: 1 }}>
          (default)
        </Typography>
      ) : null}
    </span>
  );
};

const DaysOfStock = () => {
  const product = useRecordContext<Product>();
  return product ? <span>{formatDaysOfStock(product.daysOfStock)}</span> : null;
};

const CARD_FIELDS: CardField<Product>[] = [
  { label: 'Keys in stock', render: () => <Available /> },
  { label: 'Low-stock level', render: () => <Threshold /> },
  { label: 'Days of stock', render: () => <DaysOfStock /> },
  { label: 'Orders waiting', render: () => <NumberField source="waitingOrders" /> },
];

const filters = [<AppSearchInput key="q" source="q" alwaysOn />];

/**
 * The catalogue's products with their stock: keys in stock, the low-stock level (an admin changes it on
 * the product's page), the days the stock lasts at the recent rate of sales, and the orders waiting.
 */
export const ProductList = () => {
  const { canAccess: canEdit } = useCanAccess({ resource: 'products', action: 'edit' });
  return (
    <AppList
      title="Products"
      sort={{ field: 'position', order: 'ASC' }}
      filters={filters}
      actions={<ListToolbar />}
      cards={
        <RecordCards<Product>
          label="Products"
          title={(product) => product.title}
          fields={CARD_FIELDS}
          linkToEdit={Boolean(canEdit)}
        />
      }
      table={
        <DataTable rowClick={canEdit ? 'edit' : false} bulkActionButtons={false}>
          <DataTable.Col source="title" label="Product" />
          <DataTable.Col source="available" label="Keys in stock" align="right">
            <Available />
          </DataTable.Col>
          <DataTable.Col
            source="effectiveLowStockThreshold"
            label="Low-stock level"
            align="right"
            disableSort
          >
            <Threshold />
          </DataTable.Col>
          <DataTable.Col source="daysOfStock" label="Days of stock" align="right">
            <DaysOfStock />
          </DataTable.Col>
          <DataTable.NumberCol source="waitingOrders" label="Orders waiting" />
        </DataTable>
      }
    />
  );
};
