import Typography from '@mui/material/Typography';
import type { components } from '@store/contracts';
import {
  Edit,
  NumberInput,
  SaveButton,
  SimpleForm,
  Toolbar,
  maxValue,
  minValue,
  number,
  useRecordContext,
} from 'react-admin';
import { PriceListEditor } from './PriceListEditor';
import { formatDaysOfStock } from './stock';

type Product = components['schemas']['AdminProductDto'];

const MAX_THRESHOLD = 100_000;
const wholeNumber = (value: unknown) =>
  value === null || value === undefined || Number.isInteger(value) ? undefined : 'Enter a whole number';

/** What the product's stock is now, above the form. */
const StockSummary = () => {
  const product = useRecordContext<Product>();
  if (!product) return null;
  return (
    <Typography variant="body2" sx={{ mb: 2 }}>
      {product.title}: <strong>{product.available.toLocaleString('en-US')}</strong> keys in stock, days of
      stock: <strong>{formatDaysOfStock(product.daysOfStock)}</strong>, orders waiting:{' '}
      <strong>{product.waitingOrders}</strong>.
    </Typography>
  );
};

/**
 * The product's low-stock level (empty: the store's default, LOW_STOCK_THRESHOLD) and its price list, each
 * saved on its own. Admins only, as the API (the page's route is an edit).
 */
export const ProductEdit = () => (
  <Edit title="Edit Product" mutationMode="pessimistic" redirect="list">
    <SimpleForm
      toolbar={
        <Toolbar>
          <SaveButton />
        </Toolbar>
      }
    >
      <StockSummary />
      <NumberInput
        source="lowStockThreshold"
        label="Low-stock level"
        min={0}
        max={MAX_THRESHOLD}
        step={1}
        validate={[number(), wholeNumber, minValue(0), maxValue(MAX_THRESHOLD)]}
        helperText="Staff are e-mailed once when the keys in stock fall below this. Empty: the store's default; 0: no alert."
      />
    </SimpleForm>
    <PriceListEditor />
  </Edit>
);
