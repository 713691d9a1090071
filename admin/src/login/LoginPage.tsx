import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import { useLogin } from 'react-admin';
import { useToast } from '../common/toast';
import { useStoreConfig } from '../common/storeConfig';
import type { StaffUser } from '../providers/session';

interface FieldErrors {
  username?: string;
  password?: string;
}

function validate(username: string, password: string): FieldErrors {
  const errors: FieldErrors = {};
  if (username.trim() === '') errors.username = 'Username is required';
  if (password === '') errors.password = 'Password is required';
  return errors;
}

export const LoginPage = () => {
  const login = useLogin();
  const toast = useToast();
  const config = useStoreConfig();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validate(username, password);
    setErrors(found);
    if (found.username || found.password) return;

    setSubmitting(true);
    try {
      const user = (await login({ username: username.trim(), password }, '/dashboard')) as
        StaffUser | undefined;
      toast('Login successful', `Welcome back, ${user?.username ?? username.trim()}!`);
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : 'Invalid credentials';
      toast('Login failed', message, 'error');
      setSubmitting(false);
    }
  };

  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}
    >
      <Card sx={{ width: '100%', maxWidth: 380 }}>
        <CardContent>
          <Box component="form" noValidate onSubmit={handleSubmit}>
            <Stack spacing={2}>
              <Typography variant="h5" component="h1">
                Admin Portal
              </Typography>
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
              <Button type="submit" variant="contained" size="large" disabled={submitting}>
                Sign in
              </Button>
            </Stack>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
};
