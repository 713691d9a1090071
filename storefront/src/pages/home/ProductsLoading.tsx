import Box from '@mui/material/Box';
import { Spinner } from '../../components/Spinner';

/** The catalogue's placeholder: while its code loads, then while the catalogue does. */
export function ProductsLoading() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
      <Spinner label="Loading products" />
    </Box>
  );
}
