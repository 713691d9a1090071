import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { NumberInput, useInput, useRefresh, ValidationError } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { SCHEMA_RULES } from '@store/contracts';
import { CreateDialog } from '../common/CreateDialog';
import { OrderInput } from '../orders/OrderPicker';
import { OrderProductInput } from '../orders/OrderProductInput';
import { generateLicenseKey } from './generateKey';
import { BatchInput, useResolveBatch, validateBatch, type BatchValues } from '../suppliers/BatchInput';

/** The key's shape as the server checks it: five groups of five letters or digits. */
const LICENSE_KEY = /^[A-Z0-9]{5}(-[A-Z0-9]{5}){4}$/;
const LICENSE_RULES = SCHEMA_RULES.CreateLicenseKeyDto.properties;

interface Errors {
  orderId?: string;
  productId?: string;
  licenseKey?: string;
  activationLimit?: string;
}

export function validateLicense(values: {
  orderId: string;
  productId: string;
  licenseKey: string;
  activationLimit: string;
}): Errors {
  // No order: the key goes into the inventory. The key and the limit are checked as the server checks them.
  const errors: Errors = {};
  if (!values.productId) errors.productId = 'Product ID is required';
  const key = values.licenseKey.trim().toUpperCase();
  if (!key) errors.licenseKey = 'License key is required';
  else if (!LICENSE_KEY.test(key)) errors.licenseKey = 'License key must be 5 groups of 5 letters or digits';
  const limit = Number(values.activationLimit);
  const maximum = LICENSE_RULES.activationLimit.maximum;
  if (values.activationLimit.trim() === '' || Number.isNaN(limit) || limit < 1)
    errors.activationLimit = 'Activation limit must be at least 1';
  else if (!Number.isInteger(limit)) errors.activationLimit = 'Activation limit must be a whole number';
  else if (limit > maximum) errors.activationLimit = `Activation limit must be at most ${maximum}`;
  return errors;
}

/** The form's values as react-admin holds them (the activation limit is a number, or null when cleared). */
interface FormValues extends BatchValues {
  orderId?: string;
  productId?: string;
  licenseKey?: string;
  activationLimit?: number | null;
}

const validate = (values: FormValues) => ({
  ...validateLicense({
    orderId: values.orderId ?? '',
    productId: values.productId ?? '',
    licenseKey: values.licenseKey ?? '',
    activationLimit: String(values.activationLimit ?? ''),
  }),
  ...validateBatch(values, values.productId || 'chosen above'),
});

/** `POST /api/admin/license-keys`, from values that passed `validate`, in the batch chosen or created. */
const toCreate = (values: FormValues, batchId: number) => ({
  orderId: values.orderId || undefined,
  productId: values.productId,
  licenseKey: values.licenseKey?.trim(),
  activationLimit: Number(values.activationLimit),
  batchId,
});

/** The batch of the product chosen (its batches only: a key cannot go into another product's batch). */
const ProductBatchInput = () => {
  const productId = useWatch<FormValues, 'productId'>({ name: 'productId' });
  return productId ? <BatchInput productId={productId} /> : null;
};

/** The key's field and the button that fills it with a random, well-formed key. */
const LicenseKeyInput = () => {
  const { field, fieldState, id } = useInput({ source: 'licenseKey', defaultValue: '', isRequired: true });
  const message = fieldState.error?.message;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <TextField
        {...field}
        id={id}
        label="License Key"
        required
        fullWidth
        error={Boolean(message)}
        helperText={message ? <ValidationError error={message} /> : undefined}
        slotProps={{ htmlInput: { style: { fontFamily: 'monospace' } } }}
      />
      <Button variant="outlined" sx={{ mt: 1 }} onClick={() => field.onChange(generateLicenseKey())}>
        Generate
      </Button>
    </Stack>
  );
};

/** Gives a paid order a key, or puts one in stock: the form checked as the spec words it. */
export const LicenseKeyCreateDialog = () => {
  const refresh = useRefresh();
  const resolveBatch = useResolveBatch();
  return (
    <CreateDialog
      resource="license-keys"
      label="Create License"
      title="Create License"
      validate={validate}
      transform={async (values: FormValues) => toCreate(values, await resolveBatch(values, values.productId))}
      created={['License key created']}
      failed="Failed to create license key"
      onCreated={refresh}
    >
      <OrderInput
        source="orderId"
        // Paid orders that are delivered: one owed a refund gets no keys (the API refuses them).
        filter={{ paymentStatus: 'completed', refundDue: false }}
        optional
        hint="Paid orders only. Leave empty to add the key to stock."
      />
      <OrderProductInput />
      <ProductBatchInput />
      <LicenseKeyInput />
      <NumberInput
        source="activationLimit"
        label="Activation Limit"
        defaultValue={1}
        min={1}
        step={1}
        isRequired
        helperText={false}
      />
    </CreateDialog>
  );
};
