import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

/*
 * The card brands the store takes through Stripe, drawn simply in their colours (the brands' own artwork is
 * not shipped with the store). Each is an image named by the brand, in one list named by what it says.
 */

const WIDTH = 38;
const HEIGHT = 24;

function Card({ label, background, children }: { label: string; background: string; children: ReactNode }) {
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox="0 0 38 24"
      width={WIDTH}
      height={HEIGHT}
      style={{ display: 'block' }}
    >
      <rect x="0.5" y="0.5" width="37" height="23" rx="3.5" fill={background} stroke="#d1d5db" />
      {children}
    </svg>
  );
}

const BRANDS = [
  {
    label: 'Visa',
    mark: (
      <Card label="Visa" background="#fff">
        <text
          x="19"
          y="16.5"
          textAnchor="middle"
          fontFamily="Arial, sans-serif"
          fontSize="11"
          fontWeight="900"
          fontStyle="italic"
          fill="#1a1f71"
        >
          VISA
        </text>
      </Card>
    ),
  },
  {
    label: 'Mastercard',
    mark: (
      <Card label="Mastercard" background="#fff">
        <circle cx="15" cy="12" r="7" fill="#eb001b" />
        <circle cx="23" cy="12" r="7" fill="#f79e1b" />
        <path d="M19 6.2a7 7 0 0 1 0 11.6 7 7 0 0 1 0-11.6z" fill="#ff5f00" />
      </Card>
    ),
  },
  {
    label: 'American Express',
    mark: (
      <Card label="American Express" background="#1f72cd">
        <text
          x="19"
          y="15.5"
          textAnchor="middle"
          fontFamily="Arial, sans-serif"
          fontSize="8.5"
          fontWeight="900"
          fill="#fff"
        >
          AMEX
        </text>
      </Card>
    ),
  },
];

/** The accepted cards' marks in a row, e.g. under the pay button and in the footer. */
export function PaymentMarks({ sx }: { sx?: SxProps<Theme> }) {
  return (
    <Box
      component="ul"
      aria-label="Accepted cards"
      sx={[
        { listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1 },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {BRANDS.map(({ label, mark }) => (
        <li key={label}>{mark}</li>
      ))}
    </Box>
  );
}
