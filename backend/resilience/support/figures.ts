import { appendFileSync } from 'node:fs';
import { DRIVER } from './store-process.js';

/** The figures every resilience spec adds to; `npm run test:resilience` sums them into its closing table. */
export interface Figures {
  /** HTTP requests the spec sent to the store. */
  requests: number;
  /** Answers with a 5xx status the spec did not expect (a test fails on any; this counts them). */
  serverErrors: number;
  /** Licence keys handed to buyers. */
  keysDelivered: number;
  /** Keys assigned twice, orders fulfilled twice, e-mails sent twice. */
  duplicates: number;
  /** E-mails the SMTP server accepted. */
  emailsSent: number;
  /** E-mails that should have gone out and never did. */
  emailsLost: number;
}

/** Adds one spec's figures to the run's tally (a JSON line in $RESILIENCE_FIGURES, when set). */
export function recordFigures(suite: string, figures: Partial<Figures>): void {
  const file = process.env.RESILIENCE_FIGURES;
  if (file) appendFileSync(file, `${JSON.stringify({ driver: DRIVER, suite, ...figures })}\n`);
}
