import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { PageMeta } from '../components/PageMeta';

export function NotFoundPage() {
  return (
    <Container maxWidth="sm" sx={{ py: 8, textAlign: 'center' }}>
      <PageMeta
        title="404 Page Not Found"
        description="The page you were looking for does not exist."
        canonicalPath={null}
      />
      <Typography variant="h4" component="h1" gutterBottom>
        404 Page Not Found
      </Typography>
      <Typography color="textSecondary" sx={{ mb: 3 }}>
        Did you forget to add the page to the router?
      </Typography>
      <Button component={RouterLink} to="/" variant="contained">
        Back to the store
      </Button>
    </Container>
  );
}
