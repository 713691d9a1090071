import Box from '@mui/material/Box';
import { Container } from '../components/Container';
import { lazy, Suspense } from 'react';
import { MetaTags } from '../components/MetaTags';
import { Note } from '../components/Note';
import { DELIVERY } from '../content/business';
import { requirementsNote } from '../content/home';
import { Faq } from './home/Faq';
import { Hero } from './home/Hero';
import { HowItWorks } from './home/HowItWorks';
import { ProductsLoading } from './home/ProductsLoading';
import { Text } from '../components/Text';

/*
 * What needs the store's API (the catalogue, the store's name in the title) comes with the RTK Query code,
 * loaded once the page has rendered: nothing from the server is shown on first paint (the prerendered page
 * has the catalogue's spinner and the title without the store's name, as do these placeholders).
 */
const ProductGrid = lazy(() => import('./home/ProductGrid').then((m) => ({ default: m.ProductGrid })));
const PageMeta = lazy(() => import('../components/PageMeta').then((m) => ({ default: m.PageMeta })));

const TITLE = 'Office 2024 Lifetime Licences';
const DESCRIPTION = `Genuine Office 2024 lifetime licence keys for Windows and Mac: a one-time purchase, no subscription, delivered by e-mail ${DELIVERY.typical}.`;

function Products() {
  return (
    <Box
      component="section"
      id="products"
      tabIndex={-1}
      aria-labelledby="products-title"
      sx={{ py: 8, outline: 'none' }}
    >
      <Container maxWidth="lg">
        <Text
          id="products-title"
          variant="h4"
          component="h2"
          sx={{ textAlign: 'center', fontWeight: 800, mb: 4 }}
        >
          Choose your Office 2024 edition
        </Text>
        <Suspense fallback={<ProductsLoading />}>
          <ProductGrid />
        </Suspense>
        <Box sx={{ mt: 4 }}>
          <Note>{requirementsNote}</Note>
        </Box>
      </Container>
    </Box>
  );
}

/** `/` (bare, no header or footer) and `/home` (inside the shell). */
export function HomePage({ withinShell = false }: { withinShell?: boolean }) {
  const content = (
    <>
      {/* /home is the same page inside the store's header and footer: one canonical address, /. */}
      <Suspense fallback={<MetaTags title={TITLE} description={DESCRIPTION} canonicalPath="/" />}>
        <PageMeta title={TITLE} description={DESCRIPTION} canonicalPath="/" />
      </Suspense>
      <Hero />
      <Products />
      <HowItWorks />
      <Faq />
    </>
  );

  return withinShell ? content : <Box component="main">{content}</Box>;
}
