import { NumberInput, TextInput } from 'react-admin';
import { CreateDialog } from '../common/CreateDialog';
import { OrderInput } from '../orders/OrderPicker';
import { OrderProductInput } from '../orders/OrderProductInput';

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

/** A download link for an order: the form checked as the spec words it. */
export const DownloadCreateDialog = ({ onCreated }: { onCreated: () => void }) => (
  <CreateDialog
    resource="downloads"
    label="Create Download"
    buttonProps={{ variant: 'contained' }}
    title="Create New Download Link"
    description="Add a new download link for a customer order"
    validate={validate}
    transform={toCreate}
    created={['Download created', 'New download link has been created successfully']}
    failed="Failed to create download"
    onCreated={onCreated}
  >
    <OrderInput
      source="orderId"
      // A link is a delivery: the API refuses unpaid orders and those owed a refund.
      filter={{ paymentStatus: 'completed', refundDue: false }}
      hint="Paid orders only."
    />
    <OrderProductInput />
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
  </CreateDialog>
);
