import { describe, expect, it } from 'vitest';
import { DELIVERY, SUPPORT, SYSTEM_REQUIREMENTS, TERMS } from './business';
import { applicationSteps, applyHref, careerStats, departments, jobPostings } from './careers';
import { applications, platformRequirements, quickChecks, unsupportedSystems } from './compatibility';
import { CONTACT_CATEGORIES, CONTACT_TOAST, contactFaqs, contactMethods } from './contact';
import { deliveryIssues, deliveryLimitations, deliveryTimelines } from './delivery';
import * as delivery from './delivery';
import * as enterprise from './enterpriseSupport';
import { eulaSections, vendorTerms } from './eula';
import { faqCategories } from './faq';
import * as privacy from './privacy';
import * as refund from './refund';
import * as terms from './terms';
import * as careers from './careers';
import * as compatibility from './compatibility';
import * as contact from './contact';
import * as eula from './eula';
import { HOURS, splitHours } from './storeContacts';
import { contentUi } from './ui';

/** Every string anywhere in a module's exports. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

const text = (value: unknown) => strings(value).join('\n');

describe('careers content', () => {
  it('has the six postings of the spec, each complete', () => {
    expect(jobPostings.map((job) => job.title)).toEqual([
      'Senior Software Sales Specialist',
      'Customer Success Manager',
      'Technical Support Specialist',
      'Digital Marketing Specialist',
      'Business Development Representative',
      'Product Content Writer',
    ]);
    for (const job of jobPostings) {
      expect(['Full-time', 'Contract']).toContain(job.type);
      for (const field of [job.location, job.experience, job.description]) expect(field).not.toBe('');
      expect(job.requirements.length).toBeGreaterThan(0);
      expect(job.benefits.length).toBeGreaterThan(0);
    }
  });

  it('has the four departments with their openings, matching the postings', () => {
    expect(departments.map((d) => [d.name, d.openings])).toEqual([
      ['Sales', 2],
      ['Customer Success', 1],
      ['Support', 1],
      ['Marketing', 2],
    ]);
    for (const d of departments) {
      expect(d.description).not.toBe('');
      expect(jobPostings.filter((job) => job.department === d.name)).toHaveLength(d.openings);
    }
  });

  it('has the stats, the four application steps and URL-encoded Apply Now links', () => {
    // #34: no team size, customer count, countries or growth rate without a source; only the page's own counts.
    expect(careerStats).toEqual([
      { value: '6', label: 'Open positions' },
      { value: '4', label: 'Teams hiring' },
    ]);
    expect(text(careers.careersPage)).not.toMatch(/\d+\+|\d\s*%/);
    expect(applicationSteps.map((s) => s.title)).toEqual([
      'Apply Online',
      'Phone Screening',
      'Technical Interview',
      'Final Interview',
    ]);
    expect(applyHref('Senior Software Sales Specialist')).toBe(
      '/contact?role=Senior%20Software%20Sales%20Specialist',
    );
    expect(careers.values.length).toBeGreaterThan(0);
    expect(careers.benefits.length).toBeGreaterThan(0);
  });
});

describe('compatibility content', () => {
  it('has the seven applications; Access and Publisher are Windows only', () => {
    expect(applications.map((a) => [a.name, a.windows, a.mac])).toEqual([
      ['Word', true, true],
      ['Excel', true, true],
      ['PowerPoint', true, true],
      ['Outlook', true, true],
      ['OneNote', true, true],
      ['Access', true, false],
      ['Publisher', true, false],
    ]);
  });

  it('states the requirements and unsupported systems of the spec', () => {
    expect(quickChecks.map((c) => [c.platform, c.compatible])).toEqual([
      ['Windows PC', true],
      ['Mac', true],
      ['Mobile & tablet', false],
    ]);
    const windows = text(platformRequirements[0]);
    const mac = text(platformRequirements[1]);
    expect(windows).toContain('Windows 10 version 1903 or later, or Windows 11');
    expect(mac).toContain('macOS Ventura 13.0 or later');
    expect(platformRequirements[0].rows[1]).toMatchObject({ minimum: '4 GB', recommended: '8 GB' });
    expect(platformRequirements[0].rows[2]).toMatchObject({ minimum: '4 GB' });
    expect(platformRequirements[1].rows[1]).toMatchObject({ minimum: '4 GB', recommended: '8 GB' });
    expect(platformRequirements[1].rows[2]).toMatchObject({ minimum: '10 GB' });
    const unsupported = unsupportedSystems.join(' | ');
    for (const system of [
      'Windows 7',
      'Windows 8',
      '8.1',
      'macOS 12',
      'Windows RT',
      'iOS',
      'Android',
      'Chrome OS',
      'Linux',
    ])
      expect(unsupported).toContain(system);
    expect(SYSTEM_REQUIREMENTS.unsupported).toHaveLength(8);
  });
});

describe('contact content', () => {
  it('has the five categories with the spec labels and the spec toast', () => {
    expect(CONTACT_CATEGORIES.map((c) => `${c.value}:${c.label}`)).toEqual([
      'technical:Technical Support',
      'billing:Billing & Orders',
      'licensing:Licensing Questions',
      'installation:Installation Help',
      'general:General Inquiry',
    ]);
    expect(CONTACT_TOAST).toEqual({
      title: 'Message Sent!',
      description: "Thank you for contacting us. We'll get back to you within 24 hours.",
    });
  });

  it("has the store's two contact methods (no live chat: none is offered) with the server's hours and four FAQs", () => {
    expect(contactMethods.map((m) => [m.kind, m.availability])).toEqual([
      ['email', `${HOURS.email}, answered within 24 hours`],
      ['phone', HOURS.phone],
    ]);
    expect(
      contact.officeCard.scheduleEntry({ day: 'Saturday', hours: '10AM-4PM EST', support: 'Limited' }),
    ).toBe('10AM-4PM EST: Limited');
    expect(contactFaqs).toHaveLength(4);
  });
});

describe('home page FAQ', () => {
  it('has ten entries in two categories of five', () => {
    expect(faqCategories.map((c) => c.entries.length)).toEqual([5, 5]);
  });
});

describe('delivery content', () => {
  it('has the six issues of the catalogue, the three timelines and the limits', () => {
    expect(deliveryIssues.map((i) => i.reason)).toEqual([
      'Invalid Email Address',
      'Payment Declined',
      'Spam/Junk Filters',
      'Security Review',
      'System Maintenance',
      'Geographic Restrictions',
    ]);
    expect(deliveryTimelines.map((t) => [t.name, t.applies])).toEqual([
      ['Immediate', 'Most orders'],
      ['Standard', 'Some orders'],
      ['Extended', 'Rare'],
    ]);
    const all = text(delivery);
    for (const fact of [
      'Typically within minutes of payment',
      'contact support and we send it again',
      '30 days after delivery',
      '10 or more licences',
      'within 24 hours of payment',
      '5 groups of 5',
      'region-specific and non-transferable',
    ])
      expect(all).toContain(fact);
    expect(deliveryLimitations.length).toBeGreaterThan(4);
    expect(delivery.deliveryContents.some((c) => c.required)).toBe(true);
    expect(delivery.deliveryRequirements.some((r) => r.critical)).toBe(true);
    expect(delivery.deliveryActions.map((a) => a.to)).toEqual(['/contact', '/refund-policy']);
  });

  it("names the server's e-mail hours above its support schedule, and labels the tables", () => {
    expect(delivery.deliverySupportNote).toContain(`E-mail support is open ${HOURS.email}`);
    expect(DELIVERY.downloadLinkDays).toBe(30);
    expect(delivery.deliveryLabels.supportHoursColumns).toEqual({
      day: 'Day',
      hours: 'Hours',
      support: 'Support',
    });
    expect(delivery.deliveryLabels.timelineTitle(deliveryTimelines[0])).toBe('Immediate (most orders)');
    expect(delivery.deliveryLabels.common).toBe('Common');
  });
});

describe('refund content', () => {
  it('has the timeline, types, methods and required information of the spec', () => {
    expect(refund.refundTimeline.map((s) => [s.step, s.when])).toEqual([
      ['Request', 'Day 1'],
      ['Review', '1-3 days'],
      ['Decision notice', '3-5 days'],
      ['Processing', '5-7 days'],
    ]);
    expect(refund.refundTypes.map((t) => t.amount)).toEqual(['100%', 'Up to 50%', '0%']);
    // The ways to pay the store offers (#35 §2), with the spec's refund times; never a direct debit, and no
    // method of a currency the store does not sell (BLIK: zloty).
    expect(refund.refundMethods.map((m) => [m.method, m.time])).toEqual([
      ['Credit or debit card, Apple Pay, Google Pay or Link', '5-7 business days'],
      ['PayPal', '3-5 business days'],
      ['iDEAL, Bancontact or EPS (payments in euros)', '7-10 business days'],
      ['Bank transfer (orders of $500, €500, £400 or ¥75,000 or more)', '7-10 business days'],
    ]);
    expect(text(refund)).not.toMatch(/direct debit|sepa|blik/i);
    expect(refund.requiredInformation.required).toHaveLength(3);
    expect(refund.requiredInformation.optional).toHaveLength(3);
    expect(refund.startRefund.to).toBe('/contact?topic=refund');
    expect(refund.refundConditions.some((c) => c.eligible)).toBe(true);
    expect(refund.refundConditions.some((c) => !c.eligible)).toBe(true);
    expect(refund.supportChannels.map((c) => c.availability)).toEqual([HOURS.email, HOURS.phone]);
    expect(refund.compatibilityLink.to).toBe('/compatibility');
  });
});

describe('privacy content', () => {
  it('has the rights with timeframes and law flags, cookies, ages and retention periods', () => {
    expect(
      privacy.userRights.every((r) => r.timeframe === 'Within 30 days' || r.timeframe === 'Always'),
    ).toBe(true);
    expect(privacy.userRights.some((r) => r.gdpr && !r.ccpa)).toBe(true);
    expect(privacy.userRights.some((r) => r.ccpa && !r.gdpr)).toBe(true);
    expect(privacy.cookieTypes.map((c) => [c.type, c.lifetime, c.used])).toEqual([
      ['Essential', 'Session, or up to 30 days', true],
      // No analytics runs on the store.
      ['Analytics', 'Not used', false],
      ['Functional', 'Up to 12 months', true],
      ['Marketing', 'Not used', false],
    ]);
    expect(privacy.retentionCategories.map((r) => r.period)).toEqual([
      '10 years',
      '10 years',
      '7 years',
      '7 years after closure',
      '5 years',
      '2 years',
    ]);
    expect(text(privacy.childrenPrivacy)).toMatch(/under 13[\s\S]*13-16/);
    expect(privacy.privacyLinks.map((l) => l.to)).toEqual(['/contact?topic=privacy', '/terms']);
    expect(privacy.thirdParties.length).toBeGreaterThan(0);
  });
});

describe('terms and EULA content', () => {
  it('has the effective date, governing law, dispute steps and response times', () => {
    expect(text(terms)).toContain('September 21, 2025');
    expect(text(terms)).toContain('Delaware');
    expect(text(terms)).toContain('English (US)');
    expect(text(terms)).toContain('iDEAL, Bancontact or EPS. Orders of $500');
    expect(text(terms)).toContain('cancelled. We do not accept direct debits.');
    expect(terms.disputeSteps.map((s) => [s.step, s.preferred])).toEqual([
      ['Direct communication', true],
      ['Formal complaint', false],
      ['Mediation', false],
      ['Binding arbitration', false],
    ]);
    expect(terms.disputeSteps[3].description).toContain('American Arbitration Association');
    expect(terms.disputeResponseTimes.map((t) => t.value)).toEqual([
      TERMS.initialResponse,
      TERMS.formalComplaintResponse,
    ]);
    expect([TERMS.initialResponse, TERMS.formalComplaintResponse]).toEqual([
      '24-48 hours',
      '5-7 business days',
    ]);
    expect(terms.userObligations.some((o) => o.critical)).toBe(true);
    expect(text(terms.liabilityLimits)).toContain('limited to the amount you paid');
    expect(terms.termsLinks.map((l) => l.to)).toEqual(['/privacy', '/eula']);
  });

  it('has the EULA sections, support and warranty periods and the vendor link', () => {
    expect(eulaSections.map((s) => s.heading)).toEqual([
      'Overview',
      'Licence Rights',
      'Restrictions',
      'Support Terms',
      'Warranties',
      'Data Handling',
      'Termination',
      'Governing Law',
    ]);
    expect(text(eula)).toContain(SUPPORT.sellerSupportPeriod);
    expect(text(eula)).toContain(SUPPORT.softwareWarranty);
    expect(text(eula)).toContain(`E-mail support is open ${HOURS.email}; phone support ${HOURS.phone}.`);
    expect(vendorTerms.href).toMatch(/^https:\/\/www\.microsoft\.com\//);
  });
});

describe('enterprise support content', () => {
  it('says what the store does for businesses, in three steps and five FAQs, and no invented testimonials', () => {
    expect(enterprise.enterpriseSteps.map((s) => s.title)).toEqual([
      'Choose the editions',
      'Check out as a business',
      'Keys by e-mail',
    ]);
    expect(enterprise.testimonials).toEqual([]);
    expect(enterprise.enterpriseFaqs).toHaveLength(5);
    const all = text(enterprise);
    for (const offer of ['invoice', 'VAT number', 'VIES', 'normal checkout', '10 or more licences'])
      expect(all).toContain(offer);
    expect(all).toContain(HOURS.phone);
    expect(all).toContain(HOURS.email);
    expect(enterprise.discountBanner.schedule.to).toBe('/contact');
    expect(enterprise.enterpriseFooter.links.map((l) => l.to)).toEqual(['/privacy', '/terms']);
  });

  it('makes no promise the store cannot show (#34): no savings, percentages, customer counts or unlimited service', () => {
    const all = text(enterprise);
    // A percentage or a "1000+" count has no source the store can name; nor have savings against
    // another contract, unlimited escalations, round-the-clock hours or a discount on fees it does not charge.
    expect(all).not.toMatch(/\d\s*%|\d+\+|\d+K\b/);
    expect(all).not.toMatch(
      /unlimited|escalation|sav(e|ing)s?\b|\bless than\b|cut your|discount|onboarding|24\/7|365|every hour|senior engineers|no gap|within days/i,
    );
    expect(enterprise.enterpriseFigures.map((figure) => figure.value)).toEqual([
      SUPPORT.responseTime,
      SUPPORT.sellerSupportPeriod,
    ]);
  });
});

describe('one story across the pages', () => {
  const modules = { careers, compatibility, contact, delivery, enterprise, eula, privacy, refund, terms };

  it('makes no delivery claim but the one in DELIVERY.typical, anywhere in the storefront', () => {
    const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
      query: '?raw',
      import: 'default',
      eager: true,
    });
    expect(Object.keys(sources).length).toBeGreaterThan(50);
    for (const [file, source] of Object.entries(sources)) {
      if (file === './business.ts') continue; // where the claim is defined
      // The spec's own toast text ("within 5 minutes") is the one exception, kept verbatim.
      const claims = source.replace('via email within 5 minutes', '');
      expect(claims, file).not.toMatch(
        /\binstant(ly)?\b|\b\d+\s*[-–]\s*\d+\s*min|within \d+ min|typically within minutes/i,
      );
    }
  });

  it('makes none of the delivery claims DESIGN.md replaced', () => {
    for (const [name, module] of Object.entries(modules)) {
      const all = text(module);
      expect(all, name).not.toMatch(/\binstantly\b|15-30 minutes|within 5 minutes|within 30 minutes/i);
    }
  });

  it('states the same refund window, response time and delivery claim everywhere', () => {
    for (const [name, module] of Object.entries(modules)) {
      const all = text(module);
      expect(all, name).not.toMatch(/\b(14|60|90)-day money-back/);
      expect(all, name).not.toMatch(/within (12|48|72) hours/);
    }
    expect(text(delivery)).toContain(DELIVERY.typical);
    expect(text(contact)).toContain(DELIVERY.typical);
  });
});

describe('promises the store keeps (#34)', () => {
  it('offers no SMS delivery, which the store cannot send', () => {
    for (const [name, module] of Object.entries({
      careers,
      compatibility,
      contact,
      delivery,
      enterprise,
      eula,
      privacy,
      refund,
      terms,
    }))
      expect(text(module), name).not.toMatch(/\bSMS\b|text your key/i);
  });
});

describe('support hours in copy', () => {
  const modules = { careers, compatibility, contact, delivery, enterprise, eula, privacy, refund, terms };

  it('cuts copy into its text and the hours it names', () => {
    expect(splitHours(`Open ${HOURS.email}; phone ${HOURS.phone}.`)).toEqual([
      'Open ',
      { hours: 'email' },
      '; phone ',
      { hours: 'phone' },
      '.',
    ]);
    expect(splitHours(HOURS.phone)).toEqual([{ hours: 'phone' }]);
    expect(splitHours('No hours here {other}')).toEqual(['No hours here {other}']);
  });

  it("leaves the hours to the server: no page's copy states a time of day itself", () => {
    for (const [name, module] of Object.entries(modules)) {
      // The careers page's Saturday shift is part of a job's requirements, not a promise to shoppers.
      const all = name === 'careers' ? text({ ...module, jobPostings: [] }) : text(module);
      expect(all, name).not.toMatch(/\b\d{1,2}(:\d\d)?\s?(AM|PM)\b|Mon-Fri/);
    }
  });
});

describe('interface labels', () => {
  it('are in the content modules: shared ones once, in content/ui.ts', () => {
    expect(contentUi.step(3)).toBe('Step 3');
    expect([contentUi.yes, contentUi.no, contentUi.critical]).toEqual(['Yes', 'No', 'Critical']);
    expect(careers.departmentLabels.openings(1)).toBe('1 open position');
    expect(careers.departmentLabels.openings(2)).toBe('2 open positions');
    expect(careers.jobLabels.applyFor('Product Content Writer')).toBe('Apply Now: Product Content Writer');
    expect(compatibility.compatibilityLabels.requirementsCaption('macOS')).toBe(
      'macOS requirements: minimum and recommended',
    );
    expect(terms.termsLabels.writeTo('Legal')).toBe('Write to Legal');
    expect(refund.refundLabels.contactChannel('Live Chat')).toBe(' (Live Chat)');
    expect(Object.keys(privacy.privacyLabels.rightsColumns)).toEqual([
      'right',
      'description',
      'timeframe',
      'gdpr',
      'ccpa',
    ]);
  });
});
