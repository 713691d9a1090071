import { useEffect } from 'react';
import { SelectInput, useGetList } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import type { AdminOrderListRow } from '@store/contracts';
import { productName, useProducts } from '../common/products';

/** The two fields of a form that gives an order something for one of its products. */
interface OrderProductValues {
  orderId: string;
  productId: string;
}

/**
 * The product: with an order chosen, one of the products it holds (preselected when it holds one), since the
 * server refuses any other; with none (a key for stock), any product of the catalogue. The order's products
 * come from its row in the orders list, which, unlike its detail, reveals none of its keys. Used by the
 * forms that give an order a licence key or a download link.
 */
export const OrderProductInput = () => {
  const orderId = useWatch<OrderProductValues, 'orderId'>({ name: 'orderId' });
  const { getValues, setValue } = useFormContext<OrderProductValues>();
  const catalogue = useProducts();
  const { data: rows } = useGetList<AdminOrderListRow>(
    'orders',
    {
      filter: { id: [orderId] },
      pagination: { page: 1, perPage: 1 },
      // A sort the API accepts: react-admin's default, by `id`, is refused.
      sort: { field: 'createdAt', order: 'DESC' },
    },
    { enabled: Boolean(orderId) },
  );
  const order = orderId ? rows?.find((row) => row.id === orderId) : undefined;
  const offered = orderId ? (order?.productIds ?? []) : catalogue.map(({ id }) => id);

  useEffect(() => {
    if (!order) return;
    const chosen = getValues('productId');
    if (order.productIds.length === 1) setValue('productId', order.productIds[0], { shouldDirty: true });
    else if (chosen && !order.productIds.includes(chosen)) setValue('productId', '', { shouldDirty: true });
  }, [order, getValues, setValue]);

  return (
    <SelectInput
      source="productId"
      label="Product"
      choices={offered.map((id) => ({ id, name: productName(id) }))}
      isRequired
      helperText={false}
    />
  );
};
