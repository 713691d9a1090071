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
import { returnPeriods } from './quarters';

/** The three files, as the page offers them. */
const FILES: { file: TaxReturnFile; label: string; description: string; quarterly?: boolean }[] = [
  {
    file: 'oss',
    label: 'OSS return',
    description:
      'EU One-Stop Shop: per member state and rate, the taxable amount and VAT (invoices less credit ' +
      'notes), in dollars and in euros at the ECB rate of the quarter’s last day. Also B2B sales ' +
      'reverse-charged to other member states, and domestic sales, each in its own section.',
    quarterly: true,
  },
  {
    file: 'uk',
    label: 'UK VAT figures',
    description: 'Box 1 (VAT due on sales) and box 6 (sales excluding VAT), in dollars and in pounds.',
    quarterly: true,
  },
  {
    file: 'register',
    label: 'Invoice register',
    description: 'Every invoice and credit note issued in the period, in number order.',
  },
];

/** Why a running period has no OSS return or UK figures yet. */
export const QUARTER_NOT_ENDED =
  'Made once the quarter has ended: they are converted at the ECB rate of its last day.';

/**
 * The tax returns of a quarter (#20 §6), as CSV files for the accountant, and the register of the running
 * month or quarter so far (#34). The conversions need the ECB's rate of the quarter's last day: the page
 * says where to enter or import it, and a download refused for want of one says so.
 */
export const TaxReturnsPage = () => {
  const [periods] = useState(() => returnPeriods(new Date()));
  // The last quarter that ended, the one a return is due for, is chosen first.
  const [label, setLabel] = useState(periods.find((p) => !p.running)!.label);
  const period = periods.find((p) => p.label === label)!;
  const [busy, setBusy] = useState<TaxReturnFile | null>(null);
  const toast = useToast();

  const download = async (file: TaxReturnFile) => {
    setBusy(file);
    try {
      const { blob, fileName } = await downloadTaxReturn(file, period.query);
      saveFile(blob, fileName ?? `${file}-${label.replace(/\W+/g, '-')}.csv`);
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
            label="Period"
            value={label}
            onChange={(event) => setLabel(event.target.value)}
            helperText={
              period.running && 'to' in period.query
                ? `${period.query.from} to ${period.query.to} (today, UTC)`
                : undefined
            }
            sx={{ maxWidth: 280 }}
          >
            {periods.map((p) => (
              <MenuItem key={p.label} value={p.label}>
                {p.label}
              </MenuItem>
            ))}
          </TextField>
          {FILES.map(({ file, label: name, description, quarterly }) => {
            const notYet = quarterly && period.running;
            return (
              <Box key={file}>
                <Button
                  variant="outlined"
                  startIcon={<DownloadIcon />}
                  disabled={busy !== null || notYet}
                  onClick={() => void download(file)}
                >
                  {name} (CSV)
                </Button>
                <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5 }}>
                  {notYet ? QUARTER_NOT_ENDED : description}
                </Typography>
              </Box>
            );
          })}
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
