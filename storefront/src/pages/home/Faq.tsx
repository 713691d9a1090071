import Box from '@mui/material/Box';
import { Container } from '../../components/Container';
import { FaqList } from '../../components/content/FaqList';
import { faqCategories } from '../../content/faq';
import { Text } from '../../components/Text';

/** The two categories of questions; one answer open at a time across both. */
export function Faq() {
  return (
    <Box component="section" aria-labelledby="faq-title" sx={{ py: 8 }}>
      <Container maxWidth="md">
        <Text id="faq-title" variant="h4" component="h2" sx={{ textAlign: 'center', fontWeight: 800, mb: 4 }}>
          Frequently asked questions
        </Text>
        {faqCategories.map((category) => (
          <Box key={category.title} sx={{ mb: 4 }}>
            <Text variant="h6" component="h3" sx={{ mb: 1 }}>
              {category.title}
            </Text>
            <FaqList entries={category.entries} heading="h4" group="home-faq" />
          </Box>
        ))}
      </Container>
    </Box>
  );
}
