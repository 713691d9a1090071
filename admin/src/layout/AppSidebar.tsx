import DashboardIcon from '@mui/icons-material/Dashboard';
import LogoutIcon from '@mui/icons-material/Logout';
import SecurityIcon from '@mui/icons-material/Security';
import Badge from '@mui/material/Badge';
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
import { countOf } from '@store/contracts';
import type { ComponentType } from 'react';
import { useGetList, useLogout } from 'react-admin';
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

/** How often the sidebar asks again how many orders wait for review (besides every refresh). */
const REVIEW_COUNT_INTERVAL_MS = 60_000;

/**
 * The review queue's length (GET /api/admin/reviews with one row asked: the total of its Content-Range),
 * for the sidebar's badge; undefined until known, or when the role does not read the queue.
 */
export function useReviewCount(enabled: boolean): number | undefined {
  const { total } = useGetList(
    'reviews',
    { pagination: { page: 1, perPage: 1 }, sort: { field: 'heldAt', order: 'ASC' } },
    { enabled, retry: false, refetchInterval: REVIEW_COUNT_INTERVAL_MS },
  );
  return enabled ? total : undefined;
}

/** The sidebar's content: title, the Management links, and the footer with the store and the user. */
export const SidebarContent = ({ compact, onNavigate }: { compact: boolean; onNavigate?: () => void }) => {
  const logout = useLogout();
  const config = useStoreConfig();
  const user = getUser();
  const items = NAV_ITEMS.filter((item) => !item.resource || canAccess(user?.role, item.resource, 'list'));
  const waiting = useReviewCount(items.some((item) => item.resource === 'reviews'));

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
          {items.map(({ to, label, icon: Icon, resource }) => {
            // The review queue's link counts the held orders waiting (none: no badge).
            const count = resource === 'reviews' ? (waiting ?? 0) : 0;
            const name = count ? `${label}: ${countOf(count, 'order')} waiting` : label;
            return (
              <ListItem key={to} disablePadding>
                <Tooltip title={compact ? name : ''} placement="right">
                  <ListItemButton
                    component={NavLink}
                    to={to}
                    onClick={onNavigate}
                    aria-label={compact || count ? name : undefined}
                    sx={{ '&.active': { bgcolor: 'action.selected', fontWeight: 600 } }}
                  >
                    <ListItemIcon sx={{ minWidth: compact ? 0 : 40 }}>
                      <Badge badgeContent={count} color="warning" max={99}>
                        <Icon />
                      </Badge>
                    </ListItemIcon>
                    {compact ? null : <ListItemText primary={label} />}
                  </ListItemButton>
                </Tooltip>
              </ListItem>
            );
          })}
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
