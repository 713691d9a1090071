import Typography from '@mui/material/Typography';
import { ActionLinks } from '../components/content/ActionLinks';
import { CardGrid } from '../components/content/CardGrid';
import { ContentPage } from '../components/content/ContentPage';
import { DataTable, YesNo } from '../components/content/DataTable';
import { BulletList, Prose, Section } from '../components/content/Section';
import {
  childrenPrivacy,
  cookieNote,
  cookieTypes,
  dataCollected,
  dataUses,
  privacyEffective,
  privacyLabels as labels,
  privacyLinks,
  privacyPage,
  privacyPrinciples,
  retentionCategories,
  securityMeasures,
  thirdParties,
  userRights,
  privacySections,
} from '../content/privacy';

/** `/privacy`: principles, data, legal bases, security, rights, sharing, cookies, children, retention. */
export function PrivacyPage() {
  return (
    <ContentPage
      content={privacyPage}
      hero={<Typography sx={{ mt: 2, fontWeight: 600 }}>{privacyEffective}</Typography>}
    >
      <Section id="principles" title={privacySections.principles}>
        <CardGrid columns={4} cards={privacyPrinciples} />
      </Section>

      <Section id="data-collected" title={privacySections.dataCollected}>
        <DataTable
          caption={privacySections.dataCollectedCaption}
          rows={dataCollected}
          rowKey={(row) => row.category}
          columns={[
            { header: labels.dataCollectedColumns.category, cell: (row) => row.category },
            { header: labels.dataCollectedColumns.examples, cell: (row) => row.examples },
            { header: labels.dataCollectedColumns.source, cell: (row) => row.source },
          ]}
        />
      </Section>

      <Section id="usage" title={privacySections.usage}>
        <DataTable
          caption={privacySections.usageCaption}
          rows={dataUses}
          rowKey={(row) => row.purpose}
          columns={[
            { header: labels.usageColumns.purpose, cell: (row) => row.purpose },
            { header: labels.usageColumns.legalBasis, cell: (row) => row.legalBasis },
          ]}
        />
      </Section>

      <Section id="security" title={privacySections.security}>
        <BulletList items={securityMeasures} />
      </Section>

      <Section id="rights" title={privacySections.rights}>
        <DataTable
          caption={privacySections.rightsCaption}
          rows={userRights}
          rowKey={(row) => row.right}
          columns={[
            { header: labels.rightsColumns.right, cell: (row) => row.right },
            { header: labels.rightsColumns.description, cell: (row) => row.description },
            { header: labels.rightsColumns.timeframe, cell: (row) => row.timeframe },
            { header: labels.rightsColumns.gdpr, cell: (row) => <YesNo value={row.gdpr} /> },
            { header: labels.rightsColumns.ccpa, cell: (row) => <YesNo value={row.ccpa} /> },
          ]}
        />
      </Section>

      <Section id="sharing" title={privacySections.sharing}>
        <DataTable
          caption={privacySections.sharingCaption}
          rows={thirdParties}
          rowKey={(row) => row.name}
          columns={[
            { header: labels.sharingColumns.name, cell: (row) => row.name },
            { header: labels.sharingColumns.purpose, cell: (row) => row.purpose },
            { header: labels.sharingColumns.data, cell: (row) => row.data },
          ]}
        />
      </Section>

      <Section id="cookies" title={privacySections.cookies} intro={cookieNote}>
        <DataTable
          caption={privacySections.cookiesCaption}
          rows={cookieTypes}
          rowKey={(row) => row.type}
          columns={[
            { header: labels.cookiesColumns.type, cell: (row) => row.type },
            { header: labels.cookiesColumns.purpose, cell: (row) => row.purpose },
            { header: labels.cookiesColumns.lifetime, cell: (row) => row.lifetime },
            { header: labels.cookiesColumns.used, cell: (row) => <YesNo value={row.used} /> },
          ]}
        />
      </Section>

      <Section id="children" title={privacySections.children}>
        <Prose paragraphs={childrenPrivacy} />
      </Section>

      <Section id="retention" title={privacySections.retention}>
        <DataTable
          caption={privacySections.retentionCaption}
          rows={retentionCategories}
          rowKey={(row) => row.category}
          columns={[
            { header: labels.retentionColumns.category, cell: (row) => row.category },
            { header: labels.retentionColumns.period, cell: (row) => row.period },
            { header: labels.retentionColumns.reason, cell: (row) => row.reason },
          ]}
        />
        <ActionLinks links={privacyLinks} />
      </Section>
    </ContentPage>
  );
}
