import DownloadIcon from '@mui/icons-material/Download';
import type { components } from '@store/contracts';
import type { ResourceDefinition } from '../common/resource';
import { DownloadList } from './DownloadList';
import type { DownloadLink } from './types';

export default {
  name: 'downloads',
  label: 'Downloads',
  icon: DownloadIcon,
  list: DownloadList,
  recordRepresentation: (link: DownloadLink) => link.fileName,
  writable: ['isActive'] satisfies (keyof components['schemas']['UpdateDownloadDto'])[],
} satisfies ResourceDefinition;
