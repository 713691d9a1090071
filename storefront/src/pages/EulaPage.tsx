import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { ContentPage } from '../components/content/ContentPage';
import { Prose, Section } from '../components/content/Section';
import { VisuallyHidden } from '../components/content/VisuallyHidden';
import { eulaPage, eulaSections, vendorTerms, eulaSectionTitles } from '../content/eula';
import { contentUi } from '../content/ui';
import { slug } from '../lib/slug';

/** `/eula`: the licence's rights, restrictions, support, warranties, data, termination and governing law. */
export function EulaPage() {
  return (
    <ContentPage content={eulaPage}>
      {eulaSections.map((section) => (
        <Section key={section.heading} id={slug(section.heading)} title={section.heading}>
          <Prose paragraphs={section.paragraphs} bullets={section.bullets} />
        </Section>
      ))}
      <Section id="vendor-terms" title={eulaSectionTitles.vendorTerms}>
        <Typography sx={{ mb: 2 }}>{vendorTerms.text}</Typography>
        <Button href={vendorTerms.href} target="_blank" rel="noopener noreferrer" variant="outlined">
          {vendorTerms.label}
          <VisuallyHidden>{contentUi.opensInNewTab}</VisuallyHidden>
        </Button>
      </Section>
    </ContentPage>
  );
}
