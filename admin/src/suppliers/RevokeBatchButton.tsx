import BlockIcon from '@mui/icons-material/Block';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { useCanAccess, useRefresh } from 'react-admin';
import { errorMessage, useToast } from '../common/toast';
import { revokeKeyBatch, type KeyBatch } from './api';

/**
 * Revokes a batch's active keys (admins): those in stock, and optionally those sold, after the invoice
 * reference is typed to confirm. Customers are not e-mailed, which the dialog says.
 */
export const RevokeBatchButton = ({ batch }: { batch: KeyBatch }) => {
  const { canAccess } = useCanAccess({ resource: 'key-batches', action: 'edit' });
  const [open, setOpen] = useState(false);
  const [includeSold, setIncludeSold] = useState(false);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const refresh = useRefresh();
  const titleId = useId();
  if (!canAccess) return null;
  const close = () => {
    setOpen(false);
    setTyped('');
    setIncludeSold(false);
  };
  const revoke = async () => {
    setBusy(true);
    try {
      const result = await revokeKeyBatch(batch.id, includeSold, typed);
      toast('Keys revoked', `${result.revoked} revoked (${result.inStock} in stock, ${result.sold} sold)`);
      close();
      refresh();
    } catch (error) {
      toast('Revoke failed', errorMessage(error, 'The keys could not be revoked'), 'error');
    } finally {
      setBusy(false);
    }
  };
  const activeSold = batch.sold - batch.revoked - batch.faulty;
  return (
    <>
      <Button
        size="small"
        color="error"
        startIcon={<BlockIcon />}
        onClick={(event) => {
          event.stopPropagation();
          setOpen(true);
        }}
        aria-label={`Revoke keys of ${batch.invoiceReference}`}
      >
        Revoke keys
      </Button>
      <Dialog
        open={open}
        onClose={close}
        onClick={(event) => event.stopPropagation()}
        aria-labelledby={titleId}
        fullWidth
        maxWidth="sm"
      >
        <DialogTitle id={titleId}>Revoke the keys of batch {batch.invoiceReference}?</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>
              {batch.inStock} active keys in stock will be revoked: no order will be given them, and they can
              no longer be activated.
            </DialogContentText>
            <FormControlLabel
              control={
                <Checkbox checked={includeSold} onChange={(event) => setIncludeSold(event.target.checked)} />
              }
              label={`Also revoke the keys already sold (up to ${Math.max(activeSold, 0)})`}
            />
            {includeSold ? (
              <DialogContentText>
                Customers whose keys are revoked are not e-mailed: contact them, or replace their keys.
              </DialogContentText>
            ) : null}
            <TextField
              label="Type the invoice reference to confirm"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              helperText={batch.invoiceReference}
              autoComplete="off"
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button
            color="error"
            variant="contained"
            disabled={busy || typed.trim() !== batch.invoiceReference}
            onClick={revoke}
          >
            Revoke keys
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
};
