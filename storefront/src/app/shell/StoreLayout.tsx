import Box from '@mui/material/Box';
import { Outlet } from 'react-router-dom';
import { Footer } from './Footer';
import { Header } from './Header';
import { TrustStrip } from './TrustStrip';

/** Header, trust strip and footer around every page except / and /checkout. */
export function StoreLayout() {
  return (
    <>
      <Header />
      <TrustStrip />
      <Box component="main" id="main">
        <Outlet />
      </Box>
      <Footer />
    </>
  );
}
