import InboxIcon from '@mui/icons-material/Inbox';
import type { components } from '@store/contracts';
import { lazyView, type ResourceDefinition } from '../common/resource';

export default {
  name: 'messages',
  label: 'Messages',
  icon: InboxIcon,
  list: lazyView(() => import('./MessageList'), 'MessageList'),
  recordRepresentation: 'subject',
  // Marking a message answered is support's daily work (PUT /api/admin/messages/:id allows them).
  supportActions: ['edit'],
  writable: ['status'] satisfies (keyof components['schemas']['UpdateMessageDto'])[],
} satisfies ResourceDefinition;
