import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { hero } from '../../content/home';

function scrollToProducts() {
  const target = document.getElementById('products');
  if (!target) return;
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  target.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth' });
  target.focus({ preventScroll: true });
}

export function Hero() {
  return (
    <Box
      sx={{
        background: 'linear-gradient(135deg, #0b3d91 0%, #1565c0 100%)',
        color: '#fff',
        py: { xs: 6, md: 10 },
      }}
    >
      <Container maxWidth="lg">
        <Box
          component="p"
          sx={{
            display: 'inline-block',
            bgcolor: 'rgba(255,255,255,0.18)',
            borderRadius: 4,
            px: 2,
            py: 0.5,
            mt: 0,
            mb: 3,
            fontWeight: 600,
          }}
        >
          {hero.badge}
        </Box>
        <Typography
          variant="h2"
          component="h1"
          sx={{ fontWeight: 800, fontSize: { xs: '2.2rem', md: '3.5rem' }, maxWidth: 800 }}
        >
          {hero.headline}
        </Typography>
        <Box component="ul" sx={{ pl: 2.5, my: 3, fontSize: '1.1rem', display: 'grid', gap: 0.5 }}>
          {hero.benefits.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </Box>
        <Button
          variant="contained"
          size="large"
          onClick={scrollToProducts}
          sx={{ bgcolor: '#fff', color: '#0b3d91', fontWeight: 700, '&:hover': { bgcolor: '#e3f2fd' } }}
        >
          Shop Office 2024
        </Button>
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            p: 0,
            mt: 6,
            mb: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' },
          }}
        >
          {hero.trustTiles.map((tile) => (
            <Box
              component="li"
              key={tile.title}
              sx={{ bgcolor: 'rgba(255,255,255,0.12)', borderRadius: 2, p: 2 }}
            >
              <Typography sx={{ fontWeight: 700 }}>{tile.title}</Typography>
              <Typography variant="body2">{tile.text}</Typography>
            </Box>
          ))}
        </Box>
      </Container>
    </Box>
  );
}
