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
            { header: 'Category', cell: (row) => row.category },
            { header: 'Examples', cell: (row) => row.examples },
            { header: 'Where it comes from', cell: (row) => row.source },
          ]}
        />
      </Section>

      <Section id="usage" title={privacySections.usage}>
        <DataTable
          caption={privacySections.usageCaption}
          rows={dataUses}
          rowKey={(row) => row.purpose}
          columns={[
            { header: 'Purpose', cell: (row) => row.purpose },
            { header: 'Legal basis', cell: (row) => row.legalBasis },
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
            { header: 'Right', cell: (row) => row.right },
            { header: 'What it means', cell: (row) => row.description },
            { header: 'Timeframe', cell: (row) => row.timeframe },
            { header: 'GDPR', cell: (row) => <YesNo value={row.gdpr} /> },
            { header: 'CCPA', cell: (row) => <YesNo value={row.ccpa} /> },
          ]}
        />
      </Section>

      <Section id="sharing" title={privacySections.sharing}>
        <DataTable
          caption={privacySections.sharingCaption}
          rows={thirdParties}
          rowKey={(row) => row.name}
          columns={[
            { header: 'Recipient', cell: (row) => row.name },
            { header: 'Purpose', cell: (row) => row.purpose },
            { header: 'Data', cell: (row) => row.data },
          ]}
        />
      </Section>

      <Section id="cookies" title={privacySections.cookies} intro={cookieNote}>
        <DataTable
          caption={privacySections.cookiesCaption}
          rows={cookieTypes}
          rowKey={(row) => row.type}
          columns={[
            { header: 'Type', cell: (row) => row.type },
            { header: 'Purpose', cell: (row) => row.purpose },
            { header: 'Lifetime', cell: (row) => row.lifetime },
            { header: 'Used', cell: (row) => <YesNo value={row.used} /> },
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
            { header: 'Data', cell: (row) => row.category },
            { header: 'Kept for', cell: (row) => row.period },
            { header: 'Why', cell: (row) => row.reason },
          ]}
        />
        <ActionLinks links={privacyLinks} />
      </Section>
    </ContentPage>
  );
}
