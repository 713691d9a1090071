import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { CardGrid, Stats } from '../components/content/CardGrid';
import { FaqList } from '../components/content/FaqList';
import { Section } from '../components/content/Section';
import { PageMeta } from '../components/PageMeta';
import { StoreName, SupportPhoneLink, WithSupportHours } from '../components/StoreContacts';
import {
  callLabels,
  closingCta,
  discountBanner,
  enterpriseBenefits,
  enterpriseFaqs,
  enterpriseFigures,
  enterpriseFooter,
  enterpriseHeadline,
  enterprisePage,
  enterpriseSteps,
  testimonials,
  topBar,
  enterpriseSections,
} from '../content/enterpriseSupport';
import { useCurrentYear } from '../lib/currentYear';
import { Testimonials } from './enterprise/Testimonials';
import { telHref, useStoreConfig } from '../lib/storeConfig';

/** A phone call button; until the number is loaded it keeps its size and waits, disabled. */
function CallButton({ label, ...props }: ButtonProps & { label: string }) {
  const { config } = useStoreConfig();
  return config ? (
    <Button href={telHref(config.supportPhone)} variant="contained" size="large" {...props}>
      {label}
    </Button>
  ) : (
    <Button variant="contained" size="large" disabled {...props}>
      {label}
    </Button>
  );
}

/**
 * `/enterprise-support`: the spec's landing page, saying what the store does for businesses (#34). A page of its own:
 * no store header or footer, its own top bar and footer.
 */
export function EnterpriseSupportPage() {
  const year = useCurrentYear();
  return (
    <>
      <PageMeta title={enterprisePage.title} description={enterprisePage.description} />
      <Box component="header" sx={{ bgcolor: '#0b1f3a', color: '#fff', py: 1 }}>
        <Container
          maxWidth="lg"
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, justifyContent: 'space-between' }}
        >
          <Typography variant="body2">{topBar}</Typography>
          <Typography variant="body2">
            <WithSupportHours text={callLabels.topBar} /> <SupportPhoneLink color="inherit" />
          </Typography>
        </Container>
      </Box>

      <Box component="main" id="main">
        <Box sx={{ bgcolor: '#f5f7fb', py: { xs: 6, md: 10 } }}>
          <Container maxWidth="lg">
            <Typography
              variant="h3"
              component="h1"
              sx={{ fontWeight: 800, mb: 2, maxWidth: '22ch', fontSize: { xs: '2.25rem', md: '3rem' } }}
            >
              {enterpriseHeadline}
            </Typography>
            <Typography variant="h6" component="p" color="textSecondary" sx={{ maxWidth: '60ch', mb: 3 }}>
              {enterprisePage.intro}
            </Typography>
            <CallButton label={callLabels.hero} />
            <Box sx={{ mt: 5 }}>
              <Stats stats={enterpriseFigures} />
            </Box>
          </Container>
        </Box>

        <Container maxWidth="lg" sx={{ pb: 6 }}>
          <Section id="how-it-works" title={enterpriseSections.howItWorks}>
            <CardGrid ordered cards={enterpriseSteps} />
          </Section>

          <Section id="benefits" title={enterpriseSections.benefits}>
            <CardGrid
              cards={enterpriseBenefits.map((card) => ({
                ...card,
                text: <WithSupportHours text={card.text} />,
              }))}
            />
          </Section>

          <Testimonials testimonials={testimonials} title={enterpriseSections.testimonials} />

          <Box
            component="section"
            aria-labelledby="discount-title"
            sx={{ mt: 6, bgcolor: '#0b1f3a', color: '#fff', borderRadius: 2, p: { xs: 3, md: 5 } }}
          >
            <Typography id="discount-title" variant="h4" component="h2" sx={{ fontWeight: 800, mb: 1 }}>
              {discountBanner.heading}
            </Typography>
            <Typography sx={{ mb: 3 }}>{discountBanner.text}</Typography>
            <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
              <CallButton
                label={discountBanner.call}
                sx={{ bgcolor: '#fff', color: '#0b1f3a', '&:hover': { bgcolor: '#e5e7eb' } }}
              />
              <Button
                component={RouterLink}
                to={discountBanner.schedule.to}
                variant="outlined"
                size="large"
                sx={{ color: '#fff', borderColor: '#fff' }}
              >
                {discountBanner.schedule.label}
              </Button>
            </Box>
          </Box>

          <Section id="faq" title={enterpriseSections.faq}>
            <FaqList entries={enterpriseFaqs} />
          </Section>

          <Box component="section" aria-labelledby="closing-title" sx={{ mt: 6, textAlign: 'center' }}>
            <Typography id="closing-title" variant="h4" component="h2" sx={{ fontWeight: 800, mb: 1 }}>
              {closingCta.heading}
            </Typography>
            <Typography color="textSecondary" sx={{ mb: 3 }}>
              {closingCta.text}
            </Typography>
            <CallButton label={callLabels.closing} />
          </Box>
        </Container>
      </Box>

      {/* Room below the footer for the floating call button, so it covers nothing at the end of the page. */}
      <Box component="footer" sx={{ bgcolor: '#111827', color: '#e5e7eb', pt: 4, pb: 12 }}>
        <Container
          maxWidth="lg"
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, justifyContent: 'space-between' }}
        >
          <Typography variant="body2">
            © {year} <StoreName />. {enterpriseFooter.text}
          </Typography>
          <Box component="nav" aria-label={enterpriseFooter.navLabel} sx={{ display: 'flex', gap: 3 }}>
            {enterpriseFooter.links.map((link) => (
              <Link key={link.to} component={RouterLink} to={link.to} color="inherit">
                {link.label}
              </Link>
            ))}
          </Box>
        </Container>
      </Box>

      <CallButton
        label={callLabels.floating}
        sx={{ position: 'fixed', right: 16, bottom: 16, zIndex: 1100, borderRadius: 8, boxShadow: 6 }}
      />
    </>
  );
}
