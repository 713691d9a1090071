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

type Channel = 'email' | 'phone';

/** A part of the week as the store staffs it: the one place its hours are written (#34). */
interface StaffedDays extends SupportScheduleRow {
  /** The days in short, for the one-line forms: "Mon-Fri". */
  short: string;
  /** The channels answered in these hours; none: closed. */
  channels: Channel[];
  /** Said after the hours in the week's summary: "limited". */
  note?: string;
}

const WEEK: StaffedDays[] = [
  {
    day: 'Monday - Friday',
    short: 'Mon-Fri',
    hours: '9AM-6PM EST',
    support: 'Full support by e-mail and phone',
    channels: ['email', 'phone'],
  },
  // The phone is a weekday service: Saturday's limited support is by e-mail. No live chat is offered.
  {
    day: 'Saturday',
    short: 'Sat',
    hours: '10AM-4PM EST',
    support: 'Limited support by e-mail',
    channels: ['email'],
    note: 'limited',
  },
  {
    day: 'Sunday & holidays',
    short: 'Sun and holidays',
    hours: 'Closed',
    support: 'Automated delivery only',
    channels: [],
  },
];

const hoursOf = (channel: Channel) =>
  WEEK.filter((days) => days.channels.includes(channel))
    .map((days) => `${days.short} ${days.hours}`)
    .join(', ');

/**
 * The store's support hours (spec §9), each channel's and the summary made from one schedule, so no line
 * can promise what the schedule does not staff: the spec's "e-mail 24/7" beside a closed Sunday is read as
 * the hours e-mail is read in (#34). Deliberately not a setting in `.env`: the pages' own copy relies on
 * them (the Saturday shift in the careers page, the enterprise page's phone hours), so changing them is a
 * change to this file, reviewed with that copy, rather than a deployment switch that could contradict it.
 */
export const SUPPORT_HOURS: SupportHours = {
  email: hoursOf('email'),
  phone: hoursOf('phone'),
  summary: WEEK.map((days) =>
    days.channels.length === 0
      ? `${days.short} closed (${days.support.toLowerCase()})`
      : `${days.short} ${days.hours}${days.note ? ` ${days.note}` : ''}`,
  ).join(', '),
  schedule: WEEK.map(({ day, hours, support }) => ({ day, hours, support })),
};
