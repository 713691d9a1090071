import { ActionLinks } from '../components/content/ActionLinks';
import { CardGrid } from '../components/content/CardGrid';
import { ContentPage } from '../components/content/ContentPage';
import { DataTable, YesNo } from '../components/content/DataTable';
import { BulletList, Section } from '../components/content/Section';
import { Tag } from '../components/content/Tag';
import {
  deliveryActions,
  deliveryContents,
  deliveryIssues,
  deliveryLimitations,
  deliveryMethods,
  deliveryPage,
  deliveryRequirements,
  deliverySupportHours,
  deliverySupportNote,
  deliveryTimelines,
  deliverySections,
} from '../content/delivery';

/** `/delivery-policy`: methods, timelines, contents, requirements, issues, support hours, limitations. */
export function DeliveryPolicyPage() {
  return (
    <ContentPage content={deliveryPage}>
      <Section id="methods" title={deliverySections.methods}>
        <CardGrid cards={deliveryMethods} />
      </Section>

      <Section id="timelines" title={deliverySections.timelines}>
        <CardGrid
          cards={deliveryTimelines.map((t) => ({
            title: `${t.name} (${t.applies.toLowerCase()})`,
            eyebrow: t.time,
            text: t.text,
          }))}
        />
      </Section>

      <Section id="contents" title={deliverySections.contents}>
        <DataTable
          caption={deliverySections.contentsCaption}
          rows={deliveryContents}
          rowKey={(row) => row.item}
          columns={[
            { header: 'Item', cell: (row) => row.item },
            { header: 'Format', cell: (row) => row.format },
            { header: 'Description', cell: (row) => row.description },
            { header: 'Always included', cell: (row) => <YesNo value={row.required} /> },
          ]}
        />
      </Section>

      <Section id="requirements" title={deliverySections.requirements}>
        <DataTable
          caption={deliverySections.requirementsCaption}
          rows={deliveryRequirements}
          rowKey={(row) => row.requirement}
          columns={[
            {
              header: 'Requirement',
              cell: (row) => (
                <>
                  {row.requirement}
                  {row.critical && <Tag tone="critical">Critical</Tag>}
                </>
              ),
            },
            { header: 'Details', cell: (row) => row.description },
          ]}
        />
      </Section>

      <Section id="issues" title={deliverySections.issues}>
        <DataTable
          caption={deliverySections.issuesCaption}
          rows={deliveryIssues}
          rowKey={(row) => row.reason}
          columns={[
            {
              header: 'Issue',
              cell: (row) => (
                <>
                  {row.reason}
                  {row.common && <Tag>Common</Tag>}
                </>
              ),
            },
            { header: 'Solution', cell: (row) => row.solution },
          ]}
        />
      </Section>

      <Section id="support-hours" title={deliverySections.supportHours} intro={deliverySupportNote}>
        <DataTable
          caption={deliverySections.supportHoursCaption}
          rows={deliverySupportHours}
          rowKey={(row) => row.day}
          columns={[
            { header: 'Day', cell: (row) => row.day },
            { header: 'Hours', cell: (row) => row.hours },
            { header: 'Support', cell: (row) => row.support },
          ]}
        />
      </Section>

      <Section id="limitations" title={deliverySections.limitations}>
        <BulletList items={deliveryLimitations} />
        <ActionLinks links={deliveryActions} />
      </Section>
    </ContentPage>
  );
}
