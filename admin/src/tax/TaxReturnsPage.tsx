import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Title } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { errorMessage, useToast } from '../common/toast';
import { saveFile } from '../common/saveFile';
import { downloadTaxReturn, type TaxReturnFile } from './api';
import { endedQuarters } from './quarters';

/** The three files, as the page offers them. */
const FILES: { file: TaxReturnFile; label: string; description: string }[] = [
  {
    file: 'oss',
    label: 'OSS return',
    description:
      'EU One-Stop Shop: per member state and rate, the taxable amount and VAT (invoices less credit ' +
      'notes), in dollars and in euros at the ECB rate of the quarter’s last day. Also B2B sales ' +
      'reverse-charged to other member states, and domestic sales, each in its own section.',
  },
  {
    file: 'uk',
    label: 'UK VAT figures',
    description: 'Box 1 (VAT due on sales) and box 6 (sales excluding VAT), in dollars and in pounds.',
  },
  {
    file: 'register',
    label: 'Invoice register',
    description: 'Every invoice and credit note issued in the quarter, in number order.',
  },
];

/**
 * The tax returns of a quarter (#20 §6), as CSV files for the accountant. The conversions need the ECB's
 * rate of the quarter's last day: the page says where to enter or import it, and a download refused for
 * want of one says so.
 */
export const TaxReturnsPage = () => {
  const [quarters] = useState(() => endedQuarters(new Date()));
  const [quarter, setQuarter] = useState(quarters[0]!);
  const [busy, setBusy] = useState<TaxReturnFile | null>(null);
  const toast = useToast();

  const download = async (file: TaxReturnFile) => {
    setBusy(file);
    try {
      saveFile(await downloadTaxReturn(file, quarter), `${file}-${quarter}.csv`);
    } catch (error) {
      toast('Download failed', errorMessage(error, 'The file could not be made'), 'error');
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card sx={{ mt: 1 }}>
      <Title title="Tax returns" />
      <CardContent>
        <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
          Tax returns
        </Typography>
        <Stack spacing={3} sx={{ maxWidth: 720 }}>
          <TextField
            select
            label="Quarter"
            value={quarter}
            onChange={(event) => setQuarter(event.target.value)}
            sx={{ maxWidth: 200 }}
          >
            {quarters.map((q) => (
              <MenuItem key={q} value={q}>
                {q}
              </MenuItem>
            ))}
          </TextField>
          {FILES.map(({ file, label, description }) => (
            <Box key={file}>
              <Button
                variant="outlined"
                startIcon={<DownloadIcon />}
                disabled={busy !== null}
                onClick={() => void download(file)}
              >
                {label} (CSV)
              </Button>
              <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5 }}>
                {description}
              </Typography>
            </Box>
          ))}
          <Typography variant="body2">
            Amounts are converted at the ECB’s reference rate of the quarter’s last day, or of the next day
            the ECB published one. Enter or import the rates under{' '}
            <Link component={RouterLink} to="/exchange-rates">
              Exchange rates
            </Link>
            .
          </Typography>
        </Stack>
      </CardContent>
    </Card>
  );
};
