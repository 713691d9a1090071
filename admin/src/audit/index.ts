import HistoryIcon from '@mui/icons-material/History';
import type { ResourceDefinition } from '../common/resource';
import { AuditList } from './AuditList';

/** The audit trail (#21 §7): admins only, as GET /api/admin/audit. */
export default {
  name: 'audit',
  label: 'Audit trail',
  titlesUseLabel: true,
  icon: HistoryIcon,
  list: AuditList,
  writable: [],
  adminOnly: true,
} satisfies ResourceDefinition;
