import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useState, type MouseEvent } from 'react';
import { useCanAccess, useDataProvider, useRecordContext, useRefresh } from 'react-admin';
import { errorMessage, useToast } from '../common/toast';
import type { AppDataProvider, EnrolmentCode } from '../providers/dataProvider';
import { EnrolmentCodeShown } from './EnrolmentCodeShown';
import type { StaffMember } from './types';

// The list opens a row's edit page on click; React bubbles clicks from the dialog's portal to the row too.
const stop = (event: MouseEvent) => event.stopPropagation();

/**
 * Turns off a staff member's MFA (lost phone and codes), after a confirmation, or gives one without MFA a
 * new enrolment code (theirs expired). Admins only; the server asks for step-up. With STAFF_MFA_REQUIRED
 * the new enrolment code is shown in the dialog, this once.
 */
export const ResetMfaButton = () => {
  const user = useRecordContext<StaffMember>();
  const dataProvider = useDataProvider<AppDataProvider>();
  const toast = useToast();
  const refresh = useRefresh();
  const { canAccess } = useCanAccess({ resource: 'staff', action: 'reset-mfa' });
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [code, setCode] = useState<EnrolmentCode | null>(null);
  if (!user || !canAccess) return null;
  const on = user.mfaEnabled;

  const close = () => {
    setOpen(false);
    setCode(null);
  };

  const reset = async () => {
    setPending(true);
    try {
      const answer = await dataProvider.resetUserMfa(user.id);
      if (on) toast('Two-factor reset', `Two-factor authentication is off for ${user.username}.`);
      if (answer?.enrolmentCode) {
        if (!on) toast('Enrolment code issued', `For ${user.username}.`);
        setCode(answer);
      } else {
        if (!on)
          toast(
            'No enrolment code needed',
            'Two-factor sign-in is not required on this store: they can set it up once signed in.',
          );
        setOpen(false);
      }
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
        aria-label={`${on ? 'Reset two-factor' : 'New enrolment code'} for ${user.username}`}
      >
        {on ? 'Reset two-factor' : 'New enrolment code'}
      </Button>
      <Dialog open={open} onClose={close} onClick={stop} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>
          {code
            ? `Enrolment code for ${user.username}`
            : on
              ? `Reset two-factor for ${user.username}?`
              : `New enrolment code for ${user.username}?`}
        </DialogTitle>
        <DialogContent>
          {code ? (
            <EnrolmentCodeShown username={user.username} code={code} />
          ) : (
            <DialogContentText>
              {on
                ? 'Their authenticator app and recovery codes stop working, and they and the staff alert address ' +
                  'are e-mailed. They sign in with their password and can then set up two-factor authentication ' +
                  'again.'
                : 'Any earlier enrolment code of theirs stops working.'}
            </DialogContentText>
          )}
        </DialogContent>
        <DialogActions>
          {code ? (
            <Button variant="contained" onClick={close}>
              I have noted it
            </Button>
          ) : (
            <>
              <Button onClick={close} disabled={pending}>
                Cancel
              </Button>
              <Button color="warning" variant="contained" onClick={() => void reset()} disabled={pending}>
                {on ? 'Reset' : 'Issue'}
              </Button>
            </>
          )}
        </DialogActions>
      </Dialog>
    </>
  );
};
