import Box from '@mui/material/Box';
import { Container } from '../../components/Container';
import { lazy, Suspense, type MouseEvent } from 'react';
import { LogoMark } from '../../components/brand/LogoMark';
import { hero } from '../../content/home';
import { EditionArt } from '../../features/catalog/EditionArt';
import { Text } from '../../components/Text';

/** The store's name needs its settings, which come with the API's code: loaded after the first render. */
const StoreName = lazy(() => import('../../components/brand/StoreNameText'));

/** The three editions' artwork, fanned out; decorative, beside the headline on wide screens. */
const FAN = [
  { productId: 'office-2024-standard', left: 0, top: 120, turn: -7 },
  { productId: 'office-2024-home-business', left: 70, top: 60, turn: -1 },
  { productId: 'office-2024-professional-plus', left: 140, top: 0, turn: 5 },
];

function EditionsFan() {
  return (
    <Box
      aria-hidden="true"
      sx={{ display: { xs: 'none', md: 'block' }, position: 'relative', width: 420, height: 300 }}
    >
      {FAN.map(({ productId, left, top, turn }) => (
        <Box
          key={productId}
          sx={{
            position: 'absolute',
            left,
            top,
            transform: `rotate(${turn}deg)`,
            borderRadius: 2,
            overflow: 'hidden',
            boxShadow: '0 12px 30px rgba(0,0,0,0.3)',
            lineHeight: 0,
          }}
        >
          <EditionArt productId={productId} width={280} />
        </Box>
      ))}
    </Box>
  );
}

/**
 * A link to #products, which the browser follows before the page is hydrated; once hydrated, a smooth scroll
 * (unless reduced motion is asked for) that moves the focus there too.
 */
function scrollToProducts(event: MouseEvent) {
  const target = document.getElementById('products');
  if (!target) return;
  event.preventDefault();
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
      <Container
        maxWidth="lg"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) auto' },
          columnGap: 6,
          alignItems: 'center',
        }}
      >
        <Box sx={{ gridColumn: '1 / -1', display: 'flex', alignItems: 'center', gap: 1.5, mb: 4 }}>
          <LogoMark size={40} />
          {/* Room for the name before it has loaded, so the line does not move when it arrives. */}
          <Box
            component="span"
            sx={{ fontSize: '1.25rem', fontWeight: 800, minWidth: '12ch', minHeight: '1.5em' }}
          >
            <Suspense>
              <StoreName />
            </Suspense>
          </Box>
        </Box>
        <div>
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
          <Text
            variant="h2"
            component="h1"
            sx={{ fontWeight: 800, fontSize: { xs: '2.2rem', md: '3.5rem' }, maxWidth: 800 }}
          >
            {hero.headline}
          </Text>
          <Box component="ul" sx={{ pl: 2.5, my: 3, fontSize: '1.1rem', display: 'grid', gap: 0.5 }}>
            {hero.benefits.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </Box>
          {/* A link that looks like MUI's large contained button, without its code (ButtonBase, ripples)
              in the first load of /. */}
          <Box
            component="a"
            href="#products"
            onClick={scrollToProducts}
            sx={{
              display: 'inline-flex',
              alignItems: 'center',
              justifyContent: 'center',
              minWidth: 64,
              px: '22px',
              py: 1,
              borderRadius: 1,
              typography: 'button',
              fontSize: '0.9375rem',
              fontWeight: 700,
              textDecoration: 'none',
              bgcolor: '#fff',
              color: '#0b3d91',
              boxShadow: 2,
              transition: 'background-color 250ms, box-shadow 250ms',
              '&:hover': { bgcolor: '#e3f2fd', boxShadow: 4 },
              '&:focus-visible': { outline: '3px solid #fff', outlineOffset: 2 },
            }}
          >
            Shop Office 2024
          </Box>
        </div>
        <EditionsFan />
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            p: 0,
            mt: 6,
            mb: 0,
            gridColumn: '1 / -1',
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
              <Text sx={{ fontWeight: 700 }}>{tile.title}</Text>
              <Text variant="body2">{tile.text}</Text>
            </Box>
          ))}
        </Box>
      </Container>
    </Box>
  );
}
