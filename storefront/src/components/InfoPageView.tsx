import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { PageMeta } from './PageMeta';

export interface InfoPageContent {
  title: string;
  description: string;
  intro: string;
  sections: { heading: string; body: string }[];
  links?: { label: string; to: string }[];
}

/** A text page: heading, introduction, sections and onward links. */
export function InfoPageView({ content }: { content: InfoPageContent }) {
  return (
    <Container maxWidth="md" sx={{ py: 6 }}>
      <PageMeta title={content.title} description={content.description} />
      <Typography variant="h3" component="h1" gutterBottom sx={{ fontWeight: 800 }}>
        {content.title}
      </Typography>
      <Typography variant="h6" component="p" color="text.secondary" sx={{ mb: 4 }}>
        {content.intro}
      </Typography>
      {content.sections.map((section) => (
        <Box component="section" key={section.heading} sx={{ mb: 3 }}>
          <Typography variant="h5" component="h2" gutterBottom>
            {section.heading}
          </Typography>
          <Typography>{section.body}</Typography>
        </Box>
      ))}
      {content.links && (
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mt: 4 }}>
          {content.links.map((link) => (
            <Button key={link.to} component={RouterLink} to={link.to} variant="outlined">
              {link.label}
            </Button>
          ))}
        </Box>
      )}
    </Container>
  );
}
