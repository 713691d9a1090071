import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import {
  Confirm,
  DataTable,
  ReferenceInput,
  SelectInput,
  useCanAccess,
  useListContext,
  useRecordContext,
  useRefresh,
  useUpdate,
} from 'react-admin';
import { AppList } from '../common/AppList';
import { AppSearchInput } from '../common/AppSearchInput';
import { statusFilter } from '../common/StatusFilter';
import { capitalize, formatDate, shortId } from '../common/format';
import { ListToolbar } from '../common/ListToolbar';
import { ExportButton } from '../common/ExportButton';
import { RecordCards, type CardField } from '../common/RecordCards';
import { productName } from '../common/products';
import { StatusChip } from '../common/StatusChip';
import { errorMessage, useToast } from '../common/toast';
import { UsageBar } from '../common/UsageBar';
import { useFetchErrorToast } from '../common/useFetchErrorToast';
import { ImportKeysDialog } from './ImportKeysDialog';
import { LicenseKeyCreateDialog } from './LicenseKeyCreateDialog';
import { LICENSE_KEY_STATUSES, type LicenseKey } from './types';

const Column = DataTable.Col<LicenseKey>;

const filters = [
  <AppSearchInput key="q" source="q" alwaysOn placeholder="Search by key, product or order ID" />,
  statusFilter(LICENSE_KEY_STATUSES.map((id) => ({ id, name: capitalize(id) }))),
  <ReferenceInput
    key="supplierId"
    source="supplierId"
    reference="suppliers"
    sort={{ field: 'name', order: 'ASC' }}
  >
    <SelectInput label="Supplier" optionText="name" helperText={false} />
  </ReferenceInput>,
  <ReferenceInput key="batchId" source="batchId" reference="key-batches">
    <SelectInput label="Batch" optionText="invoiceReference" helperText={false} />
  </ReferenceInput>,
];

/** Support staff get keys masked but for the last group (`XXXXX-XXXXX-XXXXX-XXXXX-KLMNO`): nothing to copy. */
export const isMaskedKey = (licenseKey: string) => licenseKey.startsWith('XXXXX-XXXXX-XXXXX-XXXXX-');

const KeyCell = ({ licenseKey }: { licenseKey: LicenseKey }) => {
  const toast = useToast();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(licenseKey.licenseKey);
      toast('Copied', 'License key copied to clipboard');
    } catch {
      toast('Copy failed', 'The clipboard is not available', 'error');
    }
  };
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
      <Box component="code" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
        {licenseKey.licenseKey}
      </Box>
      {isMaskedKey(licenseKey.licenseKey) ? null : (
        <Tooltip title="Copy">
          <IconButton size="small" aria-label={`Copy license key ${licenseKey.licenseKey}`} onClick={copy}>
            <ContentCopyIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Box>
  );
};

/**
 * What revoking a key does (admin-license-keys update(): its status only): it can no longer be activated;
 * nothing else about its order changes and no e-mail is sent.
 */
export function revokeConsequences(key: Pick<LicenseKey, 'orderId'>): string[] {
  const blocked = 'It can no longer be activated (activation answers "This license key has been revoked").';
  return key.orderId
    ? [
        blocked,
        'Its order keeps its download links and is not refunded; the customer is not e-mailed about it.',
        "You can activate it again later, within the order's quantity.",
      ]
    : [blocked, 'It leaves the stock: no order will be given it. You can activate it again later.'];
}

const StatusAction = () => {
  const record = useRecordContext<LicenseKey>();
  const [update, { isPending }] = useUpdate();
  const toast = useToast();
  const refresh = useRefresh();
  const { canAccess: canEdit } = useCanAccess({ resource: 'license-keys', action: 'edit' });
  const [confirming, setConfirming] = useState(false);
  // A key reserved for a held order is decided with its order in the review queue, not revoked alone.
  if (!record || !canEdit || record.reserved) return null;
  const next = record.status === 'active' ? 'revoked' : 'active';
  const act = () =>
    update(
      'license-keys',
      { id: record.id, data: { status: next }, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          toast('License key updated');
          refresh();
        },
        onError: (error) =>
          toast('Update failed', errorMessage(error, 'Failed to update license key'), 'error'),
      },
    );
  const button = (
    <Button
      size="small"
      color={next === 'revoked' ? 'error' : 'primary'}
      disabled={isPending}
      // Revoking is asked once more, with what it does; activating again is not destructive.
      onClick={next === 'revoked' ? () => setConfirming(true) : act}
      aria-label={`${next === 'revoked' ? 'Revoke' : 'Activate'} ${record.licenseKey}`}
    >
      {next === 'revoked' ? 'Revoke' : 'Activate'}
    </Button>
  );
  if (next !== 'revoked') return button;
  return (
    <>
      {button}
      <Confirm
        isOpen={confirming}
        loading={isPending}
        title="Revoke this licence key?"
        content={
          <>
            <Typography sx={{ fontFamily: 'monospace', mb: 1 }}>{record.licenseKey}</Typography>
            {revokeConsequences(record).map((line) => (
              <Typography key={line} sx={{ mb: 1 }}>
                {line}
              </Typography>
            ))}
          </>
        }
        confirm="Revoke key"
        cancel="Keep it active"
        confirmColor="warning"
        onConfirm={() => {
          setConfirming(false);
          act();
        }}
        onClose={() => setConfirming(false)}
      />
    </>
  );
};

const Actions = () => {
  const { canAccess: canCreate } = useCanAccess({ resource: 'license-keys', action: 'create' });
  return (
    <ListToolbar>
      {canCreate ? (
        <>
          <ImportKeysDialog />
          <LicenseKeyCreateDialog />
        </>
      ) : null}
      <ExportButton revealOption />
    </ListToolbar>
  );
};

/** The backfill that gives keys stored before an upgrade their search terms (the API's name for it). */
export const KEY_INDEXING = 'license-key-search-terms';

/**
 * While keys stored before an upgrade are still being indexed (the API says so), a search by part of a key
 * may miss them: said above the results of a search.
 */
export const IndexingNotice = () => {
  const { meta, filterValues } = useListContext();
  if ((meta as { backfillRunning?: string } | undefined)?.backfillRunning !== KEY_INDEXING) return null;
  if (!filterValues?.q) return null;
  return (
    <Alert severity="info" sx={{ m: 1 }}>
      Still indexing the keys stored before the upgrade: a search by part of a key may miss some of them for a
      few minutes. A full key, a product or an order ID finds them as usual.
    </Alert>
  );
};

/** Reserved (for an order held for review) is shown in place of active: the key was never delivered. */
const keyStatus = (record: LicenseKey) => (
  <StatusChip status={record.reserved ? 'reserved' : record.status} />
);

const orderOf = (record: LicenseKey) => (record.orderId ? shortId(record.orderId) : 'Inventory');

const activations = (record: LicenseKey) => (
  <UsageBar
    used={record.activationCount}
    limit={record.activationLimit}
    label={`Activations of ${record.licenseKey}`}
  />
);

/** The columns after the key, as lines of a key's card on a phone. */
const CARD_FIELDS: CardField<LicenseKey>[] = [
  { label: 'Product', render: (record) => productName(record.productId) },
  { label: 'Order ID', render: orderOf },
  { label: 'Activations', render: activations },
  { label: 'Status', render: keyStatus },
  { label: 'Created', render: (record) => formatDate(record.createdAt) },
];

// Sortable on the API: createdAt, status, productId, activationCount.
export const LicenseKeyList = () => {
  const queryOptions = useFetchErrorToast('Failed to fetch license keys');
  return (
    <AppList
      title="License Keys"
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      filters={filters}
      actions={<Actions />}
      queryOptions={queryOptions}
      cards={
        <>
          <IndexingNotice />
          <RecordCards<LicenseKey>
            label="License Keys"
            title={(record) => <KeyCell licenseKey={record} />}
            fields={CARD_FIELDS}
            actions={<StatusAction />}
          />
        </>
      }
      table={
        <>
          <IndexingNotice />
          <DataTable rowClick={false} bulkActionButtons={false}>
            <Column
              source="licenseKey"
              label="License Key"
              disableSort
              render={(record) => <KeyCell licenseKey={record} />}
            />
            <Column source="productId" label="Product" render={(record) => productName(record.productId)} />
            <Column source="orderId" label="Order ID" disableSort render={orderOf} />
            <Column source="activationCount" label="Activations" render={activations} />
            <Column source="status" label="Status" render={keyStatus} />
            <Column source="createdAt" label="Created" render={(record) => formatDate(record.createdAt)} />
            <Column label="Actions" disableSort>
              <StatusAction />
            </Column>
          </DataTable>
        </>
      }
    />
  );
};
