import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Title } from 'react-admin';
import { Link } from 'react-router-dom';

/** The back office's own 404 (react-admin's `catchAll`), instead of the framework's default text. */
export const NotFound = () => (
  <Box sx={{ mt: 1 }}>
    <Title title="Page not found" />
    <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
      Page not found
    </Typography>
    <Typography sx={{ mb: 2 }}>
      There is no back-office page at this address. The link may be mistyped or out of date; the sidebar lists
      every page.
    </Typography>
    <Button variant="contained" component={Link} to="/dashboard">
      Go to the dashboard
    </Button>
  </Box>
);
