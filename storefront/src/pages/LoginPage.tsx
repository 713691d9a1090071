import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { PageMeta } from '../components/PageMeta';
import { ApiError } from '../api/http';
import { requestAccessLink } from '../features/account/accountApi';
import { HumanCheck } from '../features/challenge/HumanCheck';

const CONFIRMATION =
  'If this address has orders with us, a sign-in link is on its way. It works for 30 minutes.';
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** `/login`: "Access your licences" by a link e-mailed to the address of the orders. */
export function LoginPage() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  // Asked when the store is receiving many requests: a new check (key) each time, its solution sent once.
  const [check, setCheck] = useState<number | null>(null);

  const send = async (altcha?: string) => {
    const trimmed = email.trim();
    if (!trimmed) return setError('Email is required');
    if (!EMAIL.test(trimmed)) return setError('Please enter a valid email address');
    setBusy(true);
    setError(null);
    try {
      await requestAccessLink(trimmed, altcha);
      setCheck(null);
      setSent(true);
    } catch (e) {
      if (e instanceof ApiError && e.challengeRequired) setCheck((n) => (n ?? 0) + 1);
      else if (e instanceof ApiError && e.status === 400)
        setError(e.messages[0] ?? 'Please enter a valid email address');
      else if (e instanceof ApiError && e.status === 429)
        setError('Too many requests. Please wait a minute and try again.');
      else setError('Something went wrong. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };

  return (
    <Container maxWidth="sm" sx={{ py: 8 }}>
      <PageMeta
        title="Access your licences"
        description="Get a sign-in link by e-mail to see your orders, licence keys and downloads."
      />
      <Typography variant="h4" component="h1" gutterBottom sx={{ fontWeight: 800 }}>
        Access your licences
      </Typography>
      <Typography color="textSecondary" sx={{ mb: 3 }}>
        Enter the e-mail address you used at checkout. We'll send you a link to your orders, licence keys and
        downloads. No password needed.
      </Typography>
      {sent ? (
        <Alert severity="success" role="status">
          {CONFIRMATION}
        </Alert>
      ) : (
        <Box component="form" onSubmit={submit} noValidate>
          <TextField
            label="Email address"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              setError(null);
            }}
            error={Boolean(error)}
            helperText={error ?? ' '}
            required
            fullWidth
          />
          {check !== null && <HumanCheck key={check} onSolved={(payload) => void send(payload)} />}
          <Button
            type="submit"
            variant="contained"
            size="large"
            fullWidth
            disabled={busy || check !== null}
            sx={{ mt: 1 }}
          >
            {busy ? 'Sending...' : 'Send me a sign-in link'}
          </Button>
        </Box>
      )}
    </Container>
  );
}
