import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** The catalogue's placeholder: while its code loads, then while the catalogue does. */
export function ProductsLoading() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
      <CircularProgress aria-label="Loading products" />
    </Box>
  );
}
