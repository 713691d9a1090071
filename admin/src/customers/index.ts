import PeopleIcon from '@mui/icons-material/People';
import { lazyView, type ResourceDefinition } from '../common/resource';

/** The customer view (#21 §6): one record per e-mail address, read by admins and support alike. */
export default {
  name: 'customers',
  label: 'Customers',
  icon: PeopleIcon,
  list: lazyView(() => import('./CustomerList'), 'CustomerList'),
  show: lazyView(() => import('./CustomerShow'), 'CustomerShow'),
  recordRepresentation: 'email',
  writable: [],
} satisfies ResourceDefinition;
