import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useCreate } from 'react-admin';
import { OrderPicker } from '../orders/OrderPicker';
import { PRODUCTS } from '../common/products';
import { errorMessage, useToast } from '../common/toast';
import type { Order } from '../orders/types';

interface Values {
  orderId: string;
  productId: string;
  fileName: string;
  fileUrl: string;
  fileSize: string;
  maxDownloads: string;
}
type Errors = Partial<Record<keyof Values, string>>;

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export function validateDownload(values: Values): Errors {
  const errors: Errors = {};
  if (!values.orderId) errors.orderId = 'Order ID is required';
  if (!values.productId) errors.productId = 'Product ID is required';
  if (!values.fileName.trim()) errors.fileName = 'File name is required';
  if (!isHttpUrl(values.fileUrl.trim())) errors.fileUrl = 'Must be a valid URL';
  const max = Number(values.maxDownloads);
  if (!Number.isInteger(max) || max < 1) errors.maxDownloads = 'Max downloads must be at least 1';
  return errors;
}

const EMPTY = { productId: '', fileName: '', fileUrl: '', fileSize: '', maxDownloads: '5' };

export const DownloadCreateDialog = ({ onCreated }: { onCreated: () => void }) => {
  const [open, setOpen] = useState(false);
  const [order, setOrder] = useState<Order | null>(null);
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [create, { isPending }] = useCreate();
  const toast = useToast();

  const reset = () => {
    setOrder(null);
    setValues(EMPTY);
    setErrors({});
  };
  const close = () => {
    setOpen(false);
    reset();
  };
  const field = (name: keyof typeof EMPTY) => ({
    value: values[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
    error: Boolean(errors[name]),
    helperText: errors[name],
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const all = { ...values, orderId: order?.id ?? '' };
    const found = validateDownload(all);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    void create(
      'downloads',
      {
        data: {
          orderId: all.orderId,
          productId: all.productId,
          fileName: all.fileName.trim(),
          fileUrl: all.fileUrl.trim(),
          ...(all.fileSize.trim() ? { fileSize: all.fileSize.trim() } : {}),
          maxDownloads: Number(all.maxDownloads),
        },
      },
      {
        onSuccess: () => {
          toast('Download created', 'New download link has been created successfully');
          close();
          onCreated();
        },
        onError: (error) =>
          toast('Creation failed', errorMessage(error, 'Failed to create download'), 'error'),
      },
    );
  };

  return (
    <>
      <Button variant="contained" startIcon={<AddIcon />} onClick={() => setOpen(true)}>
        Create Download
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="create-download-title">
        <form onSubmit={submit} noValidate>
          <DialogTitle id="create-download-title">Create New Download Link</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>Add a new download link for a customer order</DialogContentText>
            <Stack spacing={2}>
              <OrderPicker value={order} onChange={setOrder} error={errors.orderId} />
              <TextField select label="Product" required {...field('productId')}>
                {PRODUCTS.map((product) => (
                  <MenuItem key={product.id} value={product.id}>
                    {product.title}
                  </MenuItem>
                ))}
              </TextField>
              <TextField label="File Name" required {...field('fileName')} />
              <TextField label="File URL" required type="url" {...field('fileUrl')} />
              <TextField label="File Size" placeholder="2.1 GB" {...field('fileSize')} />
              <TextField
                label="Max Downloads"
                type="number"
                required
                {...field('maxDownloads')}
                slotProps={{ htmlInput: { min: 1 } }}
              />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>Cancel</Button>
            <Button type="submit" variant="contained" disabled={isPending}>
              Create Download
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
};
