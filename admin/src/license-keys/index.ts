import KeyIcon from '@mui/icons-material/Key';
import { LicenseKeyList } from './LicenseKeyList';
import type { LicenseKey } from './types';

const recordRepresentation = (key: LicenseKey) => key.licenseKey;

export default { list: LicenseKeyList, icon: KeyIcon, recordRepresentation };
