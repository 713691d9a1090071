import DownloadIcon from '@mui/icons-material/Download';
import type { components } from '@store/contracts';
import { lazyView, type ResourceDefinition } from '../common/resource';
import type { DownloadLink } from './types';

export default {
  name: 'downloads',
  label: 'Downloads',
  icon: DownloadIcon,
  list: lazyView(() => import('./DownloadList'), 'DownloadList'),
  recordRepresentation: (link: DownloadLink) => link.fileName,
  writable: ['isActive'] satisfies (keyof components['schemas']['UpdateDownloadDto'])[],
} satisfies ResourceDefinition;
