import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useState, type MouseEvent } from 'react';
import { useCanAccess, useDataProvider, useRecordContext, useRefresh } from 'react-admin';
import { errorMessage, useToast } from '../common/toast';
import type { AppDataProvider } from '../providers/dataProvider';
import type { StaffMember } from './types';

// The list opens a row's edit page on click; React bubbles clicks from the dialog's portal to the row too.
const stop = (event: MouseEvent) => event.stopPropagation();

/** Turns off a staff member's MFA (lost phone and codes), after a confirmation. Admins only. */
export const ResetMfaButton = () => {
  const user = useRecordContext<StaffMember>();
  const dataProvider = useDataProvider<AppDataProvider>();
  const toast = useToast();
  const refresh = useRefresh();
  const { canAccess } = useCanAccess({ resource: 'staff', action: 'reset-mfa' });
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  if (!user || !user.mfaEnabled || !canAccess) return null;

  const reset = async () => {
    setPending(true);
    try {
      await dataProvider.resetUserMfa(user.id);
      toast('Two-factor reset', `Two-factor authentication is off for ${user.username}.`);
      setOpen(false);
      refresh();
    } catch (error) {
      toast('Reset failed', errorMessage(error, 'Failed to reset two-factor authentication'), 'error');
    }
    setPending(false);
  };

  const titleId = `reset-mfa-title-${user.id}`;
  return (
    <>
      <Button
        size="small"
        color="warning"
        onClick={(event) => {
          stop(event);
          setOpen(true);
        }}
        aria-label={`Reset two-factor for ${user.username}`}
      >
        Reset two-factor
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} onClick={stop} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>Reset two-factor for {user.username}?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Their authenticator app and recovery codes stop working. They sign in with their password and can
            then set up two-factor authentication again.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={pending}>
            Cancel
          </Button>
          <Button color="warning" variant="contained" onClick={() => void reset()} disabled={pending}>
            Reset
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
};
