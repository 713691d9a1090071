import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** Minus / count / plus for a cart line; minus is disabled at the minimum quantity of 1, plus at `max`. */
export function QuantityStepper({
  label,
  quantity,
  max = Infinity,
  onChange,
}: {
  /** What is counted, for the buttons' accessible names. */
  label: string;
  quantity: number;
  max?: number;
  onChange: (quantity: number) => void;
}) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      <IconButton
        size="small"
        aria-label={`Decrease quantity of ${label}`}
        disabled={quantity <= 1}
        onClick={() => onChange(quantity - 1)}
        sx={{ border: 1, borderColor: 'divider', width: 32, height: 32 }}
      >
        <span aria-hidden="true">−</span>
      </IconButton>
      <Typography
        component="output"
        aria-label={`Quantity of ${label}`}
        sx={{ minWidth: 28, textAlign: 'center', fontWeight: 600 }}
      >
        {quantity}
      </Typography>
      <IconButton
        size="small"
        aria-label={`Increase quantity of ${label}`}
        disabled={quantity >= max}
        onClick={() => onChange(quantity + 1)}
        sx={{ border: 1, borderColor: 'divider', width: 32, height: 32 }}
      >
        <span aria-hidden="true">+</span>
      </IconButton>
    </Stack>
  );
}
