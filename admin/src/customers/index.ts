import PeopleIcon from '@mui/icons-material/People';
import type { ResourceDefinition } from '../common/resource';
import { CustomerList } from './CustomerList';
import { CustomerShow } from './CustomerShow';

/** The customer view (#21 §6): one record per e-mail address, read by admins and support alike. */
export default {
  name: 'customers',
  label: 'Customers',
  icon: PeopleIcon,
  list: CustomerList,
  show: CustomerShow,
  recordRepresentation: 'email',
  writable: [],
} satisfies ResourceDefinition;
