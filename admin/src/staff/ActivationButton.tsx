import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useState, type MouseEvent } from 'react';
import { useDataProvider, useRecordContext, useRefresh } from 'react-admin';
import { errorMessage, useToast } from '../common/toast';
import type { AppDataProvider } from '../providers/dataProvider';
import { getUser } from '../providers/session';
import type { StaffMember } from './types';

// The list opens a row's edit page on click; React bubbles clicks from the dialog's portal to the row too.
const stop = (event: MouseEvent) => event.stopPropagation();

/**
 * Deactivates a staff account instead of deleting it (after a confirmation: it cannot sign in and its
 * sessions end), or reactivates one (the server asks for step-up). Not offered for your own account.
 */
export const ActivationButton = () => {
  const user = useRecordContext<StaffMember>();
  const dataProvider = useDataProvider<AppDataProvider>();
  const toast = useToast();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  if (!user || user.id === getUser()?.id) return null;

  const change = async () => {
    setPending(true);
    try {
      if (user.active) {
        await dataProvider.deactivateUser(user.id);
        toast('Deactivated', `${user.username} can no longer sign in.`);
      } else {
        await dataProvider.reactivateUser(user.id);
        toast('Reactivated', `${user.username} can sign in again.`);
      }
      setOpen(false);
      refresh();
    } catch (error) {
      toast(
        user.active ? 'Deactivation failed' : 'Reactivation failed',
        errorMessage(error, 'The account was not changed'),
        'error',
      );
    }
    setPending(false);
  };

  const titleId = `activation-title-${user.id}`;
  return (
    <>
      <Button
        size="small"
        color={user.active ? 'error' : 'primary'}
        disabled={pending}
        onClick={(event) => {
          stop(event);
          if (user.active) setOpen(true);
          else void change();
        }}
        aria-label={`${user.active ? 'Deactivate' : 'Reactivate'} ${user.username}`}
      >
        {user.active ? 'Deactivate' : 'Reactivate'}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} onClick={stop} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{`Deactivate ${user.username}?`}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            They are signed out at once and cannot sign in until an administrator reactivates the account. Its
            history stays in the audit trail; nothing is deleted.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={pending}>
            Cancel
          </Button>
          <Button color="error" variant="contained" onClick={() => void change()} disabled={pending}>
            Deactivate
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
};
