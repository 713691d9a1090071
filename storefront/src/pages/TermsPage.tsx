import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { ActionLinks } from '../components/content/ActionLinks';
import { ContentPage } from '../components/content/ContentPage';
import { DataTable } from '../components/content/DataTable';
import { BulletList, Prose, Section } from '../components/content/Section';
import { Tag } from '../components/content/Tag';
import { contentUi } from '../content/ui';
import {
  contactDepartments,
  disputeResponseTimes,
  disputeSteps,
  intellectualProperty,
  liabilityLimits,
  modificationPolicy,
  prohibitedActivities,
  purchaseTerms,
  serviceTerms,
  termsFacts,
  termsLabels as labels,
  termsLinks,
  termsOverview,
  termsPage,
  userObligations,
  termsSections,
} from '../content/terms';
import { pricesVatAndInvoices } from '../content/tax';
import { withdrawalBeforeDelivery } from '../content/withdrawal';
import { slug } from '../lib/slug';

function Facts({ facts }: { facts: readonly { label: string; value: string }[] }) {
  return (
    <Box
      component="dl"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: { xs: 2, md: 5 }, mt: 3, mb: 0, '& dd': { m: 0 } }}
    >
      {facts.map((fact) => (
        <div key={fact.label}>
          <Typography component="dt" variant="body2" color="textSecondary">
            {fact.label}
          </Typography>
          <Typography component="dd" sx={{ fontWeight: 700 }}>
            {fact.value}
          </Typography>
        </div>
      ))}
    </Box>
  );
}

/** `/terms`: overview, service and purchase terms, obligations, disputes, changes, whom to contact. */
export function TermsPage() {
  return (
    <ContentPage content={termsPage} hero={<Facts facts={termsFacts} />}>
      {[termsOverview, serviceTerms, purchaseTerms, pricesVatAndInvoices, withdrawalBeforeDelivery].map(
        (section) => (
          <Section key={section.heading} id={slug(section.heading)} title={section.heading}>
            <Prose paragraphs={section.paragraphs} bullets={section.bullets} />
          </Section>
        ),
      )}

      <Section id="obligations" title={termsSections.obligations}>
        <Box component="ul" sx={{ pl: 3, '& li': { mb: 0.75 } }}>
          {userObligations.map((o) => (
            <Typography component="li" key={o.obligation}>
              {o.obligation}
              {o.critical && <Tag tone="critical">{contentUi.critical}</Tag>}
            </Typography>
          ))}
        </Box>
      </Section>

      <Section id="prohibited" title={termsSections.prohibited}>
        <BulletList items={prohibitedActivities} />
      </Section>

      {[intellectualProperty, liabilityLimits].map((section) => (
        <Section key={section.heading} id={slug(section.heading)} title={section.heading}>
          <Prose paragraphs={section.paragraphs} />
        </Section>
      ))}

      <Section id="disputes" title={termsSections.disputes}>
        <Box component="ol" sx={{ pl: 3, '& li': { mb: 1.5 } }}>
          {disputeSteps.map((step) => (
            <li key={step.step}>
              <Typography component="h3" variant="h6" sx={{ fontWeight: 700 }}>
                {step.step}
                {step.preferred && <Tag tone="positive">{labels.preferred}</Tag>}
              </Typography>
              <Typography>{step.description}</Typography>
            </li>
          ))}
        </Box>
        <Facts facts={disputeResponseTimes} />
      </Section>

      <Section id={slug(modificationPolicy.heading)} title={modificationPolicy.heading}>
        <Prose paragraphs={modificationPolicy.paragraphs} />
      </Section>

      <Section id="contact-departments" title={termsSections.contactDepartments}>
        <DataTable
          caption={termsSections.contactDepartmentsCaption}
          rows={contactDepartments}
          rowKey={(row) => row.department}
          columns={[
            { header: labels.departmentsColumns.department, cell: (row) => row.department },
            { header: labels.departmentsColumns.topics, cell: (row) => row.topics },
            {
              header: labels.departmentsColumns.reach,
              cell: (row) => (
                <Link component={RouterLink} to={row.to}>
                  {labels.writeTo(row.department)}
                </Link>
              ),
            },
          ]}
        />
        <ActionLinks links={termsLinks} />
      </Section>
    </ContentPage>
  );
}
