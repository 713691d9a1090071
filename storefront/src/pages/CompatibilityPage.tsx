import { ActionLinks } from '../components/content/ActionLinks';
import { CardGrid } from '../components/content/CardGrid';
import { ContentPage } from '../components/content/ContentPage';
import { DataTable, YesNo } from '../components/content/DataTable';
import { BulletList, Section } from '../components/content/Section';
import { Tag } from '../components/content/Tag';
import {
  applications,
  compatibilityActions,
  compatibilityLabels as labels,
  compatibilityPage,
  importantNotes,
  platformRequirements,
  quickChecks,
  unsupportedSystems,
  compatibilitySections,
} from '../content/compatibility';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** `/compatibility`: quick checks, requirements, the application table, unsupported systems, notes. */
export function CompatibilityPage() {
  return (
    <ContentPage content={compatibilityPage}>
      <Section id="quick-check" title={compatibilitySections.quickCheck}>
        <CardGrid
          cards={quickChecks.map((check) => ({
            title: check.platform,
            eyebrow: (
              <Tag tone={check.compatible ? 'positive' : 'critical'} spaced={false}>
                {check.verdict}
              </Tag>
            ),
            text: check.text,
          }))}
        />
      </Section>

      <Section id="requirements" title={compatibilitySections.requirements}>
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            // minmax(0, …): a wide table scrolls inside its own region instead of widening the page.
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          {platformRequirements.map((platform) => (
            <Box key={platform.platform}>
              <Typography variant="h6" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
                {platform.platform}
              </Typography>
              <DataTable
                caption={labels.requirementsCaption(platform.platform)}
                rows={platform.rows}
                rowKey={(row) => row.requirement}
                columns={[
                  { header: labels.requirementsColumns.requirement, cell: (row) => row.requirement },
                  { header: labels.requirementsColumns.minimum, cell: (row) => row.minimum },
                  { header: labels.requirementsColumns.recommended, cell: (row) => row.recommended },
                ]}
              />
            </Box>
          ))}
        </Box>
      </Section>

      <Section id="applications" title={compatibilitySections.applications}>
        <DataTable
          caption={compatibilitySections.applicationsCaption}
          rows={applications}
          rowKey={(row) => row.name}
          columns={[
            { header: labels.applicationsColumns.name, cell: (row) => row.name },
            {
              header: labels.applicationsColumns.windows,
              cell: (row) => <YesNo value={row.windows} yes={labels.supported} no={labels.notSupported} />,
            },
            {
              header: labels.applicationsColumns.mac,
              cell: (row) => <YesNo value={row.mac} yes={labels.supported} no={labels.notSupported} />,
            },
            { header: labels.applicationsColumns.description, cell: (row) => row.description },
          ]}
        />
      </Section>

      <Section
        id="unsupported"
        title={compatibilitySections.unsupported}
        intro={compatibilitySections.unsupportedIntro}
      >
        <BulletList items={unsupportedSystems} />
      </Section>

      <Section id="notes" title={compatibilitySections.notes}>
        <BulletList items={importantNotes} />
        <ActionLinks links={compatibilityActions} />
      </Section>
    </ContentPage>
  );
}
