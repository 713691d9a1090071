import InboxIcon from '@mui/icons-material/Inbox';
import { MessageList } from './MessageList';

export default { list: MessageList, icon: InboxIcon, recordRepresentation: 'subject' };
