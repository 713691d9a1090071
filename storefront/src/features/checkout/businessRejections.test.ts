import { describe, expect, it } from 'vitest';
import type { BillingDetails } from '../../api/types';
import { emptyBilling } from './billingSchema';
import { businessRejections, rejectionErrors } from './businessRejections';

const SENT: BillingDetails = {
  email: 'claire@example.fr',
  firstName: 'Claire',
  lastName: 'Martin',
  address: '8 rue de la Paix',
  city: 'Paris',
  country: 'FR',
  zipCode: '75002',
  phoneCountryCode: '+33',
  phone: '01 23 45 67 89',
  company: 'Atelier Martin SARL',
  vatNumber: 'FR12345678901',
};

describe('businessRejections', () => {
  it("finds the field a message names by the server's words, which name no field path (#34)", () => {
    const needsCompany = 'Company name is required with a VAT number: the company it is registered to';
    const notRegistered =
      "VAT number FR12345678901 is not registered for VAT in the EU's VIES register: please correct it or leave it out";
    const malformed = 'FR12345678901 is not a valid VAT number for France';
    const tooShort = 'Company name must be at least 2 characters';
    expect(businessRejections([needsCompany, notRegistered, malformed, tooShort], SENT)).toEqual([
      { field: 'company', value: 'Atelier Martin SARL', country: 'FR', message: needsCompany },
      { field: 'vatNumber', value: 'FR12345678901', country: 'FR', message: notRegistered },
      { field: 'vatNumber', value: 'FR12345678901', country: 'FR', message: malformed },
      { field: 'company', value: 'Atelier Martin SARL', country: 'FR', message: tooShort },
    ]);
  });

  it('still finds a field by the path an older server named', () => {
    const needsCompany = 'A VAT number needs the name of the company it is registered to (billing.company)';
    expect(businessRejections([needsCompany], SENT)).toEqual([
      { field: 'company', value: 'Atelier Martin SARL', country: 'FR', message: needsCompany },
    ]);
  });

  it('leaves a 400 about anything else, even in part, to the payment step', () => {
    expect(businessRejections(['Country is required'], SENT)).toEqual([]);
    expect(
      businessRejections(
        ['FR1 is not a valid VAT number for France (billing.vatNumber)', 'The cart is empty'],
        SENT,
      ),
    ).toEqual([]);
    // A field the request did not hold cannot have been refused.
    const { vatNumber: _, ...withoutNumber } = SENT;
    expect(businessRejections(['VAT number must be text (billing.vatNumber)'], withoutNumber)).toEqual([]);
    expect(businessRejections([], SENT)).toEqual([]);
  });

  it('holds a refusal on its field while the form holds what was refused, for that country', () => {
    const refused = businessRejections(['VAT number FR12345678901 is not registered for VAT (VIES)'], SENT);
    const values = {
      ...emptyBilling,
      country: 'FR',
      business: true,
      company: 'Atelier',
      vatNumber: 'fr 123-456.789 01',
    };
    expect(rejectionErrors(values, refused)).toEqual({ vatNumber: refused[0]!.message });
    expect(rejectionErrors({ ...values, vatNumber: 'FR40303265045' }, refused)).toEqual({});
    expect(rejectionErrors({ ...values, country: 'DE' }, refused)).toEqual({});
    expect(rejectionErrors({ ...values, business: false }, refused)).toEqual({});
  });
});
