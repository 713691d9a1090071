import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { useCanAccess, useListContext } from 'react-admin';
import { namedFileOf } from '../providers/dataProvider';
import { saveFile } from './saveFile';
import { errorMessage, useToast } from './toast';

/** The days an export covers, as the API names its file: `2026-10-01-to-2026-10-31`, `from-…`, `to-…`, `all`. */
export function rangeLabel(from: string, to: string): string {
  if (from && to) return `${from}-to-${to}`;
  if (from) return `from-${from}`;
  if (to) return `to-${to}`;
  return 'all';
}

/** `GET /api/admin/<resource>/export.csv` with the list's filter and sort, the days, and `reveal`. */
export function exportUrl(
  resource: string,
  list: { filter: object; sort: { field: string; order: string } },
  days: { from: string; to: string },
  reveal = false,
): string {
  const query = new URLSearchParams({
    filter: JSON.stringify(list.filter),
    sort: JSON.stringify([list.sort.field, list.sort.order]),
  });
  if (days.from) query.set('from', days.from);
  if (days.to) query.set('to', days.to);
  if (reveal) query.set('reveal', 'true');
  return `/api/admin/${resource}/export.csv?${query.toString()}`;
}

/**
 * A list's Export: a dialog asking for the days of creation (both optional, UTC), then the CSV of every
 * record the list shows for its current filter and sort, downloaded. With `revealOption`, administrators may
 * ask for the licence keys in clear (the server records it in the audit trail).
 */
export const ExportButton = ({ revealOption = false }: { revealOption?: boolean }) => {
  const { resource, filterValues, sort } = useListContext();
  const { canAccess: canReveal } = useCanAccess({ resource, action: 'reveal' });
  const [open, setOpen] = useState(false);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [reveal, setReveal] = useState(false);
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const titleId = useId();
  const backwards = from !== '' && to !== '' && to < from;
  const withKeys = revealOption && canReveal === true && reveal;

  const download = async () => {
    setBusy(true);
    try {
      const url = exportUrl(resource, { filter: filterValues ?? {}, sort }, { from, to }, withKeys);
      const { blob, fileName } = await namedFileOf(url, 'The export could not be made');
      // The server names the file after what it holds: its filter and its days (#34).
      saveFile(blob, fileName ?? `${resource}${withKeys ? '-in-clear' : ''}-${rangeLabel(from, to)}.csv`);
      setOpen(false);
    } catch (error) {
      toast('Export failed', errorMessage(error, 'The export could not be made'), 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button size="small" startIcon={<DownloadIcon />} onClick={() => setOpen(true)}>
        Export
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId} fullWidth maxWidth="xs">
        <DialogTitle id={titleId}>Export as CSV</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            Everything the list shows with its current search and filters, created between these days (UTC,
            both included). Leave a day empty for no limit.
          </DialogContentText>
          <Stack spacing={2}>
            <TextField
              type="date"
              label="From"
              value={from}
              onChange={(event) => setFrom(event.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              type="date"
              label="To"
              value={to}
              onChange={(event) => setTo(event.target.value)}
              error={backwards}
              helperText={backwards ? 'To must not be before From' : undefined}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            {revealOption && canReveal ? (
              <FormControlLabel
                control={<Checkbox checked={reveal} onChange={(event) => setReveal(event.target.checked)} />}
                label="Include the keys in clear (recorded in the audit trail)"
              />
            ) : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Cancel</Button>
          <Button
            variant="contained"
            startIcon={<DownloadIcon />}
            disabled={busy || backwards}
            onClick={() => void download()}
          >
            Download
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
};
