import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { faqCategories } from '../../content/faq';

/** Disclosure buttons (aria-expanded / aria-controls); one answer open at a time, and it can be closed. */
export function Faq() {
  const [openId, setOpenId] = useState<string | null>(null);

  return (
    <Box component="section" aria-labelledby="faq-title" sx={{ py: 8 }}>
      <Container maxWidth="md">
        <Typography
          id="faq-title"
          variant="h4"
          component="h2"
          sx={{ textAlign: 'center', fontWeight: 800, mb: 4 }}
        >
          Frequently asked questions
        </Typography>
        {faqCategories.map((category, c) => (
          <Box key={category.title} sx={{ mb: 4 }}>
            <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
              {category.title}
            </Typography>
            {category.entries.map((entry, e) => {
              const id = `faq-${c}-${e}`;
              const open = openId === id;
              return (
                <Box key={id} sx={{ borderBottom: 1, borderColor: 'divider' }}>
                  <Typography component="h4" sx={{ m: 0 }}>
                    <ButtonBase
                      id={`${id}-button`}
                      aria-expanded={open}
                      aria-controls={`${id}-panel`}
                      onClick={() => setOpenId(open ? null : id)}
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
                        {open ? '−' : '+'}
                      </Box>
                    </ButtonBase>
                  </Typography>
                  <Box
                    id={`${id}-panel`}
                    role="region"
                    aria-labelledby={`${id}-button`}
                    hidden={!open}
                    sx={{ pb: 2, color: 'text.secondary' }}
                  >
                    {entry.answer}
                  </Box>
                </Box>
              );
            })}
          </Box>
        ))}
      </Container>
    </Box>
  );
}
