import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { BUILD_CATALOG } from '@store/contracts';
import { Link as RouterLink } from 'react-router-dom';
import type { ReactNode } from 'react';
import { PaymentMarks } from '../../components/brand/PaymentMarks';
import { TrustBadge } from '../../components/brand/TrustBadge';
import { selectCurrency, storeApi } from '../../store/storeApi';
import { useAppSelector } from '../../store/hooks';
import {
  StoreName,
  SupportEmailLink,
  SupportHoursText,
  SupportPhoneLink,
} from '../../components/StoreContacts';
import { useCurrentYear } from '../../lib/currentYear';

type FooterLink = { label: string; to?: string; element?: ReactNode };
type FooterColumn = { title: string; links: FooterLink[] };

/**
 * The catalogue's editions, each a link to the shop: GET /api/products as the page loaded it (the shop, the
 * cart and the checkout load it; the footer reads it without asking for it, so other pages make no request
 * for a column of links). Until then, the catalogue this build was made with (the contract's, which CI
 * checks against the server's): what the prerendered pages show and what hydration renders again.
 */
function useProductsColumn(): FooterColumn {
  const { data } = storeApi.endpoints.getProducts.useQueryState(useAppSelector(selectCurrency));
  return {
    title: 'Products',
    links: (data ?? BUILD_CATALOG).map((product) => ({ label: product.title, to: '/' })),
  };
}

const COLUMNS: FooterColumn[] = [
  {
    title: 'Support',
    links: [
      { label: 'Support e-mail', element: <SupportEmailLink color="inherit" underline="hover" /> },
      {
        label: 'Support phone',
        element: (
          <>
            <SupportPhoneLink color="inherit" underline="hover" />
            <Box component="span" sx={{ display: 'block', fontSize: '0.875rem', color: '#d1d5db' }}>
              <SupportHoursText channel="phone" />
            </Box>
          </>
        ),
      },
      { label: 'Contact Us', to: '/contact' },
      // The header's Login is hidden on phones (spec); here every screen has it.
      { label: 'Login', to: '/login' },
    ],
  },
  {
    title: 'Information',
    links: [
      { label: 'Compatibility', to: '/compatibility' },
      { label: 'Careers', to: '/careers' },
    ],
  },
  {
    title: 'Policy',
    links: [
      { label: 'Privacy', to: '/privacy' },
      { label: 'Terms & Conditions', to: '/terms' },
      { label: 'Delivery Policy', to: '/delivery-policy' },
      { label: 'Refund Policy', to: '/refund-policy' },
      { label: 'EULA', to: '/eula' },
    ],
  },
];

export function Footer() {
  const year = useCurrentYear();
  const products = useProductsColumn();
  return (
    <Box component="footer" sx={{ bgcolor: '#111827', color: '#e5e7eb', mt: 8, py: 6 }}>
      <Container maxWidth="lg">
        <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
          {[products, ...COLUMNS].map((column) => (
            <Box component="nav" key={column.title} aria-labelledby={`footer-${column.title}`}>
              <Typography
                id={`footer-${column.title}`}
                component="h2"
                sx={{ fontWeight: 700, mb: 1.5, color: '#fff' }}
              >
                {column.title}
              </Typography>
              <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
                {column.links.map((link) => (
                  <li key={link.label}>
                    {link.to ? (
                      <Link component={RouterLink} to={link.to} color="inherit" underline="hover">
                        {link.label}
                      </Link>
                    ) : (
                      link.element
                    )}
                  </li>
                ))}
              </Box>
            </Box>
          ))}
        </Box>
        <Box
          sx={{
            mt: 5,
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            gap: 2,
          }}
        >
          <PaymentMarks />
          <TrustBadge kind="guarantee">30-Day Money-Back Guarantee</TrustBadge>
          <TrustBadge kind="secure">256-bit SSL encrypted payment</TrustBadge>
        </Box>
        <Typography variant="body2" sx={{ mt: 3, color: '#d1d5db' }}>
          <StoreName /> is an independent reseller and is not affiliated with Microsoft Corporation.
          Microsoft, Office, Word, Excel, PowerPoint, Outlook and Access are trademarks of the Microsoft group
          of companies.
        </Typography>
        <Typography variant="body2" sx={{ mt: 1, color: '#d1d5db' }}>
          © {year} <StoreName />. All rights reserved.
        </Typography>
      </Container>
    </Box>
  );
}
