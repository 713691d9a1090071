import GroupIcon from '@mui/icons-material/Group';
import type { components } from '@store/contracts';
import type { ResourceDefinition } from '../common/resource';
import { StaffCreate } from './StaffCreate';
import { StaffEdit } from './StaffEdit';
import { StaffList } from './StaffList';

export default {
  name: 'staff',
  label: 'Staff',
  titlesUseLabel: true,
  icon: GroupIcon,
  list: StaffList,
  create: StaffCreate,
  edit: StaffEdit,
  recordRepresentation: 'username',
  writable: ['role', 'password', 'email'] satisfies (keyof components['schemas']['UpdateStaffMemberDto'])[],
  adminOnly: true,
} satisfies ResourceDefinition;
