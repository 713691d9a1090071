import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import type { FaqEntry } from '../../content/faq';

/** Questions as disclosure buttons (h3); one answer open at a time, and it can be closed again. */
export function FaqList({ entries }: { entries: readonly FaqEntry[] }) {
  const base = useId();
  const [open, setOpen] = useState<number | null>(null);
  return (
    <Box sx={{ maxWidth: '75ch' }}>
      {entries.map((entry, index) => {
        const id = `${base}-${index}`;
        const expanded = open === index;
        return (
          <Box key={entry.question} sx={{ borderBottom: 1, borderColor: 'divider' }}>
            <Typography component="h3" sx={{ m: 0 }}>
              <ButtonBase
                id={`${id}-button`}
                aria-expanded={expanded}
                aria-controls={`${id}-panel`}
                onClick={() => setOpen(expanded ? null : index)}
                sx={{
                  width: '100%',
                  justifyContent: 'space-between',
                  textAlign: 'left',
                  py: 2,
                  fontSize: '1rem',
                  fontWeight: 600,
                  '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
                }}
              >
                {entry.question}
                <Box component="span" aria-hidden="true" sx={{ ml: 2, fontSize: 20 }}>
                  {expanded ? '−' : '+'}
                </Box>
              </ButtonBase>
            </Typography>
            <Box
              id={`${id}-panel`}
              role="region"
              aria-labelledby={`${id}-button`}
              hidden={!expanded}
              sx={{ pb: 2, color: 'text.secondary' }}
            >
              {entry.answer}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
