import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { DELIVERY } from '../../content/business';

/** The guarantees; on a phone only those with a short form, in one line, so the strip takes one line. */
const GUARANTEES: { text: string; short?: string }[] = [
  { text: 'Secure & Authentic' },
  { text: `Fast Delivery: keys by e-mail, ${DELIVERY.typical}`, short: 'Keys in minutes' },
  { text: 'Quality Guarantee: 30-day money-back', short: '30-day money-back' },
  { text: 'Lifetime licence, no subscription' },
];

/** The store's guarantees, shown on every page with the header and footer. */
export function TrustStrip() {
  return (
    <Box component="aside" aria-label="Our guarantees" sx={{ bgcolor: '#0b3d91', color: '#fff' }}>
      <Container
        component="ul"
        maxWidth="lg"
        sx={{
          display: 'flex',
          flexWrap: { xs: 'nowrap', sm: 'wrap' },
          justifyContent: 'center',
          gap: { xs: 2, md: 4 },
          m: '0 auto',
          py: 1,
          listStyle: 'none',
        }}
      >
        {GUARANTEES.map(({ text, short }) => (
          <Typography
            key={text}
            component="li"
            variant="body2"
            sx={{
              display: { xs: short ? 'block' : 'none', sm: 'block' },
              whiteSpace: { xs: 'nowrap', sm: 'normal' },
            }}
          >
            ✓{' '}
            {short ? (
              <>
                <Box component="span" sx={{ display: { xs: 'inline', sm: 'none' } }}>
                  {short}
                </Box>
                <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
                  {text}
                </Box>
              </>
            ) : (
              text
            )}
          </Typography>
        ))}
      </Container>
    </Box>
  );
}
