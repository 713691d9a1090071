/** One row of the weekly support schedule (the spec's support-hours record: day, hours, support). */
export interface SupportScheduleRow {
  day: string;
  hours: string;
  support: string;
}

/**
 * When shoppers can reach support. Served by `GET /api/store-config` to the storefront (footer, contact,
 * delivery policy, refund policy and EULA pages) and written into the footer of every customer e-mail.
 */
export interface SupportHours {
  /** When e-mail is read. */
  email: string;
  phone: string;
  /** The week in one line, for footers and e-mails. */
  summary: string;
  /** The week in detail, for the tables on the contact and delivery policy pages. */
  schedule: SupportScheduleRow[];
}

/**
 * The store's support hours (spec §9). Deliberately not a setting in `.env`: the pages' own copy relies on
 * them (the Saturday shift in the careers page, the enterprise page's phone hours), so changing them is a
 * change to this file, reviewed with that copy, rather than a deployment switch that could contradict it.
 */
export const SUPPORT_HOURS: SupportHours = {
  email: '24/7',
  phone: 'Mon-Fri 9AM-6PM EST',
  summary: 'Mon-Fri 9AM-6PM EST, Sat 10AM-4PM EST limited, Sun and holidays closed (automated delivery only)',
  schedule: [
    { day: 'Monday - Friday', hours: '9AM-6PM EST', support: 'Full support by e-mail and phone' },
    // The phone is a weekday service: Saturday's limited support is by e-mail. No live chat is offered.
    { day: 'Saturday', hours: '10AM-4PM EST', support: 'Limited support by e-mail' },
    { day: 'Sunday & holidays', hours: 'Closed', support: 'Automated delivery only' },
  ],
};
