import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useMemo, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ContentPage } from '../components/content/ContentPage';
import { FaqList } from '../components/content/FaqList';
import { Section } from '../components/content/Section';
import {
  OfficeAddress,
  SupportEmailLink,
  SupportPhoneLink,
  SupportSchedule,
  WithSupportHours,
} from '../components/StoreContacts';
import {
  contactFaqs,
  contactMethods,
  contactPage,
  officeCard,
  type ContactMethodKind,
  contactSections,
} from '../content/contact';
import { ContactForm } from '../features/contact/ContactForm';
import { contactPrefill } from '../features/contact/prefill';
import { useAsPrerendered } from '../lib/asPrerendered';

const METHOD_ACTION: Record<ContactMethodKind, () => ReactNode> = {
  email: () => <SupportEmailLink />,
  phone: () => <SupportPhoneLink />,
};

/** `/contact`: contact methods, the message form (with `?role=` / `?topic=` prefills), the office and FAQs. */
export function ContactPage() {
  const [search] = useSearchParams();
  // The build prerendered the page without a query: hydration starts from the empty form, then the prefill.
  const query = useAsPrerendered() ? '' : search.toString();
  const initialValues = useMemo(() => contactPrefill(new URLSearchParams(query)), [query]);

  return (
    <ContentPage content={contactPage}>
      <Section id="contact-methods" title={contactSections.contactMethods}>
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' },
          }}
        >
          {contactMethods.map((method) => (
            <Paper component="li" key={method.kind} variant="outlined" sx={{ p: 3 }}>
              <Typography variant="h6" component="h3" sx={{ fontWeight: 700 }}>
                {method.title}
              </Typography>
              <Typography sx={{ fontWeight: 700, color: 'primary.main', mb: 0.5 }}>
                <WithSupportHours text={method.availability} />
              </Typography>
              <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
                {method.text}
              </Typography>
              {METHOD_ACTION[method.kind]()}
            </Paper>
          ))}
        </Box>
      </Section>

      <Section id="message" title={contactSections.message}>
        <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' } }}>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 } }}>
            {/* A new address (another ?role= or ?topic=) starts a new form. */}
            <ContactForm key={query} initialValues={initialValues} />
          </Paper>
          <Paper component="aside" variant="outlined" aria-labelledby="office-title" sx={{ p: 3 }}>
            <Typography id="office-title" variant="h5" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
              {officeCard.title}
            </Typography>
            <Typography component="address" sx={{ fontStyle: 'normal', mb: 1 }}>
              <OfficeAddress />
            </Typography>
            <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
              {officeCard.text}
            </Typography>
            <Typography component="h4" sx={{ fontWeight: 700 }}>
              {officeCard.hoursHeading}
            </Typography>
            <SupportSchedule>
              {(schedule) => (
                <Box component="dl" sx={{ m: 0 }}>
                  {schedule.map((row) => (
                    <Box key={row.day} sx={{ mb: 1 }}>
                      <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
                        {row.day}
                      </Typography>
                      <Typography component="dd" variant="body2" color="textSecondary" sx={{ m: 0 }}>
                        {officeCard.scheduleEntry(row)}
                      </Typography>
                    </Box>
                  ))}
                </Box>
              )}
            </SupportSchedule>
          </Paper>
        </Box>
      </Section>

      <Section id="contact-faq" title={contactSections.contactFaq}>
        <FaqList entries={contactFaqs} />
      </Section>
    </ContentPage>
  );
}
