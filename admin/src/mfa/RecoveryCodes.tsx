import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useToast } from '../common/toast';

const FILE_NAME = 'admin-recovery-codes.txt';

function download(text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = FILE_NAME;
  link.click();
  // Revoked at once, the URL may be gone before the browser starts the download (Firefox).
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The ten recovery codes, shown once: the server keeps only their hashes. */
export const RecoveryCodes = ({
  codes,
  username,
  regenerated = false,
  onDone,
}: {
  codes: string[];
  username: string;
  /** A new set replacing the earlier codes, rather than the first one of an enrolment. */
  regenerated?: boolean;
  onDone: () => void;
}) => {
  const toast = useToast();
  const text = [`Admin Portal recovery codes for ${username}`, ...codes, ''].join('\n');

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast('Copied', 'Recovery codes copied to clipboard');
    } catch {
      toast('Copy failed', 'The clipboard is not available', 'error');
    }
  };

  return (
    <Stack spacing={2} sx={{ maxWidth: 480 }}>
      <Alert severity="success">
        {regenerated
          ? 'New recovery codes are made: your earlier codes no longer work.'
          : 'Two-factor authentication is on.'}
      </Alert>
      <Alert severity="warning">
        <AlertTitle>Store these recovery codes now</AlertTitle>
        They will not be shown again. Each code signs you in once if you lose your authenticator app. Keep
        them somewhere safe, such as a password manager.
      </Alert>
      <Box
        component="ol"
        aria-label="Recovery codes"
        sx={{ fontFamily: 'monospace', fontSize: '1.1rem', columns: 2, m: 0, pl: 4 }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction="row" spacing={1}>
        <Button variant="outlined" onClick={() => void copy()}>
          Copy codes
        </Button>
        <Button variant="outlined" onClick={() => download(text)}>
          Download codes
        </Button>
      </Stack>
      {regenerated ? null : (
        <Typography variant="body2">
          From your next sign-in on, enter a code from the app after your password.
        </Typography>
      )}
      <Button variant="contained" onClick={onDone} sx={{ alignSelf: 'flex-start' }}>
        Done
      </Button>
    </Stack>
  );
};
