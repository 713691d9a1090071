import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';

const turn = keyframes`
  100% { transform: rotate(360deg); }
`;
const sweep = keyframes`
  0% { stroke-dasharray: 1px, 200px; stroke-dashoffset: 0; }
  50% { stroke-dasharray: 100px, 200px; stroke-dashoffset: -15px; }
  100% { stroke-dasharray: 1px, 200px; stroke-dashoffset: -126px; }
`;

/**
 * The placeholders' spinner on the first load of a page: the look of MUI's indeterminate CircularProgress
 * (40 px, the primary colour, a progressbar named `label`) without its code in that load (~1.5 KB gzip).
 */
export function Spinner({ label }: { label: string }) {
  return (
    <Box
      component="span"
      role="progressbar"
      aria-label={label}
      sx={{
        display: 'inline-block',
        width: 40,
        height: 40,
        color: 'primary.main',
        animation: `${turn} 1.4s linear infinite`,
      }}
    >
      <svg viewBox="22 22 44 44" width="40" height="40" style={{ display: 'block' }} aria-hidden="true">
        <Box
          component="circle"
          cx="44"
          cy="44"
          r="20.2"
          fill="none"
          strokeWidth="3.6"
          sx={{
            stroke: 'currentColor',
            strokeDasharray: '80px, 200px',
            strokeDashoffset: 0,
            animation: `${sweep} 1.4s ease-in-out infinite`,
          }}
        />
      </svg>
    </Box>
  );
}
