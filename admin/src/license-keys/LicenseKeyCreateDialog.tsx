import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useCreate, useRefresh } from 'react-admin';
import { OrderPicker } from '../orders/OrderPicker';
import { PRODUCTS } from '../common/products';
import { errorMessage, useToast } from '../common/toast';
import type { Order } from '../orders/types';
import { generateLicenseKey } from './generateKey';

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
  const errors: Errors = {};
  if (!values.orderId) errors.orderId = 'Order ID is required';
  if (!values.productId) errors.productId = 'Product ID is required';
  if (!values.licenseKey.trim()) errors.licenseKey = 'License key is required';
  const limit = Number(values.activationLimit);
  if (!Number.isInteger(limit) || limit < 1) errors.activationLimit = 'Activation limit must be at least 1';
  return errors;
}

export const LicenseKeyCreateDialog = () => {
  const [open, setOpen] = useState(false);
  const [order, setOrder] = useState<Order | null>(null);
  const [productId, setProductId] = useState('');
  const [licenseKey, setLicenseKey] = useState('');
  const [activationLimit, setActivationLimit] = useState('1');
  const [errors, setErrors] = useState<Errors>({});
  const [create, { isPending }] = useCreate();
  const toast = useToast();
  const refresh = useRefresh();

  const reset = () => {
    setOrder(null);
    setProductId('');
    setLicenseKey('');
    setActivationLimit('1');
    setErrors({});
  };
  const close = () => {
    setOpen(false);
    reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const values = { orderId: order?.id ?? '', productId, licenseKey, activationLimit };
    const found = validateLicense(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    void create(
      'license-keys',
      {
        data: {
          orderId: values.orderId,
          productId,
          licenseKey: licenseKey.trim(),
          activationLimit: Number(activationLimit),
        },
      },
      {
        onSuccess: () => {
          toast('License key created');
          close();
          refresh();
        },
        onError: (error) =>
          toast('Creation failed', errorMessage(error, 'Failed to create license key'), 'error'),
      },
    );
  };

  return (
    <>
      <Button size="small" startIcon={<AddIcon />} onClick={() => setOpen(true)}>
        Create License
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="create-license-title">
        <form onSubmit={submit} noValidate>
          <DialogTitle id="create-license-title">Create License</DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              <OrderPicker
                value={order}
                onChange={setOrder}
                error={errors.orderId}
                // Paid orders that are delivered: one owed a refund gets no keys (the API refuses them).
                filter={{ paymentStatus: 'completed', refundDue: false }}
              />
              <TextField
                select
                label="Product"
                required
                value={productId}
                onChange={(event) => setProductId(event.target.value)}
                error={Boolean(errors.productId)}
                helperText={errors.productId}
              >
                {PRODUCTS.map((product) => (
                  <MenuItem key={product.id} value={product.id}>
                    {product.title}
                  </MenuItem>
                ))}
              </TextField>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                <TextField
                  label="License Key"
                  required
                  fullWidth
                  value={licenseKey}
                  onChange={(event) => setLicenseKey(event.target.value)}
                  error={Boolean(errors.licenseKey)}
                  helperText={errors.licenseKey}
                  slotProps={{ htmlInput: { style: { fontFamily: 'monospace' } } }}
                />
                <Button variant="outlined" sx={{ mt: 1 }} onClick={() => setLicenseKey(generateLicenseKey())}>
                  Generate
                </Button>
              </Stack>
              <TextField
                label="Activation Limit"
                type="number"
                required
                value={activationLimit}
                onChange={(event) => setActivationLimit(event.target.value)}
                error={Boolean(errors.activationLimit)}
                helperText={errors.activationLimit}
                slotProps={{ htmlInput: { min: 1 } }}
              />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>Cancel</Button>
            <Button type="submit" variant="contained" disabled={isPending}>
              Create License
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
};
