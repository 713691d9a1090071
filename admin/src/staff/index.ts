import GroupIcon from '@mui/icons-material/Group';
import type { components } from '@store/contracts';
import { lazyView, type ResourceDefinition } from '../common/resource';

export default {
  name: 'staff',
  label: 'Staff',
  titlesUseLabel: true,
  icon: GroupIcon,
  list: lazyView(() => import('./StaffList'), 'StaffList'),
  create: lazyView(() => import('./StaffCreate'), 'StaffCreate'),
  edit: lazyView(() => import('./StaffEdit'), 'StaffEdit'),
  recordRepresentation: 'username',
  writable: ['role', 'password', 'email'] satisfies (keyof components['schemas']['UpdateStaffMemberDto'])[],
  adminOnly: true,
} satisfies ResourceDefinition;
