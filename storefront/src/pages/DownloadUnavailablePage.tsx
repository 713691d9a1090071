import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { PageMeta } from '../components/PageMeta';
import { downloadUnavailable as copy, type DownloadUnavailableReason } from '../content/downloadUnavailable';

const isReason = (value: string | null): value is DownloadUnavailableReason =>
  value !== null && Object.hasOwn(copy.reasons, value);

/**
 * `/download-unavailable?reason=…`: a browser that followed a download link the server no longer honours
 * lands here (API clients get the JSON error instead), told why and what to do next.
 */
export function DownloadUnavailablePage() {
  const [search] = useSearchParams();
  const reason = search.get('reason');
  return (
    <Container component="section" maxWidth="sm" sx={{ py: 8 }}>
      <PageMeta title={copy.title} description={copy.description} />
      <Typography variant="h4" component="h1" gutterBottom>
        {copy.heading}
      </Typography>
      <Alert severity="warning" sx={{ mb: 2 }}>
        {copy.reasons[isReason(reason) ? reason : 'unknown']}
      </Alert>
      <Typography color="textSecondary" sx={{ mb: 3 }}>
        {copy.whatToDo}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Button component={RouterLink} to={copy.licences.to} variant="contained">
          {copy.licences.label}
        </Button>
        <Button component={RouterLink} to={copy.support.to} variant="outlined">
          {copy.support.label}
        </Button>
      </Stack>
    </Container>
  );
}
