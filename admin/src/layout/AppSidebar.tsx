import DashboardIcon from '@mui/icons-material/Dashboard';
import LogoutIcon from '@mui/icons-material/Logout';
import SecurityIcon from '@mui/icons-material/Security';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ComponentType } from 'react';
import { useLogout } from 'react-admin';
import { NavLink } from 'react-router-dom';
import { useStoreConfig } from '../common/storeConfig';
import { MFA_PATH } from '../providers/authProvider';
import { getUser } from '../providers/session';
import { canAccess, RESOURCES } from '../resources';

interface NavItem {
  to: string;
  label: string;
  icon: ComponentType;
  resource?: string;
}

/** The dashboard, then each resource in the order src/resources.ts lists them. */
export const NAV_ITEMS: NavItem[] = [
  { to: '/dashboard', label: 'Dashboard', icon: DashboardIcon },
  ...RESOURCES.map(({ name, label, icon }) => ({ to: `/${name}`, label, icon, resource: name })),
];

/** The sidebar's content: title, the Management links, and the footer with the store and the user. */
export const SidebarContent = ({ compact, onNavigate }: { compact: boolean; onNavigate?: () => void }) => {
  const logout = useLogout();
  const config = useStoreConfig();
  const user = getUser();
  const items = NAV_ITEMS.filter((item) => !item.resource || canAccess(user?.role, item.resource, 'list'));

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Box sx={{ px: compact ? 1 : 2, py: 2, minHeight: 64, display: 'flex', alignItems: 'center' }}>
        {compact ? (
          <Typography variant="h6" component="p" aria-label="Admin Panel" sx={{ mx: 'auto' }}>
            AP
          </Typography>
        ) : (
          <Typography variant="h6" component="p">
            Admin Panel
          </Typography>
        )}
      </Box>
      <Divider />
      <Box component="nav" aria-label="Admin navigation" sx={{ flex: 1, overflowY: 'auto' }}>
        <List subheader={compact ? undefined : <ListSubheader disableSticky>Management</ListSubheader>}>
          {/* A list holds list items only (axe's `list` rule): each link in its own. */}
          {items.map(({ to, label, icon: Icon }) => (
            <ListItem key={to} disablePadding>
              <Tooltip title={compact ? label : ''} placement="right">
                <ListItemButton
                  component={NavLink}
                  to={to}
                  onClick={onNavigate}
                  aria-label={compact ? label : undefined}
                  sx={{ '&.active': { bgcolor: 'action.selected', fontWeight: 600 } }}
                >
                  <ListItemIcon sx={{ minWidth: compact ? 0 : 40 }}>
                    <Icon />
                  </ListItemIcon>
                  {compact ? null : <ListItemText primary={label} />}
                </ListItemButton>
              </Tooltip>
            </ListItem>
          ))}
        </List>
      </Box>
      <Divider />
      <Box sx={{ p: compact ? 1 : 2 }} aria-label="Signed-in user" role="group">
        {compact ? (
          <>
            <Tooltip title="Two-factor authentication" placement="right">
              <IconButton
                component={NavLink}
                to={MFA_PATH}
                onClick={onNavigate}
                aria-label="Two-factor authentication"
              >
                <SecurityIcon />
              </IconButton>
            </Tooltip>
            <Tooltip title="Sign Out" placement="right">
              <IconButton aria-label="Sign Out" onClick={() => void logout()}>
                <LogoutIcon />
              </IconButton>
            </Tooltip>
          </>
        ) : (
          <>
            {config?.storeName ? (
              <Typography variant="subtitle2" component="p">
                {config.storeName}
              </Typography>
            ) : null}
            <Typography variant="body2" component="p" data-testid="sidebar-username">
              {user?.username}
            </Typography>
            <Typography variant="caption" component="p" color="textSecondary" sx={{ mb: 1 }}>
              {user?.role}
            </Typography>
            <Button
              fullWidth
              size="small"
              component={NavLink}
              to={MFA_PATH}
              onClick={onNavigate}
              startIcon={<SecurityIcon />}
              sx={{ mb: 1, justifyContent: 'flex-start' }}
            >
              Two-factor authentication
            </Button>
            <Button fullWidth variant="outlined" startIcon={<LogoutIcon />} onClick={() => void logout()}>
              Sign Out
            </Button>
          </>
        )}
      </Box>
    </Box>
  );
};
