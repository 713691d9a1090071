import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { DataTable, DateField, List, useDataProvider, useRecordContext } from 'react-admin';
import { AppPagination } from '../common/AppPagination';
import { AppSearchInput } from '../common/AppSearchInput';
import { statusFilter } from '../common/StatusFilter';
import { ListLoadError } from '../common/LoadError';
import { ListToolbar } from '../common/ListToolbar';
import { useIsPhone } from '../common/phone';
import { productName } from '../common/products';
import { RecordCards, type CardField } from '../common/RecordCards';
import { StatusChip } from '../common/StatusChip';
import { shortId } from '../common/format';
import type { AppDataProvider, KeyReport } from '../providers/dataProvider';
import { AnswerButton, ReplaceKeyButton } from './KeyReportActions';

const filters = [
  <AppSearchInput key="q" source="q" alwaysOn placeholder="Search by e-mail or order ID" />,
  statusFilter([
    { id: 'open', name: 'Open' },
    { id: 'replaced', name: 'Replaced' },
    { id: 'answered', name: 'Answered' },
  ]),
];

/** A blob as a `data:` URL: the back office's Content-Security-Policy allows `data:` images, not `blob:`. */
function dataUrlOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(blob);
  });
}

/** The screenshot, fetched with the staff token when asked for (never in the list's answer). */
const Screenshot = ({ report }: { report: KeyReport }) => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  if (!report.screenshotType) return null;
  if (src)
    return (
      <Box
        component="img"
        src={src}
        alt={`Screenshot sent with the report of ${report.licenseKey}`}
        sx={{ maxWidth: '100%', maxHeight: 480, border: 1, borderColor: 'divider' }}
      />
    );
  const show = async () => {
    try {
      setSrc(await dataUrlOf(await dataProvider.getKeyReportScreenshot(report.id)));
    } catch {
      setFailed(true);
    }
  };
  return (
    <Box>
      <Button size="small" variant="outlined" onClick={() => void show()}>
        Show screenshot
      </Button>
      {failed && (
        <Typography color="error" variant="body2">
          The screenshot could not be loaded.
        </Typography>
      )}
    </Box>
  );
};

/**
 * What the customer saw, the screenshot, and how the report was resolved: in the row itself (a DataTable's
 * expand button is hidden from assistive technology).
 */
const ReportDetail = () => {
  const report = useRecordContext<KeyReport>();
  if (!report) return null;
  return (
    <Box sx={{ display: 'grid', gap: 1, minWidth: 240 }}>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
        {report.errorMessage}
      </Typography>
      <Screenshot report={report} />
      {report.answer && (
        <Typography sx={{ whiteSpace: 'pre-wrap' }}>
          <strong>Answer:</strong> {report.answer}
        </Typography>
      )}
      {report.resolvedBy && (
        <Typography variant="body2" color="textSecondary">
          {report.status === 'replaced' ? 'Replaced' : 'Answered'} by {report.resolvedBy}
          {report.replacementKeyId ? ` (new key ${shortId(report.replacementKeyId)})` : ''}
        </Typography>
      )}
    </Box>
  );
};

const Actions = () => (
  <Box sx={{ display: 'flex', gap: 1 }}>
    <ReplaceKeyButton />
    <AnswerButton />
  </Box>
);

const CARD_FIELDS: CardField<KeyReport>[] = [
  { label: 'Order', render: (report) => shortId(report.orderId) },
  { label: 'Product', render: (report) => productName(report.productId) },
  { label: 'Key', render: (report) => report.licenseKey },
  { label: 'Status', render: (report) => <StatusChip status={report.status} /> },
  { label: 'Received', render: () => <DateField source="createdAt" showTime /> },
  { label: 'Error seen', render: () => <ReportDetail /> },
];

/**
 * The queue of keys customers report as not activating (#19 §5), open ones first by default: staff replace
 * the key from stock (admins) or answer the customer (admins and support).
 */
export const KeyReportList = () => {
  const isPhone = useIsPhone();
  return (
    <List
      title="Key reports"
      sort={{ field: 'createdAt', order: 'DESC' }}
      filterDefaultValues={{ status: 'open' }}
      exporter={false}
      filters={filters}
      actions={<ListToolbar />}
      pagination={<AppPagination />}
      error={<ListLoadError />}
    >
      {isPhone ? (
        <RecordCards<KeyReport>
          label="Key reports"
          title={(report) => report.customerEmail}
          fields={CARD_FIELDS}
          actions={<Actions />}
        />
      ) : (
        <DataTable rowClick={false} bulkActionButtons={false}>
          <DataTable.Col source="createdAt" label="Received">
            <DateField source="createdAt" showTime />
          </DataTable.Col>
          <DataTable.Col source="customerEmail" label="Customer" disableSort />
          <DataTable.Col
            source="orderId"
            label="Order"
            disableSort
            render={(report: KeyReport) => shortId(report.orderId)}
          />
          <DataTable.Col
            source="productId"
            label="Product"
            disableSort
            render={(report: KeyReport) => productName(report.productId)}
          />
          <DataTable.Col
            source="licenseKey"
            label="Key"
            disableSort
            render={(report: KeyReport) => (
              <Box component="code" sx={{ whiteSpace: 'nowrap' }}>
                {report.licenseKey}
              </Box>
            )}
          />
          <DataTable.Col label="Error seen" disableSort>
            <ReportDetail />
          </DataTable.Col>
          <DataTable.Col
            source="status"
            label="Status"
            render={(report: KeyReport) => <StatusChip status={report.status} />}
          />
          <DataTable.Col label="Actions" disableSort>
            <Actions />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
};
