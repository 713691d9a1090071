import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import type { SxProps, Theme } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router-dom';
import { telHref, useStoreConfig } from '../lib/storeConfig';

type LinkProps = { sx?: SxProps<Theme>; color?: string; underline?: 'always' | 'hover' | 'none' };

/*
 * The server's contacts. While they load, a placeholder of about the same width keeps the layout still;
 * if they cannot be loaded, the contact form stands in for them.
 */
function Placeholder({ width }: { width: string }) {
  return (
    <Skeleton
      component="span"
      variant="text"
      aria-label="Loading"
      sx={{ display: 'inline-block', width, verticalAlign: 'middle' }}
    />
  );
}

function ContactFormLink({ sx, color, underline }: LinkProps) {
  return (
    <Link component={RouterLink} to="/contact" sx={sx} color={color} underline={underline}>
      our contact form
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
  return status === 'failed' ? <>This store</> : <Placeholder width="12ch" />;
}

export function OfficeAddress() {
  const { status, config } = useStoreConfig();
  if (config) return <>{config.officeAddress}</>;
  return status === 'failed' ? <>Anderson, SC, United States</> : <Placeholder width="18ch" />;
}
