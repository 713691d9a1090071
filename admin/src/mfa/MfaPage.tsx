import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useState, type FormEvent } from 'react';
import { Title, useDataProvider } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { errorMessage } from '../common/toast';
import type { AppDataProvider, MfaEnrolment } from '../providers/dataProvider';
import { getUser, saveToken, updateUser, type StaffUser } from '../providers/session';
import { RecoveryCodes } from './RecoveryCodes';
import { RecoveryCodesLeft } from './RecoveryCodesLeft';

const EnrolmentForm = ({
  enrolment,
  onConfirmed,
}: {
  enrolment: MfaEnrolment;
  onConfirmed: (codes: string[]) => void;
}) => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (code.trim() === '') {
      setError('Code is required');
      return;
    }
    setSubmitting(true);
    try {
      const { recoveryCodes, token } = await dataProvider.confirmMfaEnrolment(code.trim());
      // The server has ended every earlier session, this one included: carry on with the fresh token.
      saveToken(token);
      const me = await dataProvider.getMe().catch(() => null);
      updateUser(me ?? { mfaEnabled: true, mfaEnrolmentRequired: false });
      onConfirmed(recoveryCodes);
    } catch (failure) {
      setError(errorMessage(failure, 'Could not turn on two-factor authentication'));
      setSubmitting(false);
    }
  };

  return (
    <Stack spacing={2} sx={{ maxWidth: 480 }}>
      <Typography>1. Scan this QR code with your authenticator app.</Typography>
      <Box sx={{ p: 2, bgcolor: '#fff', alignSelf: 'flex-start', lineHeight: 0 }}>
        <QRCodeSVG
          value={enrolment.otpauthUrl}
          size={192}
          role="img"
          aria-label="QR code for your authenticator app"
        />
      </Box>
      <Typography variant="body2">
        Cannot scan it? Enter this key in the app instead:{' '}
        <Box component="code" aria-label="Setup key" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
          {enrolment.secret}
        </Box>
      </Typography>
      <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
        <Stack spacing={2}>
          <Typography>2. Enter the 6-digit code the app shows.</Typography>
          <TextField
            label="Authentication code"
            autoComplete="one-time-code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            error={Boolean(error)}
            helperText={error}
            disabled={submitting}
            slotProps={{ htmlInput: { inputMode: 'numeric', autoCapitalize: 'none', spellCheck: false } }}
          />
          <Button type="submit" variant="contained" disabled={submitting} sx={{ alignSelf: 'flex-start' }}>
            Turn on
          </Button>
        </Stack>
      </Box>
    </Stack>
  );
};

/**
 * `/mfa`: the signed-in user's two-factor authentication. Turning it on shows the secret as a QR code and as
 * text, checks a first code, then shows the recovery codes once; the user stays signed in (with the token
 * the server answered), and the server asks for a code from the next sign-in on.
 */
export const MfaPage = () => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const navigate = useNavigate();
  const [user, setUser] = useState<StaffUser | null>(getUser);
  const [enrolment, setEnrolment] = useState<MfaEnrolment | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [regenerated, setRegenerated] = useState(false);
  const [error, setError] = useState<string>();
  const [starting, setStarting] = useState(false);
  const [enrolmentCode, setEnrolmentCode] = useState('');

  // The stored user dates from sign-in; an administrator may have reset MFA since.
  useEffect(() => {
    let live = true;
    dataProvider
      .getMe()
      .then((me) => {
        if (!live) return;
        updateUser(me);
        setUser(getUser());
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [dataProvider]);

  const start = async () => {
    setStarting(true);
    setError(undefined);
    try {
      setEnrolment(await dataProvider.startMfaEnrolment(enrolmentCode.trim() || undefined));
    } catch (failure) {
      setError(errorMessage(failure, 'Could not start the setup'));
    }
    setStarting(false);
  };

  const confirmed = (codes: string[]) => {
    setUser(getUser());
    setRecoveryCodes(codes);
  };

  let content;
  if (recoveryCodes) {
    content = (
      <RecoveryCodes
        codes={recoveryCodes}
        username={user?.username ?? ''}
        regenerated={regenerated}
        onDone={() => {
          if (!regenerated) return void navigate('/dashboard');
          setRecoveryCodes(null);
          setRegenerated(false);
        }}
      />
    );
  } else if (enrolment) {
    content = <EnrolmentForm enrolment={enrolment} onConfirmed={confirmed} />;
  } else if (user?.mfaEnabled) {
    content = (
      <>
        <Typography>
          Two-factor authentication is on. If you lose your authenticator app, sign in with a recovery code or
          ask an administrator to reset it.
        </Typography>
        <RecoveryCodesLeft
          onNewCodes={(codes) => {
            setRegenerated(true);
            setRecoveryCodes(codes);
          }}
        />
      </>
    );
  } else {
    content = (
      <Stack spacing={2} sx={{ maxWidth: 480 }}>
        {user?.mfaEnrolmentRequired ? (
          <Alert severity="warning">
            Your account must use two-factor authentication. Set it up to use the back office.
          </Alert>
        ) : null}
        <Typography>
          Sign in with your password and a code from an authenticator app on your phone. You need the app
          before you start.
        </Typography>
        {user?.mfaEnrolmentRequired ? (
          // Only the real user has it: the administrator who set up the account handed it over.
          <TextField
            label="Enrolment code"
            helperText="The code the administrator who set up your account gave you"
            value={enrolmentCode}
            onChange={(event) => setEnrolmentCode(event.target.value)}
            disabled={starting}
            slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false, autoComplete: 'off' } }}
          />
        ) : null}
        {error ? <Alert severity="error">{error}</Alert> : null}
        <Button
          variant="contained"
          onClick={() => void start()}
          disabled={starting}
          sx={{ alignSelf: 'flex-start' }}
        >
          Set up two-factor authentication
        </Button>
      </Stack>
    );
  }

  return (
    <Card>
      <Title title="Two-factor authentication" />
      <CardContent>
        <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
          Two-factor authentication
        </Typography>
        {content}
      </CardContent>
    </Card>
  );
};
