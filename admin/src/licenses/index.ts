import KeyIcon from '@mui/icons-material/Key';
import { LicenseList } from './LicenseList';
import type { LicenseKey } from './types';

const recordRepresentation = (key: LicenseKey) => key.licenseKey;

export default { list: LicenseList, icon: KeyIcon, recordRepresentation };
