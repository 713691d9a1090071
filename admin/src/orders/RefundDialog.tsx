import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AdminRefund, RefundRequest } from '@store/contracts';
import { REFUND_RULES } from '@store/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import {
  Form,
  FormDataConsumer,
  InputHelperText,
  maxLength,
  required,
  TextInput,
  useCanAccess,
  useDataProvider,
  useInput,
  useRefresh,
} from 'react-admin';
import { formatMoney } from '../common/format';
import { MoneyInput } from '../common/MoneyInput';
import { productName } from '../common/products';
import { errorMessage, useToast } from '../common/toast';
import type { AppDataProvider } from '../providers/dataProvider';
import {
  amountError,
  keysByProduct,
  keysError,
  picksKeys,
  refundRequest,
  refundSentence,
  type RefundValues,
} from './refundPlan';
import type { OrderDetail } from './types';

const CheckboxInput = ({ source, label }: { source: keyof RefundValues; label: string }) => {
  const { field } = useInput<boolean>({ source });
  return (
    <FormControlLabel
      control={<Checkbox checked={Boolean(field.value)} onChange={(e) => field.onChange(e.target.checked)} />}
      label={label}
    />
  );
};

/** A partial refund's keys to revoke: the order's working keys, one group per product (line). */
const KeyPicker = ({ order }: { order: OrderDetail }) => {
  const { field, fieldState } = useInput<string[]>({
    source: 'licenseKeyIds',
    validate: (_value: unknown, values: unknown) => keysError(order, values as RefundValues),
  });
  const picked: string[] = field.value ?? [];
  const toggle = (id: string) =>
    field.onChange(picked.includes(id) ? picked.filter((k) => k !== id) : [...picked, id]);
  return (
    <FormControl component="fieldset" error={fieldState.invalid}>
      <FormLabel component="legend">Licence keys this refund covers</FormLabel>
      {keysByProduct(order).map(({ productId, keys }) => (
        <FormGroup key={productId} role="group" aria-label={productName(productId)}>
          <Typography variant="body2" sx={{ mt: 1, fontWeight: 600 }}>
            {productName(productId)}
          </Typography>
          {keys.map((key) => (
            <FormControlLabel
              key={key.id}
              control={<Checkbox checked={picked.includes(key.id)} onChange={() => toggle(key.id)} />}
              label={key.licenseKey}
              sx={{ '& .MuiFormControlLabel-label': { fontFamily: 'monospace' } }}
            />
          ))}
        </FormGroup>
      ))}
      {fieldState.error?.message ? (
        <FormHelperText>
          <InputHelperText error={fieldState.error.message} />
        </FormHelperText>
      ) : null}
    </FormControl>
  );
};

/** The form: amount, keys (a partial refund that revokes), reason, the two choices, and what will happen. */
const RefundFields = ({ order }: { order: OrderDetail }) => (
  <Stack spacing={1}>
    <MoneyInput
      source="amount"
      label={`Amount (${order.currency})`}
      currency={order.currency}
      validate={(value: number | null | undefined) => amountError(value, order)}
      helperText={`${formatMoney(order.refundableCents, order.currency)} is left to refund`}
    />
    <CheckboxInput source="revokeKeys" label="Revoke licence keys" />
    <FormDataConsumer<RefundValues>>
      {({ formData }) => (picksKeys(order, formData) ? <KeyPicker order={order} /> : null)}
    </FormDataConsumer>
    <CheckboxInput source="notifyCustomer" label="E-mail the customer" />
    <TextInput
      source="reason"
      label="Reason"
      multiline
      minRows={2}
      validate={[required(), maxLength(REFUND_RULES.reason.maxLength)]}
    />
    <FormDataConsumer<RefundValues>>
      {({ formData }) =>
        amountError(formData.amount, order) ? null : (
          <Alert severity="info" role="status" aria-label="What will happen">
            {refundSentence(order, formData)}
          </Alert>
        )
      }
    </FormDataConsumer>
  </Stack>
);

/**
 * The Refund action's dialog: the form, then a confirm step saying what will happen. One Idempotency-Key
 * per opening, so a double click (or a retry after a lost answer) refunds once; the dialog closes on the
 * answer, so a new attempt after a failure is a new opening with a new key.
 */
const RefundDialog = ({ order, onClose }: { order: OrderDetail; onClose: () => void }) => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const toast = useToast();
  const refresh = useRefresh();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [values, setValues] = useState<RefundValues>({
    amount: order.refundableCents,
    reason: '',
    revokeKeys: true,
    licenseKeyIds: [],
    notifyCustomer: true,
  });
  const [confirming, setConfirming] = useState(false);
  // Set on the click itself: the mutation's own pending state arrives a render late for a double click.
  const [sending, setSending] = useState(false);
  const refund = useMutation({
    mutationFn: (request: RefundRequest) => dataProvider.refundOrder(order.id, request, idempotencyKey),
    onSuccess: (answer: AdminRefund) => {
      const amount = formatMoney(answer.amountCents, answer.currency);
      if (answer.status === 'failed')
        toast('Refund failed', answer.failureReason ?? `${amount} was not refunded`, 'error');
      else if (answer.status === 'succeeded') toast('Refunded', `${amount} refunded`);
      else toast('Refund requested', `${amount}: final once the payment provider confirms it`, 'info');
      refresh();
      onClose();
    },
    onError: (error) => {
      // Refused before anything was recorded (e.g. more than is left now): staff may go back and change it.
      toast('Refund failed', errorMessage(error, 'The refund could not be made'), 'error');
      setSending(false);
    },
  });
  const send = () => {
    if (sending) return;
    setSending(true);
    refund.mutate(refundRequest(order, values));
  };

  return (
    <Dialog
      open
      onClose={sending ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="refund-title"
    >
      {confirming ? (
        <>
          <DialogTitle id="refund-title">Confirm the refund</DialogTitle>
          <DialogContent>
            <Typography>{refundSentence(order, values)}</Typography>
            <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
              Reason: {values.reason.trim()}
            </Typography>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setConfirming(false)} disabled={sending}>
              Back
            </Button>
            <Button variant="contained" color="warning" disabled={sending} onClick={send}>
              Confirm refund
            </Button>
          </DialogActions>
        </>
      ) : (
        <Form
          defaultValues={values}
          onSubmit={(submitted: Partial<RefundValues>) => {
            setValues(submitted as RefundValues);
            setConfirming(true);
          }}
        >
          <DialogTitle id="refund-title">Refund order {order.id.slice(0, 8)}</DialogTitle>
          <DialogContent>
            <RefundFields order={order} />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Cancel</Button>
            <Button type="submit" variant="contained">
              Review refund
            </Button>
          </DialogActions>
        </Form>
      )}
    </Dialog>
  );
};

/** The order's Refund action: admins only, while something is left to refund (the server says what). */
export const RefundButton = ({ order }: { order: OrderDetail }) => {
  const { canAccess } = useCanAccess({ resource: 'orders', action: 'refund' });
  const [open, setOpen] = useState(false);
  if (!canAccess || order.refundableCents <= 0) return null;
  return (
    <>
      <Button color="warning" onClick={() => setOpen(true)}>
        Refund
      </Button>
      {open ? <RefundDialog order={order} onClose={() => setOpen(false)} /> : null}
    </>
  );
};
