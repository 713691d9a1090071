import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { PageMetaContent } from '../../content/types';
import { PageMeta } from '../PageMeta';

/** A content page: its meta tags, a hero with the h1 and introduction, then its sections. */
export function ContentPage({
  content,
  hero,
  children,
}: {
  content: PageMetaContent;
  /** Extra hero content under the introduction (facts, buttons). */
  hero?: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <PageMeta title={content.title} description={content.description} />
      <Box sx={{ bgcolor: '#f5f7fb', borderBottom: 1, borderColor: 'divider', py: { xs: 5, md: 7 } }}>
        <Container maxWidth="lg">
          <Typography
            variant="h3"
            component="h1"
            sx={{ fontWeight: 800, mb: 2, fontSize: { xs: '2.25rem', md: '3rem' } }}
          >
            {content.title}
          </Typography>
          <Typography variant="h6" component="p" color="textSecondary" sx={{ maxWidth: '60ch' }}>
            {content.intro}
          </Typography>
          {hero}
        </Container>
      </Box>
      <Container maxWidth="lg" sx={{ pb: 4 }}>
        {children}
      </Container>
    </>
  );
}
