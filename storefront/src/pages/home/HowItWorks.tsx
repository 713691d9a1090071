import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { howItWorks } from '../../content/home';

export function HowItWorks() {
  return (
    <Box component="section" aria-labelledby="how-title" sx={{ bgcolor: '#f5f7fb', py: 8 }}>
      <Container maxWidth="lg">
        <Typography
          id="how-title"
          variant="h4"
          component="h2"
          sx={{ textAlign: 'center', fontWeight: 800, mb: 4 }}
        >
          How it works
        </Typography>
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
            <Paper component="li" key={step.title} variant="outlined" sx={{ p: 3 }}>
              <Typography sx={{ fontWeight: 800, color: 'primary.main' }}>Step {index + 1}</Typography>
              <Typography variant="h6" component="h3">
                {step.title}
              </Typography>
              <Typography variant="body2" color="textSecondary">
                {step.text}
              </Typography>
            </Paper>
          ))}
        </Box>
        <Box
          sx={{ display: 'grid', gap: 2, mt: 4, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}
        >
          {howItWorks.benefits.map((benefit) => (
            <Paper key={benefit.title} sx={{ p: 3 }}>
              <Typography variant="h6" component="h3">
                {benefit.title}
              </Typography>
              <Typography variant="body2" color="textSecondary">
                {benefit.text}
              </Typography>
            </Paper>
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
              <Typography component="dt" color="textSecondary">
                {stat.label}
              </Typography>
              <Typography component="dd" variant="h4" sx={{ m: 0, fontWeight: 800 }}>
                {stat.value}
              </Typography>
            </Box>
          ))}
        </Box>
      </Container>
    </Box>
  );
}
