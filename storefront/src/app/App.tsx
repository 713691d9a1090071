import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import { Outlet, Link as RouterLink } from 'react-router-dom';

/** The shell around every page. */
export function App() {
  return (
    <>
      <AppBar position="static" color="default" elevation={0}>
        <Toolbar>
          <Link component={RouterLink} to="/" variant="h6" color="inherit" underline="none">
            Office Licence Store
          </Link>
        </Toolbar>
      </AppBar>
      <Box component="main">
        <Outlet />
      </Box>
    </>
  );
}
