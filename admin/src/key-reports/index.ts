import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import type { components } from '@store/contracts';
import { lazyView, type ResourceDefinition } from '../common/resource';

export default {
  name: 'key-reports',
  label: 'Key reports',
  titlesUseLabel: true,
  icon: ReportProblemIcon,
  list: lazyView(() => import('./KeyReportList'), 'KeyReportList'),
  recordRepresentation: 'licenseKey',
  // Answering a customer is support's daily work (PUT /api/admin/key-reports/:id allows them); replacing
  // a key gives one away, so it stays an admin's.
  supportActions: ['edit'],
  writable: ['answer'] satisfies (keyof components['schemas']['UpdateKeyReportDto'])[],
} satisfies ResourceDefinition;
