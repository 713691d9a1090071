import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import {
  Confirm,
  EditBase,
  Form,
  required,
  TextInput,
  useCanAccess,
  useDataProvider,
  useRecordContext,
  useRefresh,
} from 'react-admin';
import { productName } from '../common/products';
import { SubmitButton } from '../common/SubmitButton';
import { errorMessage, useToast } from '../common/toast';
import type { AppDataProvider, KeyReport } from '../providers/dataProvider';
import { withArticle } from '@store/contracts';

/** What replacing does (AdminKeyReportsService.replace), said before it is done. */
export const replaceConsequences = (report: KeyReport) =>
  `${withArticle(`${productName(report.productId)} key`, { capital: true })} from stock goes to order ${report.orderId.slice(0, 8)}. ` +
  `The reported key (${report.licenseKey}) is marked faulty and stops working, and ${report.customerEmail} ` +
  'is e-mailed the new key.';

/** Replaces the reported key from stock, once confirmed; only admins (it gives a key away). */
export const ReplaceKeyButton = () => {
  const report = useRecordContext<KeyReport>();
  const dataProvider = useDataProvider<AppDataProvider>();
  const toast = useToast();
  const refresh = useRefresh();
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);
  const { canAccess } = useCanAccess({ resource: 'key-reports', action: 'replace' });
  if (!report || !canAccess || report.status !== 'open') return null;
  const replace = async () => {
    setSending(true);
    try {
      await dataProvider.replaceReportedKey(report.id);
      toast('Key replaced', `The new key was e-mailed to ${report.customerEmail}`);
      refresh();
    } catch (error) {
      toast('Replacement failed', errorMessage(error, 'Failed to replace the key'), 'error');
    } finally {
      setSending(false);
      setConfirming(false);
    }
  };
  return (
    <>
      <Button
        size="small"
        onClick={() => setConfirming(true)}
        aria-label={`Replace key ${report.licenseKey}`}
      >
        Replace key
      </Button>
      <Confirm
        isOpen={confirming}
        loading={sending}
        title="Replace this key?"
        content={replaceConsequences(report)}
        confirm="Replace key"
        cancel="Keep it"
        onConfirm={() => void replace()}
        onClose={() => setConfirming(false)}
      />
    </>
  );
};

/**
 * Answers the customer instead (support may): react-admin's EditBase and Form, saved pessimistically; the
 * PUT sends the answer, the report becomes answered and the customer is e-mailed the text.
 */
export const AnswerButton = () => {
  const report = useRecordContext<KeyReport>();
  const toast = useToast();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const { canAccess } = useCanAccess({ resource: 'key-reports', action: 'edit' });
  if (!report || !canAccess || report.status !== 'open') return null;
  const close = () => setOpen(false);
  return (
    <>
      <Button
        size="small"
        onClick={() => setOpen(true)}
        aria-label={`Answer the report of ${report.licenseKey}`}
      >
        Answer
      </Button>
      {open && (
        <Dialog open onClose={close} fullWidth maxWidth="sm" aria-labelledby="key-report-answer-title">
          <DialogTitle id="key-report-answer-title">Answer the customer</DialogTitle>
          <EditBase<KeyReport>
            resource="key-reports"
            id={report.id}
            mutationMode="pessimistic"
            redirect={false}
            mutationOptions={{
              onSuccess: () => {
                toast('Report answered', `The answer was e-mailed to ${report.customerEmail}`);
                close();
                refresh();
              },
              onError: (error) =>
                toast('Answer failed', errorMessage(error, 'Failed to send the answer'), 'error'),
            }}
          >
            <Form>
              <DialogContent>
                <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
                  The report is closed as answered and {report.customerEmail} is e-mailed this text. The key
                  stays as it is.
                </Typography>
                <TextInput
                  source="answer"
                  label="Answer"
                  multiline
                  minRows={4}
                  fullWidth
                  validate={required()}
                />
              </DialogContent>
              <DialogActions>
                <Button onClick={close}>Cancel</Button>
                <SubmitButton label="Send answer" />
              </DialogActions>
            </Form>
          </EditBase>
        </Dialog>
      )}
    </>
  );
};
