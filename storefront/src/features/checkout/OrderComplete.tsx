import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { forwardRef } from 'react';
import { SupportEmailLink, SupportPhoneLink } from '../../components/StoreContacts';
import { paymentCopy } from '../../content/payment';
import { useStoreConfig } from '../../lib/storeConfig';
import { describeOrderStatus, useOrderStatus } from './useOrderStatus';

/** Step 3 (and /success): the confirmation with the order's live status. */
export const OrderComplete = forwardRef<
  HTMLHeadingElement,
  { email: string; orderId: string; clientSecret: string; onReturnHome: () => void }
>(function OrderComplete({ email, orderId, clientSecret, onReturnHome }, headingRef) {
  const { status } = useOrderStatus(orderId, clientSecret);
  const { config } = useStoreConfig();
  const failed = status?.paymentStatus === 'failed';
  const cancelled = status?.status === 'cancelled';
  // Paid by a method the bank confirms later: nothing is complete, or sent, until it does.
  const processing = !cancelled && status?.paymentStatus === 'processing';

  return (
    <Box sx={{ textAlign: 'center', py: 4 }}>
      <Box
        aria-hidden="true"
        sx={{ fontSize: 56, color: cancelled ? 'warning.main' : 'success.main', lineHeight: 1 }}
      >
        {cancelled ? '!' : processing ? '…' : '✓'}
      </Box>
      <Typography
        ref={headingRef}
        tabIndex={-1}
        variant="h4"
        component="h2"
        sx={{ fontWeight: 800, my: 2, outline: 'none' }}
      >
        {cancelled ? 'Order Not Completed' : processing ? paymentCopy.processingHeading : 'Order Complete!'}
      </Typography>
      {cancelled ? null : processing ? (
        <Typography sx={{ mb: 1 }}>
          {paymentCopy.processingEmail} <strong>{email}</strong> {paymentCopy.processingEmailAfter}
        </Typography>
      ) : (
        <Typography sx={{ mb: 1 }}>
          A confirmation has been sent to <strong>{email}</strong>.
        </Typography>
      )}
      <Typography color="textSecondary" sx={{ mb: 1 }}>
        Order {orderId.slice(0, 8)}
      </Typography>
      <Alert
        severity={
          failed ? 'error' : cancelled ? 'warning' : status?.status === 'fulfilled' ? 'success' : 'info'
        }
        role="status"
        sx={{ my: 3, textAlign: 'left' }}
      >
        Order status: {describeOrderStatus(status, config?.holdReviewHours)}
      </Alert>
      <Typography variant="body2" color="textSecondary" sx={{ mb: 3 }}>
        Questions about your order? E-mail <SupportEmailLink /> or call <SupportPhoneLink />.
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, justifyContent: 'center', flexWrap: 'wrap' }}>
        <Button variant="contained" size="large" onClick={onReturnHome}>
          Return to Home
        </Button>
        <Button variant="outlined" size="large" href={`mailto:${email}`}>
          Check Your Email
        </Button>
      </Box>
    </Box>
  );
});
