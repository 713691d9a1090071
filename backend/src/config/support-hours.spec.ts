import { SUPPORT_HOURS } from './support-hours.js';

describe('SUPPORT_HOURS', () => {
  it('states each channel’s hours and the week from the one schedule', () => {
    expect(SUPPORT_HOURS).toEqual({
      email: 'Mon-Fri 9AM-6PM EST, Sat 10AM-4PM EST',
      phone: 'Mon-Fri 9AM-6PM EST',
      summary:
        'Mon-Fri 9AM-6PM EST, Sat 10AM-4PM EST limited, Sun and holidays closed (automated delivery only)',
      schedule: [
        { day: 'Monday - Friday', hours: '9AM-6PM EST', support: 'Full support by e-mail and phone' },
        { day: 'Saturday', hours: '10AM-4PM EST', support: 'Limited support by e-mail' },
        { day: 'Sunday & holidays', hours: 'Closed', support: 'Automated delivery only' },
      ],
    });
  });

  it('promises no round-the-clock channel while a day of the schedule is closed (#34)', () => {
    expect(SUPPORT_HOURS.schedule.some((row) => row.hours === 'Closed')).toBe(true);
    for (const hours of [SUPPORT_HOURS.email, SUPPORT_HOURS.phone])
      expect(hours).not.toMatch(/24\/7|24 hours a day|every day|around the clock|365/i);
  });
});
