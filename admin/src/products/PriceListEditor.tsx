import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { Form, SaveButton, useRecordContext, useRefresh } from 'react-admin';
import { MoneyInput } from '../common/MoneyInput';
import { useStoreConfig } from '../common/storeConfig';
import { useToast } from '../common/toast';
import {
  priceListBody,
  priceListValues,
  putProductPrices,
  rowError,
  sortPriceErrors,
  type PriceListValues,
  type ProductPrice,
} from './prices';

/**
 * The product's price list (#35 §1): a row per currency the store sells, its current and original price
 * typed in the currency's units (37.99 euros, 6000 yen). Staff set every price; none is converted. An
 * empty row: the product is not sold in that currency. Saved on its own (`PUT …/prices`), apart from the
 * low-stock level; the server's refusal shows on the field it names.
 */
export const PriceListEditor = () => {
  const product = useRecordContext<{ id: string; prices?: ProductPrice[] }>();
  const config = useStoreConfig();
  const toast = useToast();
  const refresh = useRefresh();
  const [others, setOthers] = useState<string[]>([]);
  const currencies = useMemo(
    () => [
      ...new Set([...(config?.currencies ?? []), ...(product?.prices ?? []).map((price) => price.currency)]),
    ],
    [config, product],
  );
  const record = useMemo(() => priceListValues(currencies, product?.prices ?? []), [currencies, product]);
  if (!product || !config || currencies.length === 0) return null;

  const save = async (values: Record<string, unknown>) => {
    const body = priceListBody(currencies, values as unknown as PriceListValues);
    try {
      await putProductPrices(String(product.id), body);
      setOthers([]);
      toast('Prices saved', `Sold in ${body.prices.map((price) => price.currency).join(', ')}`);
      refresh();
      return undefined;
    } catch (error) {
      const sorted = sortPriceErrors(error, body.prices, currencies);
      setOthers(sorted.others);
      return sorted.fields;
    }
  };

  return (
    <Box component="section" aria-label="Prices" sx={{ px: 2, pb: 2 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        Prices
      </Typography>
      <Typography variant="body2" color="textSecondary">
        A price in each currency sold, in its units (37.99 for €37.99, 6000 for ¥6,000). Leave a row empty and
        the product is not sold in that currency; USD always has a price.
      </Typography>
      <Form key={JSON.stringify(record)} record={record} onSubmit={save}>
        <Table size="small" aria-label="Price list">
          <TableHead>
            <TableRow>
              <TableCell>Currency</TableCell>
              <TableCell>Current price</TableCell>
              <TableCell>Original price</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {currencies.map((currency) => (
              <TableRow key={currency}>
                <TableCell>{currency}</TableCell>
                <TableCell>
                  <MoneyInput
                    source={`prices.${currency}.currentPriceCents`}
                    label={`Current price (${currency})`}
                    currency={currency}
                    validate={(_value: unknown, values: Partial<PriceListValues>) =>
                      rowError(currency, values.prices?.[currency])
                    }
                  />
                </TableCell>
                <TableCell>
                  <MoneyInput
                    source={`prices.${currency}.originalPriceCents`}
                    label={`Original price (${currency})`}
                    currency={currency}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {others.map((message) => (
          <Alert key={message} severity="error" sx={{ mt: 1 }}>
            {message}
          </Alert>
        ))}
        <SaveButton label="Save prices" sx={{ mt: 1 }} />
      </Form>
    </Box>
  );
};
