import HistoryIcon from '@mui/icons-material/History';
import { lazyView, type ResourceDefinition } from '../common/resource';

/** The audit trail (#21 §7): admins only, as GET /api/admin/audit. */
export default {
  name: 'audit',
  label: 'Audit trail',
  titlesUseLabel: true,
  icon: HistoryIcon,
  list: lazyView(() => import('./AuditList'), 'AuditList'),
  writable: [],
  adminOnly: true,
} satisfies ResourceDefinition;
