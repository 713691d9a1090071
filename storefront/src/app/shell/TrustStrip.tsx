import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';

const GUARANTEES = [
  'Secure & Authentic',
  'Fast Delivery: keys by e-mail within minutes',
  'Quality Guarantee: 30-day money-back',
  'Lifetime licence, no subscription',
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
          flexWrap: 'wrap',
          justifyContent: 'center',
          gap: { xs: 1, md: 4 },
          m: '0 auto',
          py: 1,
          listStyle: 'none',
        }}
      >
        {GUARANTEES.map((text) => (
          <Typography key={text} component="li" variant="body2">
            ✓ {text}
          </Typography>
        ))}
      </Container>
    </Box>
  );
}
