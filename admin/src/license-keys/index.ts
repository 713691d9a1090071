import KeyIcon from '@mui/icons-material/Key';
import type { components } from '@store/contracts';
import { lazyView, type ResourceDefinition } from '../common/resource';
import type { LicenseKey } from './types';

export default {
  name: 'license-keys',
  label: 'License Keys',
  titlesUseLabel: true,
  icon: KeyIcon,
  list: lazyView(() => import('./LicenseKeyList'), 'LicenseKeyList'),
  recordRepresentation: (key: LicenseKey) => key.licenseKey,
  writable: ['status'] satisfies (keyof components['schemas']['UpdateLicenseKeyDto'])[],
} satisfies ResourceDefinition;
