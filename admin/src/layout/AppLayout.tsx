import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import useMediaQuery from '@mui/material/useMediaQuery';
import Button from '@mui/material/Button';
import LogoutIcon from '@mui/icons-material/Logout';
import { Suspense, useEffect } from 'react';
import { LoadingIndicator, Navigate, TitlePortal, useLogout, type LayoutProps } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { MFA_PATH } from '../providers/authProvider';
import { getToken, getUser, noteSessionEnded } from '../providers/session';
import { StepUpDialog } from '../stepUp/StepUpDialog';
import { SidebarContent } from './AppSidebar';
import {
  MOBILE_QUERY,
  SIDEBAR_WIDTH,
  SIDEBAR_WIDTH_ICON,
  SIDEBAR_WIDTH_MOBILE,
  useSidebarState,
} from './sidebarState';
import { useThemeMode } from './themeMode';

/**
 * Signing out in another tab takes this tab's session away with the shared localStorage: this tab goes to
 * the login page, which says the session ended, rather than finding out at its next call.
 */
function useSessionEndedElsewhere() {
  const logout = useLogout();
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== null && event.key !== 'admin.token') return;
      if (getToken() !== null) return;
      noteSessionEnded();
      // The token is already gone: react-admin's logout only clears this tab's state and redirects.
      void logout({}, '/login');
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [logout]);
}

/**
 * Every page inside the back office renders through here, so this is where a session that may only enrol
 * in MFA is held to the enrolment screen (the server refuses its other calls anyway): it gets the page and
 * a way out, without the sidebar.
 */
export const AppLayout = (props: LayoutProps) => {
  useSessionEndedElsewhere();
  const { pathname } = useLocation();
  const enrolmentOnly = Boolean(getUser()?.mfaEnrolmentRequired);
  if (enrolmentOnly && pathname !== MFA_PATH) return <Navigate to={MFA_PATH} replace />;
  return (
    <>
      <Shell {...props} enrolmentOnly={enrolmentOnly} />
      <StepUpDialog />
    </>
  );
};

/**
 * The back office's own layout (spec "Admin layout"): sidebar, header with the two toggles, content. For an
 * enrolment-only session: the header with Sign Out, and the content. The content sits at the same place in
 * both, so the enrolment screen keeps its state (the recovery codes on show) when turning MFA on ends the
 * restriction.
 */
const Shell = ({ children, enrolmentOnly }: LayoutProps & { enrolmentOnly: boolean }) => {
  const logout = useLogout();
  const isMobile = useMediaQuery(MOBILE_QUERY, { noSsr: true });
  const { open, openMobile, setOpenMobile, toggle } = useSidebarState(isMobile);
  const { mode, toggle: toggleTheme } = useThemeMode();
  const width = open ? SIDEBAR_WIDTH : SIDEBAR_WIDTH_ICON;

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      {enrolmentOnly ? null : isMobile ? (
        <Drawer
          variant="temporary"
          open={openMobile}
          onClose={() => setOpenMobile(false)}
          slotProps={{ paper: { sx: { width: SIDEBAR_WIDTH_MOBILE }, 'aria-label': 'Sidebar' } }}
        >
          <SidebarContent compact={false} onNavigate={() => setOpenMobile(false)} />
        </Drawer>
      ) : (
        <Drawer
          variant="permanent"
          data-state={open ? 'expanded' : 'collapsed'}
          aria-label="Sidebar"
          sx={{
            width,
            flexShrink: 0,
            transition: 'width 200ms',
            '& .MuiDrawer-paper': { width, overflowX: 'hidden', transition: 'width 200ms' },
          }}
        >
          <SidebarContent compact={!open} />
        </Drawer>
      )}
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <AppBar position="sticky" color="default" elevation={1}>
          {enrolmentOnly ? (
            <Toolbar variant="dense" sx={{ gap: 1 }}>
              <TitlePortal variant="h6" component="span" />
              <Button startIcon={<LogoutIcon />} onClick={() => void logout()}>
                Sign Out
              </Button>
            </Toolbar>
          ) : (
            <Toolbar variant="dense" sx={{ gap: 1 }}>
              <Tooltip title="Toggle Sidebar (Ctrl+B)">
                <IconButton
                  edge="start"
                  aria-label="Toggle Sidebar"
                  aria-expanded={isMobile ? openMobile : open}
                  onClick={toggle}
                >
                  <MenuIcon />
                </IconButton>
              </Tooltip>
              <TitlePortal variant="h6" component="span" />
              <LoadingIndicator />
              <Tooltip title={mode === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'}>
                <IconButton aria-label="Toggle theme" onClick={toggleTheme}>
                  {mode === 'dark' ? <LightModeIcon /> : <DarkModeIcon />}
                </IconButton>
              </Tooltip>
            </Toolbar>
          )}
        </AppBar>
        <Box component="main" id="main-content" sx={{ flex: 1, p: { xs: 1, sm: 2 } }}>
          <Suspense fallback={null}>{children}</Suspense>
        </Box>
      </Box>
    </Box>
  );
};
