import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { CreateBase, Form, NumberInput, SelectInput, TextInput } from 'react-admin';
import { PRODUCT_CHOICES } from '../common/products';
import { SubmitButton } from '../common/SubmitButton';
import { errorMessage, useToast } from '../common/toast';
import { OrderInput } from '../orders/OrderPicker';

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

/** The form's values as react-admin holds them (the limit is a number, or null when cleared). */
interface FormValues {
  orderId?: string;
  productId?: string;
  fileName?: string | null;
  fileUrl?: string | null;
  fileSize?: string | null;
  maxDownloads?: number | null;
}

const validate = (values: FormValues) =>
  validateDownload({
    orderId: values.orderId ?? '',
    productId: values.productId ?? '',
    fileName: values.fileName ?? '',
    fileUrl: values.fileUrl ?? '',
    fileSize: values.fileSize ?? '',
    maxDownloads: String(values.maxDownloads ?? ''),
  });

/** `POST /api/admin/downloads`, from values that passed `validate`: no size when it is left empty. */
const toCreate = (values: FormValues) => {
  const fileSize = values.fileSize?.trim();
  return {
    orderId: values.orderId,
    productId: values.productId,
    fileName: values.fileName?.trim(),
    fileUrl: values.fileUrl?.trim(),
    ...(fileSize ? { fileSize } : {}),
    maxDownloads: Number(values.maxDownloads),
  };
};

/** A download link for an order: react-admin's CreateBase and Form, the form checked as the spec words it. */
export const DownloadCreateDialog = ({ onCreated }: { onCreated: () => void }) => {
  const [open, setOpen] = useState(false);
  const toast = useToast();
  const close = () => setOpen(false);

  return (
    <>
      <Button variant="contained" startIcon={<AddIcon />} onClick={() => setOpen(true)}>
        Create Download
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="create-download-title">
        {/* Mounted while open only: each opening starts from an empty form. */}
        <CreateBase
          resource="downloads"
          mutationMode="pessimistic"
          transform={toCreate}
          mutationOptions={{
            onSuccess: () => {
              toast('Download created', 'New download link has been created successfully');
              close();
              onCreated();
            },
            onError: (error) =>
              toast('Creation failed', errorMessage(error, 'Failed to create download'), 'error'),
          }}
        >
          <Form validate={validate} noValidate disableInvalidFormNotification>
            <DialogTitle id="create-download-title">Create New Download Link</DialogTitle>
            <DialogContent>
              <DialogContentText sx={{ mb: 2 }}>
                Add a new download link for a customer order
              </DialogContentText>
              <Stack spacing={2}>
                <OrderInput
                  source="orderId"
                  // A link is a delivery: the API refuses unpaid orders and those owed a refund.
                  filter={{ paymentStatus: 'completed', refundDue: false }}
                  hint="Paid orders only."
                />
                <SelectInput
                  source="productId"
                  label="Product"
                  choices={PRODUCT_CHOICES}
                  isRequired
                  helperText={false}
                />
                <TextInput source="fileName" label="File Name" isRequired helperText={false} />
                <TextInput source="fileUrl" label="File URL" type="url" isRequired helperText={false} />
                <TextInput source="fileSize" label="File Size" placeholder="2.1 GB" helperText={false} />
                <NumberInput
                  source="maxDownloads"
                  label="Max Downloads"
                  defaultValue={5}
                  min={1}
                  step={1}
                  isRequired
                  helperText={false}
                />
              </Stack>
            </DialogContent>
            <DialogActions>
              <Button onClick={close}>Cancel</Button>
              <SubmitButton label="Create Download" />
            </DialogActions>
          </Form>
        </CreateBase>
      </Dialog>
    </>
  );
};
