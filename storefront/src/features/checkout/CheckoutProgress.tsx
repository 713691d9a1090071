import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';

export const CHECKOUT_STEPS = ['Billing Info', 'Payment', 'Confirmation'] as const;

/** The progress indicator: 1 Billing Info, 2 Payment, 3 Confirmation. */
export function CheckoutProgress({ step }: { step: 1 | 2 | 3 }) {
  return (
    <nav aria-label="Checkout progress">
      <Stepper activeStep={step - 1} alternativeLabel component="ol" sx={{ p: 0, m: 0, listStyle: 'none' }}>
        {CHECKOUT_STEPS.map((label, index) => (
          <Step
            key={label}
            component="li"
            completed={index < step - 1}
            aria-current={index === step - 1 ? 'step' : undefined}
          >
            <StepLabel>{label}</StepLabel>
          </Step>
        ))}
      </Stepper>
    </nav>
  );
}
