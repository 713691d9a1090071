import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

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
      <CircularProgress aria-label={label} />
    </Box>
  );
}
