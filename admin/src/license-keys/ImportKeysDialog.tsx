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
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Form, useDataProvider, useInput, useRefresh } from 'react-admin';
import { errorMessage, useToast } from '../common/toast';
import { BatchInput, useResolveBatch, validateBatch, type BatchValues } from '../suppliers/BatchInput';
import type { AppDataProvider, ImportResult } from '../providers/dataProvider';

const ImportResultAlert = ({ result }: { result: ImportResult }) => (
  <Alert severity={result.invalid.length > 0 ? 'warning' : 'success'} aria-label="Import result">
    <Typography>Imported: {result.imported}</Typography>
    <Typography>Duplicates: {result.duplicates}</Typography>
    <Typography>Invalid: {result.invalid.length}</Typography>
    {result.invalid.slice(0, 20).map((row) => (
      <Typography key={row.line} variant="body2">
        Line {row.line}: {row.reason}
      </Typography>
    ))}
  </Alert>
);

/** The form's content: the file (held by the form under `file`), the last result, and the buttons. */
const ImportFields = ({
  result,
  busy,
  onFileChange,
  onClose,
}: {
  result: ImportResult | undefined;
  busy: boolean;
  onFileChange: () => void;
  onClose: () => void;
}) => {
  const { field } = useInput({ source: 'file', defaultValue: null });
  const file = field.value as File | null;
  return (
    <>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>
            A CSV file with a header row and the columns licenseKey, and optionally productId (the batch's
            product when left out) and activationLimit. The keys go into the inventory, in the batch chosen
            here, each at the batch's cost.
          </DialogContentText>
          <BatchInput />
          <Button variant="outlined" component="label">
            {file ? file.name : 'Choose CSV file'}
            <input
              type="file"
              accept=".csv,text/csv"
              hidden
              aria-label="CSV file"
              onChange={(event) => {
                field.onChange(event.target.files?.[0] ?? null);
                onFileChange();
              }}
            />
          </Button>
          {result ? <ImportResultAlert result={result} /> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        <Button type="submit" variant="contained" disabled={!file || busy}>
          Import
        </Button>
      </DialogActions>
    </>
  );
};

/**
 * Uploads a CSV (`licenseKey[,productId][,activationLimit]`) into the key inventory, in a supplier batch
 * chosen (or created) here, and shows the counts. Not
 * one record's creation, so not a CreateBase: a react-admin Form whose submission runs the data provider's
 * `importLicenseKeys` as a mutation.
 */
export const ImportKeysDialog = () => {
  const [open, setOpen] = useState(false);
  const dataProvider = useDataProvider<AppDataProvider>();
  const toast = useToast();
  const refresh = useRefresh();
  const resolveBatch = useResolveBatch();
  const importKeys = useMutation({
    mutationFn: async ({ file, values }: { file: File; values: BatchValues }) =>
      dataProvider.importLicenseKeys(file, await resolveBatch(values)),
    onSuccess: (answer) => {
      toast('Keys imported', `${answer.imported} imported`);
      refresh();
    },
    onError: (error) => toast('Import failed', errorMessage(error, 'Failed to import license keys'), 'error'),
  });

  const close = () => {
    setOpen(false);
    importKeys.reset();
  };

  return (
    <>
      <Button size="small" startIcon={<UploadFileIcon />} onClick={() => setOpen(true)}>
        Import Keys
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="import-keys-title">
        {/* Mounted while open only: each opening starts with no file. */}
        <Form
          validate={(values) => validateBatch(values as BatchValues)}
          noValidate
          onSubmit={async (values: { file?: File | null } & BatchValues) => {
            // The result, or the toast, answers: the form itself has nothing to show.
            if (values.file)
              await importKeys.mutateAsync({ file: values.file, values }).catch(() => undefined);
          }}
        >
          <DialogTitle id="import-keys-title">Import Keys</DialogTitle>
          <ImportFields
            result={importKeys.data}
            busy={importKeys.isPending}
            onFileChange={() => importKeys.reset()}
            onClose={close}
          />
        </Form>
      </Dialog>
    </>
  );
};
