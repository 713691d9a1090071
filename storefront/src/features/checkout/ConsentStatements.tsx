import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import type { Consent, Consents } from './checkoutApi';
import { consentCopy, consentStatements } from '../../content/consents';

const CONSENTS = Object.keys(consentStatements) as Consent[];

/**
 * The two statements of Art 16(m), unticked until the shopper ticks them: shown to a buyer billed in the EU
 * or the UK, who must tick both before paying.
 */
export function ConsentStatements({
  consents,
  disabled,
  onChange,
}: {
  consents: Consents;
  /** While a payment is being confirmed: what it was made with cannot change under it. */
  disabled?: boolean;
  onChange: (consents: Consents) => void;
}) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 3 }} aria-describedby="consents-note">
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
        {consentCopy.legend}
      </Typography>
      {CONSENTS.map((consent) => (
        <FormControlLabel
          key={consent}
          sx={{ display: 'flex', alignItems: 'flex-start', mb: 1 }}
          control={
            <Checkbox
              checked={consents[consent] === true}
              disabled={disabled}
              required
              sx={{ pt: 0.25 }}
              onChange={(event) => onChange({ ...consents, [consent]: event.target.checked })}
            />
          }
          label={consentStatements[consent]}
        />
      ))}
      <Typography id="consents-note" variant="body2" color="textSecondary">
        {consentCopy.required} {consentCopy.guarantee}
      </Typography>
    </Box>
  );
}
