import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';

/** `used` of `limit` as a percentage, capped at 100 (over-use and a zero limit both read as full). */
export function usagePercent(used: number, limit: number): number {
  if (!(limit > 0)) return used > 0 ? 100 : 0;
  return Math.min(100, Math.max(0, (used / limit) * 100));
}

/** `count/max` and a progress bar capped at 100 %. */
export const UsageBar = ({ used, limit, label }: { used: number; limit: number; label: string }) => (
  <Box sx={{ minWidth: 96 }}>
    <Typography variant="body2">
      {used}/{limit}
    </Typography>
    <LinearProgress variant="determinate" value={usagePercent(used, limit)} aria-label={label} />
  </Box>
);
