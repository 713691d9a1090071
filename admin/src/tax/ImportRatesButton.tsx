import UploadFileIcon from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import { useMutation } from '@tanstack/react-query';
import { useRefresh } from 'react-admin';
import { errorMessage, useToast } from '../common/toast';
import { importEcbRates } from './api';
import { countOf } from '@store/contracts';

/**
 * Imports the ECB's reference rates file as downloaded from the ECB (eurofxref.csv, or the history
 * eurofxref-hist.csv), chosen from disk: the store cannot fetch it itself. A file with a problem is refused
 * whole, and the toast names its line.
 */
export const ImportRatesButton = () => {
  const toast = useToast();
  const refresh = useRefresh();
  const importRates = useMutation({
    mutationFn: importEcbRates,
    onSuccess: (answer) => {
      const days = answer.from === answer.to ? answer.from : `${answer.from} to ${answer.to}`;
      toast(
        'Rates imported',
        `${countOf(answer.rates, 'rate')} of ${countOf(answer.currencies.length, 'currency', 'currencies')}, ${days}`,
      );
      refresh();
    },
    onError: (error) =>
      toast('Import failed', errorMessage(error, "The ECB's file could not be imported"), 'error'),
  });

  return (
    <Button size="small" component="label" startIcon={<UploadFileIcon />} disabled={importRates.isPending}>
      Import ECB file
      <input
        type="file"
        accept=".csv,text/csv"
        hidden
        aria-label="ECB rates file"
        onChange={(event) => {
          const file = event.target.files?.[0];
          // The same file may be chosen again after it is fixed.
          event.target.value = '';
          if (file) importRates.mutate(file);
        }}
      />
    </Button>
  );
};
