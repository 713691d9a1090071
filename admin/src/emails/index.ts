import EmailIcon from '@mui/icons-material/Email';
import type { ResourceDefinition } from '../common/resource';
import { EmailList } from './EmailList';

export default {
  name: 'emails',
  label: 'Emails',
  icon: EmailIcon,
  list: EmailList,
  recordRepresentation: 'subject',
  writable: [],
} satisfies ResourceDefinition;
