import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Title, useCanAccess, useGetList, useUpdate } from 'react-admin';
import { rangeLabel } from '../common/AppPagination';
import { formatDate, shortId } from '../common/format';
import { LoadError } from '../common/LoadError';
import { useIsPhone } from '../common/phone';
import { CardList, CardPlaceholders, type CardField } from '../common/RecordCards';
import { productName } from '../common/products';
import { errorMessage, useToast } from '../common/toast';
import { UsageBar } from '../common/UsageBar';
import { DownloadCreateDialog } from './DownloadCreateDialog';
import type { DownloadLink } from './types';

const COLUMNS = ['File Name', 'Product', 'Order ID', 'Size', 'Downloads', 'Status', 'Created', 'Actions'];

/** The search waits for a pause in typing before asking the server. */
function useDebounced(value: string, ms = 300): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

const ToggleActive = ({ link, onDone }: { link: DownloadLink; onDone: () => void }) => {
  const [update, { isPending }] = useUpdate();
  const toast = useToast();
  const toggle = () =>
    update(
      'downloads',
      { id: link.id, data: { isActive: !link.isActive }, previousData: link },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          toast('Download updated', 'Download has been updated successfully');
          onDone();
        },
        onError: (error) => toast('Update failed', errorMessage(error, 'Failed to update download'), 'error'),
      },
    );
  return (
    <Tooltip title={link.isActive ? 'Deactivate' : 'Activate'}>
      <Switch
        checked={link.isActive}
        disabled={isPending}
        onChange={toggle}
        slotProps={{ input: { 'aria-label': `Active: ${link.fileName}` } }}
      />
    </Tooltip>
  );
};

const activeChip = (link: DownloadLink) => (
  <Chip
    size="small"
    label={link.isActive ? 'Active' : 'Inactive'}
    color={link.isActive ? 'success' : 'default'}
  />
);

const downloads = (link: DownloadLink) => (
  <UsageBar used={link.downloadCount} limit={link.maxDownloads} label={`Downloads of ${link.fileName}`} />
);

const OpenFile = ({ link }: { link: DownloadLink }) => (
  <Tooltip title="Open file">
    <IconButton
      component="a"
      href={link.fileUrl}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`Open ${link.fileName}`}
    >
      <OpenInNewIcon fontSize="small" />
    </IconButton>
  </Tooltip>
);

/** The columns after the file name, as lines of a link's card on a phone. */
const CARD_FIELDS: CardField<DownloadLink>[] = [
  { label: 'Product', render: (link) => productName(link.productId) },
  {
    label: 'Order ID',
    render: (link) => <Box sx={{ fontFamily: 'monospace' }}>{shortId(link.orderId)}...</Box>,
  },
  { label: 'Size', render: (link) => link.fileSize || 'N/A' },
  { label: 'Downloads', render: downloads },
  { label: 'Status', render: activeChip },
  { label: 'Created', render: (link) => formatDate(link.createdAt) },
];

/** Downloads Management (spec "Downloads management"), filtered and paged on the server. */
export const DownloadList = () => {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<'all' | 'active' | 'inactive'>('all');
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(25);
  const q = useDebounced(search.trim());
  const toast = useToast();
  const { canAccess: canCreate } = useCanAccess({ resource: 'downloads', action: 'create' });
  const { canAccess: canEdit } = useCanAccess({ resource: 'downloads', action: 'edit' });
  const isPhone = useIsPhone();

  const { data, total, meta, isPending, error, refetch } = useGetList<DownloadLink>(
    'downloads',
    {
      pagination: { page: page + 1, perPage },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: { ...(q ? { q } : {}), ...(status === 'all' ? {} : { isActive: status === 'active' }) },
    },
    { onError: () => toast('Failed to fetch downloads', undefined, 'error') },
  );
  const capped = Boolean((meta as { totalCapped?: boolean } | undefined)?.totalCapped);
  const count = total ?? 0;

  // On a phone, a card per link instead of the table (its error and pager are shared).
  const phoneCards = () => {
    if (error) return null;
    if (isPending) return <CardPlaceholders />;
    if (!data?.length)
      return (
        <CardContent>
          <Typography>No download links found</Typography>
        </CardContent>
      );
    return (
      <CardList<DownloadLink>
        label="Download Links"
        records={data}
        title={(link) => link.fileName}
        fields={CARD_FIELDS}
        actions={(link) => (
          <>
            <OpenFile link={link} />
            {canEdit ? <ToggleActive link={link} onDone={() => void refetch()} /> : null}
          </>
        )}
      />
    );
  };

  return (
    <Box sx={{ mt: 1 }}>
      <Title title="Downloads Management" />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}
      >
        <Box>
          <Typography variant="h4" component="h1">
            Downloads Management
          </Typography>
          <Typography color="textSecondary">Manage software download links and file access</Typography>
        </Box>
        <Stack direction="row" spacing={1}>
          <Button variant="outlined" startIcon={<RefreshIcon />} onClick={() => void refetch()}>
            Refresh
          </Button>
          {canCreate ? <DownloadCreateDialog onCreated={() => void refetch()} /> : null}
        </Stack>
      </Stack>

      <Card sx={{ mb: 2 }}>
        <CardHeader title="Filters" slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
        <CardContent>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label="Search"
              placeholder="Search by file name, product, or order ID..."
              value={search}
              slotProps={{ inputLabel: { shrink: true } }}
              onChange={(event) => {
                setSearch(event.target.value);
                setPage(0);
              }}
              fullWidth
            />
            <TextField
              select
              label="Status"
              value={status}
              onChange={(event) => {
                setStatus(event.target.value as typeof status);
                setPage(0);
              }}
              sx={{ minWidth: 180 }}
            >
              <MenuItem value="all">All Status</MenuItem>
              <MenuItem value="active">Active</MenuItem>
              <MenuItem value="inactive">Inactive</MenuItem>
            </TextField>
          </Stack>
        </CardContent>
      </Card>

      <Card>
        <CardHeader
          // A failed load has no count: "(0)" would say there are none.
          title={
            error ? 'Download Links' : `Download Links (${count.toLocaleString('en-US')}${capped ? '+' : ''})`
          }
          slotProps={{ title: { variant: 'h6', component: 'h2' } }}
        />
        {error ? (
          <Box sx={{ p: 2 }}>
            <LoadError what="downloads" onRetry={() => void refetch()} />
          </Box>
        ) : null}
        {isPhone ? (
          phoneCards()
        ) : (
          <Box sx={{ overflowX: 'auto', display: error ? 'none' : undefined }}>
            <Table size="small" aria-label="Download Links">
              <TableHead>
                <TableRow>
                  {COLUMNS.map((column) => (
                    <TableCell key={column}>{column}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {isPending
                  ? [0, 1, 2, 3, 4].map((row) => (
                      <TableRow key={row} data-testid="placeholder-row">
                        {COLUMNS.map((column) => (
                          <TableCell key={column}>
                            <Skeleton animation="pulse" />
                          </TableCell>
                        ))}
                      </TableRow>
                    ))
                  : (data ?? []).map((link) => (
                      <TableRow key={link.id}>
                        <TableCell>{link.fileName}</TableCell>
                        <TableCell>{productName(link.productId)}</TableCell>
                        <TableCell sx={{ fontFamily: 'monospace' }}>{shortId(link.orderId)}...</TableCell>
                        <TableCell>{link.fileSize || 'N/A'}</TableCell>
                        <TableCell>{downloads(link)}</TableCell>
                        <TableCell>{activeChip(link)}</TableCell>
                        <TableCell>{formatDate(link.createdAt)}</TableCell>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>
                          <OpenFile link={link} />
                          {canEdit ? <ToggleActive link={link} onDone={() => void refetch()} /> : null}
                        </TableCell>
                      </TableRow>
                    ))}
                {!isPending && data?.length === 0 ? (
                  <TableRow>
                    <TableCell colSpan={COLUMNS.length}>No download links found</TableCell>
                  </TableRow>
                ) : null}
              </TableBody>
            </Table>
          </Box>
        )}
        {error ? null : (
          <TablePagination
            component="div"
            count={count}
            page={page}
            rowsPerPage={perPage}
            rowsPerPageOptions={[10, 25, 50, 100]}
            onPageChange={(_event, next) => setPage(next)}
            onRowsPerPageChange={(event) => {
              setPerPage(Number(event.target.value));
              setPage(0);
            }}
            labelDisplayedRows={({ from, to, count: rows }) => rangeLabel(from, to, rows, capped)}
          />
        )}
      </Card>
    </Box>
  );
};
