import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useDataProvider } from 'react-admin';
import { errorMessage } from '../common/toast';
import type { AppDataProvider, RecoveryCodesLeft as Left } from '../providers/dataProvider';

/** Fewer than this many left: the page suggests a new set. */
const FEW = 3;

/**
 * How many recovery codes the user has left, and a new set (the server asks for step-up first; the old
 * codes stop working). `onNewCodes` shows the new set, once.
 */
export const RecoveryCodesLeft = ({ onNewCodes }: { onNewCodes: (codes: string[]) => void }) => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const [left, setLeft] = useState<Left | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();

  useEffect(() => {
    let live = true;
    dataProvider
      .getRecoveryCodesLeft()
      .then((answer) => live && setLeft(answer))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [dataProvider]);

  const regenerate = async () => {
    setPending(true);
    setError(undefined);
    try {
      const codes = await dataProvider.regenerateRecoveryCodes();
      setConfirming(false);
      onNewCodes(codes);
    } catch (failure) {
      setError(errorMessage(failure, 'Could not make new recovery codes'));
    }
    setPending(false);
  };

  return (
    <Stack spacing={1.5} sx={{ maxWidth: 480, mt: 3 }}>
      <Typography variant="h6" component="h2">
        Recovery codes
      </Typography>
      {left ? (
        <Typography role="status" aria-label="Recovery codes left">
          {left.remaining === 1
            ? `1 of ${left.total} recovery codes left.`
            : `${left.remaining} of ${left.total} recovery codes left.`}
        </Typography>
      ) : null}
      {left && left.remaining < FEW ? (
        <Alert severity="warning">
          {left.remaining === 0
            ? 'You have no recovery codes left: make a new set, or losing your app locks you out.'
            : 'You are running out of recovery codes: make a new set.'}
        </Alert>
      ) : null}
      {error && !confirming ? <Alert severity="error">{error}</Alert> : null}
      <Button variant="outlined" onClick={() => setConfirming(true)} sx={{ alignSelf: 'flex-start' }}>
        New recovery codes
      </Button>
      <Dialog
        open={confirming}
        onClose={() => !pending && setConfirming(false)}
        aria-labelledby="new-recovery-codes-title"
      >
        <DialogTitle id="new-recovery-codes-title">Make new recovery codes?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Your current recovery codes, used or not, stop working. The new ones are shown once. You will be
            asked to confirm it is you.
          </DialogContentText>
          {error ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {error}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)} disabled={pending}>
            Cancel
          </Button>
          <Button variant="contained" onClick={() => void regenerate()} disabled={pending}>
            Make new codes
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
};
