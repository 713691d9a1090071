import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type FormEvent } from 'react';
import { Navigate, useLogin } from 'react-admin';
import { useStoreConfig } from '../common/storeConfig';
import { useToast } from '../common/toast';
import {
  CHALLENGE_EXPIRED,
  MfaRequiredError,
  SignInError,
  type Credentials,
} from '../providers/authProvider';
import { clearSessionEndedNote, getToken, sessionEndedNoted, type StaffUser } from '../providers/session';

interface FieldErrors {
  username?: string;
  password?: string;
  code?: string;
}

function validate(username: string, password: string): FieldErrors {
  const errors: FieldErrors = {};
  if (username.trim() === '') errors.username = 'Username is required';
  if (password === '') errors.password = 'Password is required';
  return errors;
}

/**
 * After a 429: the seconds left before the server takes another attempt (its Retry-After), counted down;
 * 0 once it does. Sending earlier would only be refused again. `wait(0)` ends the wait at once.
 */
function useRetryCountdown() {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (until === 0) return;
    const timer = setInterval(() => {
      const time = Date.now();
      setNow(time);
      if (time >= until) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);
  const left = until === 0 ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
  // One reading of the clock: with two, a millisecond between them left one second to wait (the buttons
  // disabled) and no timer to count it down.
  const wait = (seconds: number) => {
    const time = Date.now();
    setNow(time);
    setUntil(seconds > 0 ? time + seconds * 1000 : 0);
  };
  return [left, wait] as const;
}

/** Sign-in: the password, then, for an account with two-factor authentication, a code on the same page. */
export const LoginPage = () => {
  const login = useLogin();
  const toast = useToast();
  const config = useStoreConfig();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [challenge, setChallenge] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [recoveryKeyboard, setRecoveryKeyboard] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const [retryIn, waitBeforeRetry] = useRetryCountdown();
  // Signed in already (this tab or another): the login page has nothing to do.
  const [signedIn] = useState(() => getToken() !== null);
  // The session ended elsewhere (another tab signed out, or the server refused it): say so, once.
  const [sessionEnded] = useState(sessionEndedNoted);
  useEffect(() => clearSessionEndedNote(), []);

  const signIn = async (credentials: Credentials) => {
    setSubmitting(true);
    try {
      const user = (await login(credentials, '/dashboard')) as StaffUser | undefined;
      toast('Login successful', `Welcome back, ${user?.username ?? username.trim()}!`);
    } catch (error) {
      setSubmitting(false);
      if (error instanceof MfaRequiredError) {
        setChallenge(error.challenge);
        return;
      }
      const message = error instanceof Error && error.message ? error.message : 'Invalid credentials';
      toast('Login failed', message, 'error');
      if (error instanceof SignInError && error.retryAfterSeconds) waitBeforeRetry(error.retryAfterSeconds);
      if (challenge && message === CHALLENGE_EXPIRED) back({ password: message });
      else if (challenge) setErrors({ code: message });
    }
  };

  const submitPassword = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validate(username, password);
    setErrors(found);
    if (found.username || found.password) return;
    void signIn({ username: username.trim(), password });
  };

  const submitCode = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!challenge) return;
    if (code.trim() === '') {
      setErrors({ code: 'Code is required' });
      return;
    }
    setErrors({});
    void signIn({ challenge, code: code.trim() });
  };

  // The challenge belongs to this password attempt; going back starts a new one.
  const back = (errors: FieldErrors = {}) => {
    setChallenge(null);
    setCode('');
    setRecoveryKeyboard(false);
    setPassword('');
    setErrors(errors);
    waitBeforeRetry(0);
  };

  const retryNotice =
    retryIn > 0 ? (
      <Typography variant="body2" role="status">
        You can try again in {retryIn} second{retryIn === 1 ? '' : 's'}.
      </Typography>
    ) : null;

  if (signedIn) return <Navigate to="/dashboard" replace />;
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}
    >
      <Card sx={{ width: '100%', maxWidth: 380 }}>
        <CardContent>
          {challenge ? (
            <Box component="form" noValidate onSubmit={submitCode}>
              <Stack spacing={2}>
                <Typography variant="h5" component="h1">
                  Admin Portal
                </Typography>
                <Typography variant="body2">
                  Enter the 6-digit code from your authenticator app, or one of your recovery codes.
                </Typography>
                <TextField
                  id="code"
                  name="code"
                  label="Authentication code"
                  autoComplete="one-time-code"
                  autoFocus
                  value={code}
                  onChange={(event) => setCode(event.target.value)}
                  error={Boolean(errors.code)}
                  helperText={errors.code}
                  disabled={submitting}
                  // No pattern: a recovery code goes in the same field. A phone's numeric keyboard has no
                  // letters, hence the switch below.
                  slotProps={{
                    htmlInput: {
                      inputMode: recoveryKeyboard ? 'text' : 'numeric',
                      autoCapitalize: 'none',
                      spellCheck: false,
                    },
                  }}
                />
                <Button
                  size="small"
                  sx={{ alignSelf: 'flex-start' }}
                  onClick={() => setRecoveryKeyboard((value) => !value)}
                  disabled={submitting}
                >
                  {recoveryKeyboard ? 'Use an app code' : 'Use a recovery code'}
                </Button>
                {retryNotice}
                <Button type="submit" variant="contained" size="large" disabled={submitting || retryIn > 0}>
                  Verify
                </Button>
                <Button onClick={() => back()} disabled={submitting}>
                  Back
                </Button>
              </Stack>
            </Box>
          ) : (
            <Box component="form" noValidate onSubmit={submitPassword}>
              <Stack spacing={2}>
                <Typography variant="h5" component="h1">
                  Admin Portal
                </Typography>
                {sessionEnded ? <Alert severity="warning">Your session ended, sign in again.</Alert> : null}
                <TextField
                  id="username"
                  name="username"
                  label="Username"
                  autoComplete="username"
                  autoFocus
                  value={username}
                  onChange={(event) => setUsername(event.target.value)}
                  error={Boolean(errors.username)}
                  helperText={errors.username}
                  disabled={submitting}
                />
                <TextField
                  id="password"
                  name="password"
                  type="password"
                  label="Password"
                  autoComplete="current-password"
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                  error={Boolean(errors.password)}
                  helperText={errors.password}
                  disabled={submitting}
                />
                {config?.developmentSignIn ? (
                  <Alert severity="info" aria-label="Development credentials">
                    Development sign-in: <strong>{config.developmentSignIn.username}</strong> /{' '}
                    <strong>{config.developmentSignIn.password}</strong>
                  </Alert>
                ) : null}
                {retryNotice}
                <Button type="submit" variant="contained" size="large" disabled={submitting || retryIn > 0}>
                  Sign in
                </Button>
              </Stack>
            </Box>
          )}
        </CardContent>
      </Card>
    </Box>
  );
};
