import EmailIcon from '@mui/icons-material/Email';
import { EmailList } from './EmailList';

export default { list: EmailList, icon: EmailIcon, recordRepresentation: 'subject' };
