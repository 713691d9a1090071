import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { CardGrid, Stats } from '../components/content/CardGrid';
import { ContentPage } from '../components/content/ContentPage';
import { BulletList, Section } from '../components/content/Section';
import {
  applicationSteps,
  applyHref,
  benefits,
  careersActions,
  careersPage,
  careerStats,
  departmentLabels,
  departments,
  jobLabels,
  jobPostings,
  values,
  careersSections,
} from '../content/careers';
import { slug } from '../lib/slug';

/** `/careers`: stats, departments, the six open positions (`#positions`), values, benefits, how to apply. */
export function CareersPage() {
  return (
    <ContentPage
      content={careersPage}
      hero={
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mt: 3 }}>
          <Button component={RouterLink} to="#positions" variant="contained" size="large">
            {careersActions.positions}
          </Button>
          <Button component={RouterLink} to="/contact" variant="outlined" size="large">
            {careersActions.hr}
          </Button>
        </Box>
      }
    >
      <Section id="stats" title={careersSections.stats}>
        <Stats stats={careerStats} />
      </Section>

      <Section id="departments" title={careersSections.departments}>
        <CardGrid
          columns={4}
          cards={departments.map((d) => ({
            title: d.name,
            eyebrow: departmentLabels.openings(d.openings),
            text: d.description,
          }))}
        />
      </Section>

      <Section id="positions" title={careersSections.positions}>
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 3 }}>
          {jobPostings.map((job) => (
            <Paper component="li" key={job.title} variant="outlined" sx={{ p: 3 }}>
              <Box component="article" aria-labelledby={`job-${slug(job.title)}`}>
                <Typography
                  id={`job-${slug(job.title)}`}
                  variant="h5"
                  component="h3"
                  sx={{ fontWeight: 700 }}
                >
                  {job.title}
                </Typography>
                <Box
                  component="dl"
                  sx={{
                    display: 'grid',
                    gridTemplateColumns: 'auto 1fr',
                    columnGap: 2,
                    rowGap: 0.5,
                    my: 1.5,
                    '& dt': { fontWeight: 600 },
                    '& dd': { m: 0 },
                  }}
                >
                  <dt>{jobLabels.department}</dt>
                  <dd>{job.department}</dd>
                  <dt>{jobLabels.location}</dt>
                  <dd>{job.location}</dd>
                  <dt>{jobLabels.type}</dt>
                  <dd>{job.type}</dd>
                  <dt>{jobLabels.experience}</dt>
                  <dd>{job.experience}</dd>
                </Box>
                <Typography sx={{ mb: 2 }}>{job.description}</Typography>
                <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
                  <Box>
                    <Typography component="h4" sx={{ fontWeight: 700 }}>
                      {jobLabels.requirements}
                    </Typography>
                    <BulletList items={job.requirements} />
                  </Box>
                  <Box>
                    <Typography component="h4" sx={{ fontWeight: 700 }}>
                      {jobLabels.benefits}
                    </Typography>
                    <BulletList items={job.benefits} />
                  </Box>
                </Box>
                <Button
                  component={RouterLink}
                  to={applyHref(job.title)}
                  variant="contained"
                  aria-label={jobLabels.applyFor(job.title)}
                  sx={{ mt: 2 }}
                >
                  {jobLabels.apply}
                </Button>
              </Box>
            </Paper>
          ))}
        </Box>
      </Section>

      <Section id="values" title={careersSections.values}>
        <CardGrid columns={4} cards={values} />
      </Section>

      <Section id="benefits" title={careersSections.benefits}>
        <CardGrid cards={benefits} />
      </Section>

      <Section id="process" title={careersSections.process}>
        <CardGrid columns={4} ordered cards={applicationSteps} />
      </Section>
    </ContentPage>
  );
}
