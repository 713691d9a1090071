import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';
import type { LinkAction } from '../../content/types';

/** Onward links shown as buttons; the first is the primary one. */
export function ActionLinks({ links }: { links: readonly LinkAction[] }) {
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mt: 3 }}>
      {links.map((link, index) => (
        <Button
          key={link.to}
          component={RouterLink}
          to={link.to}
          variant={index === 0 ? 'contained' : 'outlined'}
          size="large"
        >
          {link.label}
        </Button>
      ))}
    </Box>
  );
}
