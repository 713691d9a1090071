import helmet from '@fastify/helmet';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { AppConfig } from '../config/app-config.js';

/**
 * Content-Security-Policy for everything the process serves. Integrations that load third-party code
 * (Stripe.js on the payment step) add their hosts here, in one place.
 */
export function contentSecurityPolicy(config: Pick<AppConfig, 'publicUrl'>) {
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      baseUri: ["'self'"],
      scriptSrc: ["'self'"],
      // MUI (emotion) and Swagger UI inject style elements at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      frameSrc: ["'none'"],
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
      formAction: ["'self'"],
      ...(config.publicUrl.startsWith('https:') ? { upgradeInsecureRequests: [] } : {}),
    },
  };
}

export async function registerSecurityHeaders(app: NestFastifyApplication, config: AppConfig): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: contentSecurityPolicy(config),
    // HSTS only makes sense when the store is served over HTTPS.
    strictTransportSecurity: config.publicUrl.startsWith('https:') ? undefined : false,
    crossOriginEmbedderPolicy: false,
  });
}
