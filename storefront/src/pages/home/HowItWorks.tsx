import Box from '@mui/material/Box';
import { Container } from '../../components/Container';
import { howItWorks } from '../../content/home';
import { Text } from '../../components/Text';

/** MUI's Paper (outlined, or raised with its shadow), drawn with Box: Paper is not in the first load of `/`. */
const CARD = { bgcolor: 'background.paper', borderRadius: 1 } as const;

export function HowItWorks() {
  return (
    <Box component="section" aria-labelledby="how-title" sx={{ bgcolor: '#f5f7fb', py: 8 }}>
      <Container maxWidth="lg">
        <Text id="how-title" variant="h4" component="h2" sx={{ textAlign: 'center', fontWeight: 800, mb: 4 }}>
          How it works
        </Text>
        <Box
          component="ol"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(4, 1fr)' },
          }}
        >
          {howItWorks.steps.map((step, index) => (
            <Box component="li" key={step.title} sx={{ ...CARD, border: 1, borderColor: 'divider', p: 3 }}>
              <Text sx={{ fontWeight: 800, color: 'primary.main' }}>Step {index + 1}</Text>
              <Text variant="h6" component="h3">
                {step.title}
              </Text>
              <Text variant="body2" color="textSecondary">
                {step.text}
              </Text>
            </Box>
          ))}
        </Box>
        <Box
          sx={{ display: 'grid', gap: 2, mt: 4, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}
        >
          {howItWorks.benefits.map((benefit) => (
            <Box key={benefit.title} sx={{ ...CARD, boxShadow: 1, p: 3 }}>
              <Text variant="h6" component="h3">
                {benefit.title}
              </Text>
              <Text variant="body2" color="textSecondary">
                {benefit.text}
              </Text>
            </Box>
          ))}
        </Box>
        <Box
          component="dl"
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            justifyContent: 'center',
            columnGap: { xs: 4, sm: 8 },
            rowGap: 3,
            mt: 5,
            mb: 0,
          }}
        >
          {howItWorks.stats.map((stat) => (
            <Box
              key={stat.label}
              sx={{ textAlign: 'center', display: 'flex', flexDirection: 'column-reverse' }}
            >
              <Text component="dt" color="textSecondary">
                {stat.label}
              </Text>
              <Text component="dd" variant="h4" sx={{ m: 0, fontWeight: 800 }}>
                {stat.value}
              </Text>
            </Box>
          ))}
        </Box>
      </Container>
    </Box>
  );
}
