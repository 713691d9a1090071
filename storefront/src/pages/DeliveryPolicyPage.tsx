import { ActionLinks } from '../components/content/ActionLinks';
import { CardGrid } from '../components/content/CardGrid';
import { ContentPage } from '../components/content/ContentPage';
import { DataTable, YesNo } from '../components/content/DataTable';
import { BulletList, Section } from '../components/content/Section';
import { Tag } from '../components/content/Tag';
import { SupportSchedule, WithSupportHours } from '../components/StoreContacts';
import {
  deliveryActions,
  deliveryContents,
  deliveryIssues,
  deliveryLabels as labels,
  deliveryLimitations,
  deliveryMethods,
  deliveryPage,
  deliveryRequirements,
  deliverySupportNote,
  deliveryTimelines,
  deliverySections,
} from '../content/delivery';
import { contentUi } from '../content/ui';

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
            title: labels.timelineTitle(t),
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
            { header: labels.contentsColumns.item, cell: (row) => row.item },
            { header: labels.contentsColumns.format, cell: (row) => row.format },
            { header: labels.contentsColumns.description, cell: (row) => row.description },
            { header: labels.contentsColumns.required, cell: (row) => <YesNo value={row.required} /> },
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
              header: labels.requirementsColumns.requirement,
              cell: (row) => (
                <>
                  {row.requirement}
                  {row.critical && <Tag tone="critical">{contentUi.critical}</Tag>}
                </>
              ),
            },
            { header: labels.requirementsColumns.description, cell: (row) => row.description },
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
              header: labels.issuesColumns.reason,
              cell: (row) => (
                <>
                  {row.reason}
                  {row.common && <Tag>{labels.common}</Tag>}
                </>
              ),
            },
            { header: labels.issuesColumns.solution, cell: (row) => row.solution },
          ]}
        />
      </Section>

      <Section
        id="support-hours"
        title={deliverySections.supportHours}
        intro={<WithSupportHours text={deliverySupportNote} />}
      >
        <SupportSchedule>
          {(schedule) => (
            <DataTable
              caption={deliverySections.supportHoursCaption}
              rows={schedule}
              rowKey={(row) => row.day}
              columns={[
                { header: labels.supportHoursColumns.day, cell: (row) => row.day },
                { header: labels.supportHoursColumns.hours, cell: (row) => row.hours },
                { header: labels.supportHoursColumns.support, cell: (row) => row.support },
              ]}
            />
          )}
        </SupportSchedule>
      </Section>

      <Section id="limitations" title={deliverySections.limitations}>
        <BulletList items={deliveryLimitations} />
        <ActionLinks links={deliveryActions} />
      </Section>
    </ContentPage>
  );
}
