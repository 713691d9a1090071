import { activeStripe, DEV_DEFAULTS, LOOPBACK_HOSTS, type AppConfig } from './app-config.js';

/**
 * The warning printed at start outside production, naming what is insecure in this configuration (null in
 * production, which refuses all of it). The development secrets are public: they are in this repository.
 */
export function developmentWarning(config: AppConfig, rawNodeEnv: string | undefined): string | null {
  if (config.isProduction) return null;
  const insecure = [
    config.jwtSecret === DEV_DEFAULTS.jwtSecret &&
      'JWT_SECRET is the public development secret: anyone can sign a staff token',
    config.licenseKeySecret === DEV_DEFAULTS.licenseKeySecret &&
      'LICENSE_KEY_SECRET is the public development secret: stored licence keys can be decrypted by anyone',
    config.admin.password === DEV_DEFAULTS.adminPassword &&
      `ADMIN_PASSWORD is the development default (${DEV_DEFAULTS.adminUsername} / ${DEV_DEFAULTS.adminPassword})`,
    !activeStripe(config) && 'payments go to the demo provider: orders are "paid" without any charge',
    !config.mail.smtpUrl && `e-mails, licence keys included, are written in clear to ${config.mail.dir}`,
    config.seedDemoKeys && 'demo licence keys are seeded',
    'the API map is served at /api/docs',
  ].filter((line): line is string => typeof line === 'string');
  const rule = '!'.repeat(78);
  return [
    rule,
    `NODE_ENV is ${rawNodeEnv?.trim() ? `"${config.nodeEnv}"` : 'not set, so "development"'}: this server is NOT safe for real customers.`,
    ...insecure.map((line) => `  - ${line}`),
    'Set NODE_ENV=production (it refuses to start until each of these is fixed) before going live.',
    LOOPBACK_HOSTS.includes(config.host)
      ? `Bound to ${config.host}: other machines cannot reach it.`
      : `Bound to ${config.host} because ALLOW_REMOTE_DEV=true: other machines CAN reach it.`,
    rule,
  ].join('\n');
}
