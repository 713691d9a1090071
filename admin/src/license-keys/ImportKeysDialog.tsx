import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useDataProvider, useRefresh } from 'react-admin';
import { errorMessage, useToast } from '../common/toast';
import type { AppDataProvider, ImportResult } from '../providers/dataProvider';

/** Uploads a CSV (`productId,licenseKey[,activationLimit]`) into the key inventory and shows the counts. */
export const ImportKeysDialog = () => {
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [busy, setBusy] = useState(false);
  const dataProvider = useDataProvider<AppDataProvider>();
  const toast = useToast();
  const refresh = useRefresh();

  const close = () => {
    setOpen(false);
    setFile(null);
    setResult(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setBusy(true);
    try {
      const answer = await dataProvider.importLicenseKeys(file);
      setResult(answer);
      toast('Keys imported', `${answer.imported} imported`);
      refresh();
    } catch (error) {
      toast('Import failed', errorMessage(error, 'Failed to import license keys'), 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button size="small" startIcon={<UploadFileIcon />} onClick={() => setOpen(true)}>
        Import Keys
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="import-keys-title">
        <form onSubmit={(event) => void submit(event)}>
          <DialogTitle id="import-keys-title">Import Keys</DialogTitle>
          <DialogContent>
            <Stack spacing={2}>
              <DialogContentText>
                A CSV file with a header row and the columns productId, licenseKey and optionally
                activationLimit. The keys go into the inventory.
              </DialogContentText>
              <Button variant="outlined" component="label">
                {file ? file.name : 'Choose CSV file'}
                <input
                  type="file"
                  accept=".csv,text/csv"
                  hidden
                  aria-label="CSV file"
                  onChange={(event) => {
                    setFile(event.target.files?.[0] ?? null);
                    setResult(null);
                  }}
                />
              </Button>
              {result ? (
                <Alert
                  severity={result.invalid.length > 0 ? 'warning' : 'success'}
                  aria-label="Import result"
                >
                  <Typography>Imported: {result.imported}</Typography>
                  <Typography>Duplicates: {result.duplicates}</Typography>
                  <Typography>Invalid: {result.invalid.length}</Typography>
                  {result.invalid.slice(0, 20).map((row) => (
                    <Typography key={row.line} variant="body2">
                      Line {row.line}: {row.reason}
                    </Typography>
                  ))}
                </Alert>
              ) : null}
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>Close</Button>
            <Button type="submit" variant="contained" disabled={!file || busy}>
              Import
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
};
