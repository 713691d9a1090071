import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { EnrolmentCode } from '../providers/dataProvider';

/**
 * A staff member's enrolment code, shown to the administrator this once (only its hash is kept): the user
 * needs it, besides their password, to set up two-factor sign-in.
 */
export const EnrolmentCodeShown = ({ username, code }: { username: string; code: EnrolmentCode }) => (
  <>
    <Typography sx={{ mb: 1 }}>
      {username} needs this enrolment code to set up two-factor sign-in. Hand it over in person or by another
      channel than the password. It is shown only this once.
    </Typography>
    <Box
      component="code"
      aria-label="Enrolment code"
      sx={{ display: 'block', fontFamily: 'monospace', fontSize: '1.4rem', my: 2, userSelect: 'all' }}
    >
      {code.enrolmentCode}
    </Box>
    {code.enrolmentCodeExpiresAt ? (
      <Typography variant="body2">
        Valid until {new Date(code.enrolmentCodeExpiresAt).toLocaleString()}, for one setup.
      </Typography>
    ) : null}
  </>
);
