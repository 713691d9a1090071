import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useState, type ReactNode } from 'react';
import { useGetList, useInput, ValidationError } from 'react-admin';
import type { Order } from './types';
import { formatMoney, shortId } from '../common/format';

export const orderLabel = (order: Order) =>
  `${order.customerEmail} - ${formatMoney(order.totalCents, order.currency)} (${shortId(order.id)})`;

/** Picks an order by customer e-mail, name or id (searched on the server, newest first). */
export const OrderPicker = ({
  value,
  onChange,
  error,
  filter,
  hint,
  optional = false,
}: {
  value: Order | null;
  onChange: (order: Order | null) => void;
  error?: ReactNode;
  filter?: Record<string, string | boolean>;
  /** Shown under the field while there is no error (which orders are offered, what empty means). */
  hint?: string;
  optional?: boolean;
}) => {
  const [input, setInput] = useState('');
  // The chosen order's label is not a search.
  const term = value && input === orderLabel(value) ? '' : input.trim();
  const { data = [], isPending } = useGetList<Order>('orders', {
    pagination: { page: 1, perPage: 25 },
    sort: { field: 'createdAt', order: 'DESC' },
    filter: { ...filter, ...(term ? { q: term } : {}) },
  });

  return (
    <Autocomplete
      options={data}
      value={value}
      loading={isPending}
      filterOptions={(options) => options}
      getOptionLabel={orderLabel}
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      onChange={(_event, order) => onChange(order)}
      inputValue={input}
      onInputChange={(_event, text) => setInput(text)}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Order"
          required={!optional}
          error={Boolean(error)}
          helperText={error ?? hint}
        />
      )}
    />
  );
};

/** The picker as a react-admin input: the form holds the chosen order's id under `source`. */
export const OrderInput = ({
  source,
  filter,
  hint,
  optional = false,
}: {
  source: string;
  filter?: Record<string, string | boolean>;
  hint?: string;
  optional?: boolean;
}) => {
  const { field, fieldState } = useInput({ source, defaultValue: '', isRequired: !optional });
  const [order, setOrder] = useState<Order | null>(null);
  return (
    <OrderPicker
      value={order}
      onChange={(picked) => {
        setOrder(picked);
        field.onChange(picked?.id ?? '');
      }}
      error={fieldState.error?.message ? <ValidationError error={fieldState.error.message} /> : undefined}
      filter={filter}
      hint={hint}
      optional={optional}
    />
  );
};
