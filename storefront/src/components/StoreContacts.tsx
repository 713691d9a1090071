import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { Fragment, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { splitHours, storeContactsCopy as copy } from '../content/storeContacts';
import { telHref, useStoreConfig, type SupportChannel, type SupportScheduleRow } from '../lib/storeConfig';

type LinkProps = { sx?: SxProps<Theme>; color?: string; underline?: 'always' | 'hover' | 'none' };

/*
 * The server's contacts and support hours. While they load, a placeholder of about the same size keeps the
 * layout still; if they cannot be loaded, the contact form stands in for the contacts.
 */
function Placeholder({ width }: { width: string }) {
  return (
    <Skeleton
      component="span"
      variant="text"
      // A name needs a role: a bare span may not carry aria-label.
      role="progressbar"
      aria-label={copy.loading}
      sx={{ display: 'inline-block', width, verticalAlign: 'middle' }}
    />
  );
}

function ContactFormLink({ sx, color, underline }: LinkProps) {
  return (
    <Link component={RouterLink} to="/contact" sx={sx} color={color} underline={underline}>
      {copy.contactForm}
    </Link>
  );
}

export function SupportEmailLink({ sx, color, underline }: LinkProps) {
  const { status, config } = useStoreConfig();
  if (config)
    return (
      <Link
        href={`mailto:${config.supportEmail}`}
        sx={{ wordBreak: 'break-all', ...sx }}
        color={color}
        underline={underline}
      >
        {config.supportEmail}
      </Link>
    );
  return status === 'failed' ? (
    <ContactFormLink sx={sx} color={color} underline={underline} />
  ) : (
    <Placeholder width="16ch" />
  );
}

export function SupportPhoneLink({ sx, color, underline }: LinkProps) {
  const { status, config } = useStoreConfig();
  if (config)
    return (
      <Link
        href={telHref(config.supportPhone)}
        sx={{ whiteSpace: 'nowrap', ...sx }}
        color={color}
        underline={underline}
      >
        {config.supportPhone}
      </Link>
    );
  return status === 'failed' ? (
    <ContactFormLink sx={sx} color={color} underline={underline} />
  ) : (
    <Placeholder width="14ch" />
  );
}

/** The company name (plain text); the placeholder has the width of a typical name. */
export function StoreName() {
  const { status, config } = useStoreConfig();
  if (config) return <>{config.storeName}</>;
  return status === 'failed' ? <>{copy.storeName}</> : <Placeholder width="12ch" />;
}

export function OfficeAddress() {
  const { status, config } = useStoreConfig();
  if (config) return <>{config.officeAddress}</>;
  return status === 'failed' ? <>{copy.officeAddress}</> : <Placeholder width="18ch" />;
}

/** When one support channel is open, e.g. "Mon-Fri 9AM-6PM EST" (plain text). */
export function SupportHoursText({ channel }: { channel: SupportChannel }) {
  const { status, config } = useStoreConfig();
  if (config) return <>{config.supportHours[channel]}</>;
  return status === 'failed' ? <>{copy.hours}</> : <Placeholder width="16ch" />;
}

/** Page copy with the support hours it names (`HOURS.phone` in content/storeContacts.ts) filled in. */
export function WithSupportHours({ text }: { text: string }) {
  return (
    <>
      {splitHours(text).map((part, index) =>
        typeof part === 'string' ? (
          <Fragment key={index}>{part}</Fragment>
        ) : (
          <SupportHoursText key={index} channel={part.hours} />
        ),
      )}
    </>
  );
}

/** The weekly support schedule, laid out by `children`; a placeholder block while it loads. */
export function SupportSchedule({ children }: { children: (rows: SupportScheduleRow[]) => ReactNode }) {
  const { status, config } = useStoreConfig();
  if (config) return <>{children(config.supportHours.schedule)}</>;
  return status === 'failed' ? (
    <Typography variant="body2" color="textSecondary">
      {copy.schedule}
    </Typography>
  ) : (
    <Skeleton variant="rounded" height={120} role="progressbar" aria-label={copy.loading} />
  );
}
