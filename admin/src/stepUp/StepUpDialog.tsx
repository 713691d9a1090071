import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { errorMessage } from '../common/toast';
import { getUser } from '../providers/session';
import { requestStepUp, setStepUpPrompt } from '../providers/stepUp';

/**
 * The one step-up dialog: when the API answers that a change needs the acting user to confirm it is them,
 * this asks for their password (or, with two-factor on, a code from their app), gets a step-up token and
 * hands it back to the request, which is sent again (providers/stepUp.ts). Mounted once, in the layout.
 */
export const StepUpDialog = () => {
  const [open, setOpen] = useState(false);
  const [useCode, setUseCode] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const settle = useRef<((token: string | null) => void) | null>(null);

  useEffect(() => {
    setStepUpPrompt(
      () =>
        new Promise<string | null>((resolve) => {
          settle.current = resolve;
          setValue('');
          setError(undefined);
          setUseCode(false);
          setOpen(true);
        }),
    );
    return () => {
      setStepUpPrompt(null);
      settle.current?.(null);
    };
  }, []);

  const close = (token: string | null) => {
    setOpen(false);
    setPending(false);
    settle.current?.(token);
    settle.current = null;
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (value.trim() === '') {
      setError(useCode ? 'Code is required' : 'Password is required');
      return;
    }
    setPending(true);
    try {
      close(await requestStepUp(useCode ? { code: value.trim() } : { password: value }));
    } catch (failure) {
      setError(errorMessage(failure, 'Could not confirm'));
      setPending(false);
    }
  };

  const mfaEnabled = Boolean(getUser()?.mfaEnabled);
  return (
    <Dialog open={open} onClose={() => close(null)} aria-labelledby="step-up-title">
      <form noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id="step-up-title">Confirm it is you</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {useCode
              ? 'This change needs a fresh confirmation: enter the 6-digit code from your authenticator app.'
              : 'This change needs a fresh confirmation: enter your password.'}{' '}
            It is good for 5 minutes.
          </DialogContentText>
          <TextField
            autoFocus
            fullWidth
            label={useCode ? 'Authentication code' : 'Your password'}
            type={useCode ? 'text' : 'password'}
            autoComplete={useCode ? 'one-time-code' : 'current-password'}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            error={Boolean(error)}
            helperText={error}
            disabled={pending}
            slotProps={{ htmlInput: useCode ? { inputMode: 'numeric', spellCheck: false } : {} }}
          />
          {mfaEnabled ? (
            <Button
              size="small"
              sx={{ mt: 1 }}
              disabled={pending}
              onClick={() => {
                setUseCode((current) => !current);
                setValue('');
                setError(undefined);
              }}
            >
              {useCode ? 'Use your password instead' : 'Use a code from your app instead'}
            </Button>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => close(null)} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={pending}>
            Confirm
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
