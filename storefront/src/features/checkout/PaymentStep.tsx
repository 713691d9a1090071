import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { toast } from '../../components/toast/toast';
import { consentCopy } from '../../content/consents';
import { isApiFailure } from '../../api/http';
import { HumanCheck } from '../challenge/HumanCheck';
import { useCreatePaymentIntentMutation } from '../../store/storeApi';
import type { Consents, PaymentIntent, PaymentIntentRequest } from './checkoutApi';
import { consentRequired } from './countries';
import { businessRejections, type BusinessRejection } from './businessRejections';
import { ConsentStatements } from './ConsentStatements';
import { DemoPaymentForm } from './DemoPaymentForm';
import { MESSAGES } from './messages';
import { markPendingOrderPaid, planPaymentRequest, savePendingOrder } from './pendingOrder';

const StripePaymentForm = lazy(() => import('./StripePaymentForm'));

const INVALID_COUPON = 'This coupon code is not valid or has expired';

/**
 * The request with the statements, for a buyer billed where they are required; others are not asked (a
 * tick would change the request and with it the order, reloading the card form under the shopper).
 */
function withConsents(request: PaymentIntentRequest, consents: Consents): PaymentIntentRequest {
  if (!consentRequired(request.billing.country)) return request;
  const { immediateDelivery = false, withdrawalRightLoss = false } = consents;
  return { ...request, consents: { immediateDelivery, withdrawalRightLoss } };
}

/**
 * Whether the server may find the request's VAT number confirmed (VIES holds EU numbers, not UK ones): a
 * business that is then not asked for the statements, which are a consumer's.
 */
const mayBeConfirmedBusiness = ({ billing }: PaymentIntentRequest) =>
  Boolean(billing.vatNumber) && billing.country !== 'GB';

type Setup =
  | { state: 'creating' }
  | { state: 'ready'; intent: PaymentIntent }
  | { state: 'failed'; message: string }
  /** The store is receiving many checkouts: the shopper's browser solves a check, then the order is made. */
  | { state: 'challenge'; round: number };

/**
 * Step 2: creates the order and its payment on entry (a new one, replacing it, whenever the cart, billing or
 * statements change; the same one when they did not), then shows the provider's payment form. A buyer billed
 * in the EU or the UK first ticks both statements of Art 16(m) (shown to them only): until then no order is
 * made and the pay button stays disabled. A business with an EU VAT number is not asked once the server has
 * confirmed the number (VIES): the statements are a consumer's.
 */
export function PaymentStep({
  request,
  consents,
  onConsentsChange,
  onIntent,
  onCouponRejected,
  onPaid,
  onBack,
  onPaying,
  onBillingRejected,
}: {
  /** The cart, coupon and billing; the statements come from `consents`. */
  request: PaymentIntentRequest;
  consents: Consents;
  onConsentsChange: (consents: Consents) => void;
  onIntent: (intent: PaymentIntent | null) => void;
  onCouponRejected: () => void;
  onPaid: (intent: PaymentIntent) => void;
  onBack: () => void;
  /** Told while a payment is being confirmed: the cart must not change under it. */
  onPaying?: (paying: boolean) => void;
  /** Told when the server refused the company name or VAT number: they are corrected on the billing step. */
  onBillingRejected?: (rejections: BusinessRejection[]) => void;
}) {
  const mustConsent = consentRequired(request.billing.country);
  const ticked = consents.immediateDelivery === true && consents.withdrawalRightLoss === true;
  // A business with an EU VAT number is sent without the statements first: the server takes the order when
  // VIES confirms the number, else asks for them (a 400), and the statements are shown for this request.
  const requestKey = JSON.stringify(request);
  const [statementsAskedFor, setStatementsAskedFor] = useState<string | null>(null);
  const asBusiness =
    mustConsent && !ticked && mayBeConfirmedBusiness(request) && statementsAskedFor !== requestKey;
  const waiting = mustConsent && !ticked && !asBusiness;
  const body = asBusiness ? requestKey : JSON.stringify(withConsents(request, consents));
  const [paying, setPaying] = useState(false);
  const busy = useCallback(
    (value: boolean) => {
      setPaying(value);
      onPaying?.(value);
    },
    [onPaying],
  );
  const [createPaymentIntent] = useCreatePaymentIntentMutation();
  const [attempt, setAttempt] = useState(0);
  // One request per body and attempt (React's double effects in development re-use the order): the
  // checkout's order again when the cart and billing are unchanged, else a new one replacing it.
  const { sent, idempotencyKey } = useMemo(() => planPaymentRequest(body, attempt > 0), [body, attempt]);
  // The outcome for the current key; any other key's outcome means a new request is under way.
  const [outcome, setOutcome] = useState<{ key: string; setup: Setup } | null>(null);
  const setup: Setup = outcome?.key === idempotencyKey ? outcome.setup : { state: 'creating' };
  const setSetup = useCallback(
    (next: Setup) => setOutcome({ key: idempotencyKey, setup: next }),
    [idempotencyKey],
  );
  // A solved check for this key's request, sent once with it (another key's is not sent).
  const [solution, setSolution] = useState<{ key: string; payload: string } | null>(null);
  const altcha = solution?.key === idempotencyKey ? solution.payload : undefined;
  const checkRound = useRef(0);

  useEffect(() => {
    let cancelled = false;
    onIntent(null);
    if (waiting) return;
    createPaymentIntent({ request: JSON.parse(sent) as PaymentIntentRequest, idempotencyKey, altcha })
      .unwrap()
      .then(
        (intent) => {
          if (cancelled) return;
          const { billing } = JSON.parse(body) as PaymentIntentRequest;
          savePendingOrder({
            orderId: intent.orderId,
            clientSecret: intent.clientSecret,
            email: billing.email,
            request: body,
            sent,
            idempotencyKey,
          });
          setSetup({ state: 'ready', intent });
          onIntent(intent);
        },
        (error: unknown) => {
          if (cancelled) return;
          if (isApiFailure(error) && error.challengeRequired) {
            checkRound.current += 1;
            setSetup({ state: 'challenge', round: checkRound.current });
            return;
          }
          const refused =
            isApiFailure(error) && error.status === 400 && onBillingRejected
              ? businessRejections(error.messages, (JSON.parse(sent) as PaymentIntentRequest).billing)
              : [];
          if (refused.length > 0) {
            onBillingRejected!(refused);
            return;
          }
          if (asBusiness && isApiFailure(error) && error.status === 400) {
            // The number was not confirmed: the buyer gives the statements as a consumer would.
            setStatementsAskedFor(requestKey);
            return;
          }
          if (isApiFailure(error) && error.status === 409 && error.messages[0] === INVALID_COUPON) {
            toast({ title: MESSAGES.setupFailed.title, description: INVALID_COUPON, variant: 'destructive' });
            onCouponRejected();
            return;
          }
          toast({ ...MESSAGES.setupFailed, variant: 'destructive' });
          setSetup({
            state: 'failed',
            // A refusal that says what to change (a field, a coupon in another currency, a total below the
            // smallest payment) is shown as the server words it.
            message:
              isApiFailure(error) && (error.status === 400 || error.status === 422)
                ? error.messages.join(' ')
                : MESSAGES.setupFailed.description,
          });
        },
      );
    return () => {
      cancelled = true;
    };
  }, [
    waiting,
    asBusiness,
    requestKey,
    body,
    sent,
    idempotencyKey,
    altcha,
    createPaymentIntent,
    onIntent,
    onCouponRejected,
    onBillingRejected,
    setSetup,
  ]);

  const paid = useCallback(
    (intent: PaymentIntent, processing: boolean) => {
      markPendingOrderPaid(intent.orderId);
      toast({ ...(processing ? MESSAGES.paymentProcessing : MESSAGES.orderPlaced), variant: 'success' });
      onPaid(intent);
    },
    [onPaid],
  );
  const failed = useCallback((message?: string) => {
    toast({
      title: MESSAGES.paymentFailed.title,
      description: message || MESSAGES.paymentFailed.fallback,
      variant: 'destructive',
    });
  }, []);
  const setupFailed = useCallback(
    (error: Error) => {
      // eslint-disable-next-line no-console -- a payment script that cannot load is logged (spec §8)
      console.error('Payment setup failed:', error);
      toast({ ...MESSAGES.setupFailed, variant: 'destructive' });
      setSetup({ state: 'failed', message: MESSAGES.setupFailed.description });
    },
    [setSetup],
  );

  let content;
  if (waiting) {
    content = (
      <Box>
        <Alert severity="info" sx={{ mb: 2 }}>
          {consentCopy.waiting}
        </Alert>
        <Button variant="contained" size="large" fullWidth disabled>
          {consentCopy.payButton}
        </Button>
      </Box>
    );
  } else if (setup.state === 'challenge') {
    content = (
      <HumanCheck
        key={setup.round}
        onSolved={(payload) => {
          setSetup({ state: 'creating' });
          setSolution({ key: idempotencyKey, payload });
        }}
      />
    );
  } else if (setup.state === 'creating') {
    content = (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
        <CircularProgress aria-label="Preparing your secure payment" />
      </Box>
    );
  } else if (setup.state === 'failed') {
    content = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </Button>
        }
      >
        {setup.message}
      </Alert>
    );
  } else {
    const { intent } = setup;
    const total = { cents: intent.totalCents, currency: intent.currency };
    content =
      intent.provider === 'stripe' && intent.publishableKey ? (
        <Suspense
          fallback={
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
              <CircularProgress aria-label="Loading the secure payment form" />
            </Box>
          }
        >
          <StripePaymentForm
            publishableKey={intent.publishableKey}
            clientSecret={intent.clientSecret}
            total={total}
            onPaid={(processing) => paid(intent, processing)}
            onFailed={failed}
            onSetupFailed={setupFailed}
            onBusyChange={busy}
          />
        </Suspense>
      ) : (
        <DemoPaymentForm
          orderId={intent.orderId}
          clientSecret={intent.clientSecret}
          total={total}
          bankTransfer={intent.bankTransfer}
          onPaid={(processing) => paid(intent, processing)}
          onFailed={failed}
          onBusyChange={busy}
        />
      );
  }

  return (
    <Box>
      {mustConsent && !asBusiness && (
        <ConsentStatements consents={consents} disabled={paying} onChange={onConsentsChange} />
      )}
      {asBusiness && setup.state === 'ready' && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {consentCopy.business}
        </Alert>
      )}
      {content}
      <Button onClick={onBack} sx={{ mt: 2 }}>
        Back to Billing Info
      </Button>
    </Box>
  );
}
