import DownloadIcon from '@mui/icons-material/Download';
import { DownloadList } from './DownloadList';
import type { DownloadLink } from './types';

const recordRepresentation = (link: DownloadLink) => link.fileName;

export default { list: DownloadList, icon: DownloadIcon, recordRepresentation };
