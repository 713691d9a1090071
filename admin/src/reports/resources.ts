import QueryStatsIcon from '@mui/icons-material/QueryStats';
import { lazyView, type ResourceDefinition } from '../common/resource';
import { requireListAccess } from '../common/RequireAccess';

/**
 * The reports (#21 §3, §4): the margins' page, declared as a resource for its route, its sidebar link and
 * the admin-only rule, which the dashboard's sales panel follows too.
 */
export const reports = {
  name: 'reports',
  label: 'Reports',
  titlesUseLabel: true,
  icon: QueryStatsIcon,
  list: requireListAccess(
    'reports',
    lazyView(() => import('./MarginsPage'), 'MarginsPage'),
  ),
  writable: [],
  adminOnly: true,
} satisfies ResourceDefinition;
