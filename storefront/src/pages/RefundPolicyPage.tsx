import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { CardGrid } from '../components/content/CardGrid';
import { ContentPage } from '../components/content/ContentPage';
import { DataTable } from '../components/content/DataTable';
import { BulletList, Prose, Section } from '../components/content/Section';
import { VisuallyHidden } from '../components/content/VisuallyHidden';
import { WithSupportHours } from '../components/StoreContacts';
import { withdrawalBeforeDelivery } from '../content/withdrawal';
import {
  compatibilityLink,
  guaranteeOverview,
  policyNotes,
  refundConditions,
  refundMethods,
  refundPage,
  refundTimeline,
  refundTypes,
  requiredInformation,
  startRefund,
  supportChannels,
  refundSections,
  refundLabels,
  withdrawalRight,
  withdrawalRightNotes,
} from '../content/refund';
import { refundsAndInvoices } from '../content/tax';

const StartRefundButton = () => (
  <Button component={RouterLink} to={startRefund.to} variant="contained" size="large" sx={{ mt: 3 }}>
    {startRefund.label}
  </Button>
);

/** `/refund-policy`: the 30-day guarantee, who qualifies, the timeline, types, methods and how to ask. */
export function RefundPolicyPage() {
  const eligible = refundConditions.filter((c) => c.eligible).map((c) => c.condition);
  const ineligible = refundConditions.filter((c) => !c.eligible).map((c) => c.condition);

  return (
    <ContentPage content={refundPage}>
      <Section id="guarantee" title={refundSections.guarantee}>
        <CardGrid cards={guaranteeOverview} />
      </Section>

      <Section id="conditions" title={refundSections.conditions}>
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <Paper variant="outlined" sx={{ p: 3 }}>
            <Typography variant="h6" component="h3" sx={{ fontWeight: 700 }}>
              {refundLabels.eligible}
            </Typography>
            <BulletList items={eligible} />
          </Paper>
          <Paper variant="outlined" sx={{ p: 3 }}>
            <Typography variant="h6" component="h3" sx={{ fontWeight: 700 }}>
              {refundLabels.ineligible}
            </Typography>
            <BulletList items={ineligible} />
          </Paper>
        </Box>
      </Section>

      <Section id="withdrawal" title={withdrawalRight.heading}>
        <Prose paragraphs={withdrawalRight.paragraphs} bullets={withdrawalRight.bullets} />
        <Prose paragraphs={withdrawalRightNotes} />
      </Section>

      <Section id="withdraw-before-delivery" title={withdrawalBeforeDelivery.heading}>
        <Prose paragraphs={withdrawalBeforeDelivery.paragraphs} />
      </Section>

      <Section id="timeline" title={refundSections.timeline}>
        <CardGrid
          columns={4}
          ordered
          cards={refundTimeline.map((s) => ({ title: s.step, eyebrow: s.when, text: s.text }))}
        />
      </Section>

      <Section id="types" title={refundSections.types}>
        <CardGrid cards={refundTypes.map((t) => ({ title: t.type, eyebrow: t.amount, text: t.text }))} />
      </Section>

      <Section id="methods" title={refundSections.methods}>
        <DataTable
          caption={refundSections.methodsCaption}
          rows={refundMethods}
          rowKey={(row) => row.method}
          columns={[
            { header: refundLabels.methodsColumns.method, cell: (row) => row.method },
            { header: refundLabels.methodsColumns.time, cell: (row) => row.time },
            { header: refundLabels.methodsColumns.note, cell: (row) => row.note },
          ]}
        />
      </Section>

      <Section id="request" title={refundSections.request}>
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <Box>
            <Typography variant="h6" component="h3" sx={{ fontWeight: 700 }}>
              {refundLabels.required}
            </Typography>
            <BulletList items={requiredInformation.required} />
          </Box>
          <Box>
            <Typography variant="h6" component="h3" sx={{ fontWeight: 700 }}>
              {refundLabels.optional}
            </Typography>
            <BulletList items={requiredInformation.optional} />
          </Box>
        </Box>
        <StartRefundButton />
      </Section>

      <Section id="channels" title={refundSections.channels}>
        <CardGrid
          cards={supportChannels.map((c) => ({
            title: c.title,
            eyebrow: <WithSupportHours text={c.availability} />,
            text: c.text,
            children: (
              <Link component={RouterLink} to="/contact" sx={{ display: 'inline-block', mt: 1 }}>
                {refundLabels.contact}
                <VisuallyHidden>{refundLabels.contactChannel(c.title)}</VisuallyHidden>
              </Link>
            ),
          }))}
        />
      </Section>

      <Section id="refunds-and-invoices" title={refundsAndInvoices.heading}>
        <Prose paragraphs={refundsAndInvoices.paragraphs} />
      </Section>

      <Section id="notes" title={refundSections.notes}>
        <BulletList items={policyNotes} />
        <Typography sx={{ mt: 2 }}>
          {compatibilityLink.text}{' '}
          <Link component={RouterLink} to={compatibilityLink.to}>
            {compatibilityLink.label}
          </Link>
        </Typography>
      </Section>
    </ContentPage>
  );
}
