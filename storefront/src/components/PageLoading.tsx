import Box from '@mui/material/Box';
import { Spinner } from './Spinner';

/** A spinner; `fillScreen` makes it as tall as the screen, so that what follows stays below the fold. */
export function PageLoading({
  label = 'Loading page',
  fillScreen = false,
}: {
  label?: string;
  fillScreen?: boolean;
}) {
  return (
    <Box
      sx={{ display: 'flex', justifyContent: 'center', py: 10, ...(fillScreen && { minHeight: '100vh' }) }}
    >
      <Spinner label={label} />
    </Box>
  );
}
