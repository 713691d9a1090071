import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useFormik } from 'formik';
import { useId, useState, type ChangeEvent } from 'react';
import { object, string } from 'yup';
import { ApiError } from '../../api/http';
import { toast } from '../../components/toast/toast';
import {
  ERROR_MESSAGE_MAX,
  KEY_REPORT,
  SCREENSHOT_MAX_BYTES,
  SCREENSHOT_TYPES,
} from '../../content/keyReport';
import { reportKey } from './accountApi';

const schema = object({
  errorMessage: string()
    .trim()
    .required('Error message is required')
    .max(ERROR_MESSAGE_MAX, `Error message must be at most ${ERROR_MESSAGE_MAX} characters`),
});

/** The file as a `data:` URL (the server reads its bytes, not the type it names). */
function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });
}

function failureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 429) return KEY_REPORT.tooMany;
  if (error instanceof ApiError && [400, 404, 409].includes(error.status) && error.messages.length)
    return error.messages.join(' ');
  return KEY_REPORT.failed;
}

/**
 * "My key doesn't work": the error the customer saw and an optional screenshot, sent as
 * `POST /api/account/key-reports`. The screenshot's type and size are checked here for a quick answer; the
 * server checks them again, by the file's bytes.
 */
export function KeyReportDialog({
  token,
  licenseKeyId,
  licenseKey,
  onClose,
  onReported,
}: {
  token: string;
  licenseKeyId: string;
  licenseKey: string;
  onClose: () => void;
  onReported: () => void;
}) {
  const titleId = useId();
  const [screenshot, setScreenshot] = useState<File | null>(null);
  const [screenshotProblem, setScreenshotProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const formik = useFormik({
    initialValues: { errorMessage: '' },
    validationSchema: schema,
    onSubmit: async (values) => {
      setFailure(null);
      try {
        await reportKey(token, {
          licenseKeyId,
          errorMessage: values.errorMessage.trim(),
          ...(screenshot && { screenshot: await readAsDataUrl(screenshot) }),
        });
        toast({ ...KEY_REPORT.sent, variant: 'success' });
        onReported();
      } catch (error) {
        setFailure(failureMessage(error));
      }
    },
  });
  const sending = formik.isSubmitting;
  const shownError = formik.touched.errorMessage && formik.errors.errorMessage;

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    event.target.value = '';
    if (!file) return;
    const problem = !(SCREENSHOT_TYPES as readonly string[]).includes(file.type)
      ? KEY_REPORT.screenshotType
      : file.size > SCREENSHOT_MAX_BYTES
        ? KEY_REPORT.screenshotSize
        : null;
    setScreenshotProblem(problem);
    setScreenshot(problem ? null : file);
  };

  return (
    <Dialog open onClose={sending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <Box component="form" onSubmit={formik.handleSubmit} noValidate>
        <DialogTitle id={titleId}>{KEY_REPORT.title}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
            {KEY_REPORT.intro}
          </Typography>
          <Box component="code" sx={{ display: 'block', mb: 2, letterSpacing: 1 }}>
            {licenseKey}
          </Box>
          <TextField
            name="errorMessage"
            label={KEY_REPORT.errorLabel}
            value={formik.values.errorMessage}
            onChange={formik.handleChange}
            onBlur={formik.handleBlur}
            error={Boolean(shownError)}
            helperText={shownError || undefined}
            required
            fullWidth
            multiline
            minRows={3}
            disabled={sending}
          />
          <Box sx={{ mt: 2, display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
            <Button component="label" variant="outlined" size="small" disabled={sending}>
              {KEY_REPORT.screenshotLabel}
              <input
                hidden
                type="file"
                accept={SCREENSHOT_TYPES.join(',')}
                aria-label={KEY_REPORT.screenshotLabel}
                onChange={choose}
              />
            </Button>
            {screenshot ? (
              <>
                <Typography variant="body2">{screenshot.name}</Typography>
                <Button size="small" onClick={() => setScreenshot(null)} disabled={sending}>
                  {KEY_REPORT.removeScreenshot}
                </Button>
              </>
            ) : (
              <Typography variant="body2" color="textSecondary">
                {KEY_REPORT.screenshotHint}
              </Typography>
            )}
          </Box>
          {screenshotProblem && (
            <Alert severity="warning" sx={{ mt: 2 }}>
              {screenshotProblem}
            </Alert>
          )}
          {failure && (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {failure}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={sending}>
            {KEY_REPORT.cancel}
          </Button>
          <Button type="submit" variant="contained" disabled={sending}>
            {sending ? KEY_REPORT.sending : KEY_REPORT.send}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
