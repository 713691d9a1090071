import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Section } from '../../components/content/Section';
import type { Testimonial } from '../../content/enterpriseSupport';

/** Who said it: the name, then the role and company when given ("Jane Doe, IT Director, Acme Ltd"). */
const attribution = ({ name, role, company }: Testimonial) =>
  [name, role, company].filter(Boolean).join(', ');

/** The customers' quotes in their own section; no section at all while there are none. */
export function Testimonials({ testimonials, title }: { testimonials: Testimonial[]; title: string }) {
  if (testimonials.length === 0) return null;
  return (
    <Section id="testimonials" title={title}>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' },
        }}
      >
        {testimonials.map((testimonial) => (
          <Paper component="li" key={testimonial.quote} variant="outlined" sx={{ p: 3 }}>
            <Box component="figure" sx={{ m: 0 }}>
              <Typography component="blockquote" sx={{ m: 0, mb: 1.5, fontStyle: 'italic' }}>
                “{testimonial.quote}”
              </Typography>
              <Typography component="figcaption" variant="body2" sx={{ color: 'text.secondary' }}>
                {attribution(testimonial)}
              </Typography>
            </Box>
          </Paper>
        ))}
      </Box>
    </Section>
  );
}
