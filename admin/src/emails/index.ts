import EmailIcon from '@mui/icons-material/Email';
import { lazyView, type ResourceDefinition } from '../common/resource';

export default {
  name: 'emails',
  label: 'Emails',
  icon: EmailIcon,
  list: lazyView(() => import('./EmailList'), 'EmailList'),
  recordRepresentation: 'subject',
  writable: [],
} satisfies ResourceDefinition;
