// Real-looking phone numbers of every country the checkout offers, as a buyer billed there types them, and
// as the store keeps them (E.164). Used by the API suites and the storefront's tests
// (`@store/testing/phone-numbers`: this module alone, without the kit's Node-only helpers).

/** A country's numbers: a mobile and a landline, written nationally, and each one's E.164 form. */
export interface CountryPhones {
  country: string;
  phoneKey: string;
  numbers: [national: string, e164: string][];
}

export const PHONE_NUMBERS: CountryPhones[] = [
  {
    country: 'US',
    phoneKey: '+1',
    numbers: [
      ['(201) 555-0123', '+12015550123'],
      ['212-736-5000', '+12127365000'],
    ],
  },
  {
    country: 'IN',
    phoneKey: '+91',
    numbers: [
      ['98765 43210', '+919876543210'],
      ['020 2612 5000', '+912026125000'],
    ],
  },
  {
    country: 'GB',
    phoneKey: '+44',
    numbers: [
      ['07400 123456', '+447400123456'],
      ['(020) 7946-0958', '+442079460958'],
    ],
  },
  {
    country: 'CA',
    phoneKey: '+1',
    numbers: [
      ['(416) 555-0199', '+14165550199'],
      ['604 555 0142', '+16045550142'],
    ],
  },
  {
    country: 'AU',
    phoneKey: '+61',
    numbers: [
      ['0412 345 678', '+61412345678'],
      ['(02) 9374 4000', '+61293744000'],
    ],
  },
  {
    country: 'DE',
    phoneKey: '+49',
    numbers: [
      ['01512 3456789', '+4915123456789'],
      ['030 123456', '+4930123456'],
      ['0341 1234567', '+493411234567'],
    ],
  },
  {
    country: 'FR',
    phoneKey: '+33',
    numbers: [
      ['06 12 34 56 78', '+33612345678'],
      ['01 23 45 67 89', '+33123456789'],
    ],
  },
  {
    country: 'JP',
    phoneKey: '+81',
    numbers: [
      ['090-1234-5678', '+819012345678'],
      ['03-1234-5678', '+81312345678'],
    ],
  },
  {
    country: 'SG',
    phoneKey: '+65',
    numbers: [
      ['8123 4567', '+6581234567'],
      ['6123 4567', '+6561234567'],
    ],
  },
  {
    country: 'UAE',
    phoneKey: '+971',
    numbers: [
      ['050 123 4567', '+971501234567'],
      ['04 123 4567', '+97141234567'],
    ],
  },
  {
    country: 'AT',
    phoneKey: '+43',
    numbers: [
      ['0664 123456', '+43664123456'],
      ['01 234567890', '+431234567890'],
    ],
  },
  {
    country: 'BE',
    phoneKey: '+32',
    numbers: [
      ['0470 12 34 56', '+32470123456'],
      ['02 123 45 67', '+3221234567'],
    ],
  },
  {
    country: 'BG',
    phoneKey: '+359',
    numbers: [
      ['087 812 3456', '+359878123456'],
      ['02 123 4567', '+35921234567'],
    ],
  },
  {
    country: 'HR',
    phoneKey: '+385',
    numbers: [
      ['092 123 4567', '+385921234567'],
      ['01 2345 678', '+38512345678'],
    ],
  },
  {
    country: 'CY',
    phoneKey: '+357',
    numbers: [
      ['96 123456', '+35796123456'],
      ['22 123456', '+35722123456'],
    ],
  },
  {
    country: 'CZ',
    phoneKey: '+420',
    numbers: [
      ['601 123 456', '+420601123456'],
      ['212 345 678', '+420212345678'],
    ],
  },
  {
    country: 'DK',
    phoneKey: '+45',
    numbers: [
      ['32 12 34 56', '+4532123456'],
      ['20 12 34 56', '+4520123456'],
    ],
  },
  {
    country: 'EE',
    phoneKey: '+372',
    numbers: [
      ['5123 4567', '+37251234567'],
      ['321 2345', '+3723212345'],
    ],
  },
  {
    country: 'FI',
    phoneKey: '+358',
    numbers: [
      ['041 2345678', '+358412345678'],
      ['09 1234567', '+35891234567'],
    ],
  },
  {
    country: 'GR',
    phoneKey: '+30',
    numbers: [
      ['691 234 5678', '+306912345678'],
      ['21 2345 6789', '+302123456789'],
    ],
  },
  {
    country: 'HU',
    phoneKey: '+36',
    numbers: [
      ['06 20 123 4567', '+36201234567'],
      ['06 1 234 5678', '+3612345678'],
    ],
  },
  {
    country: 'IE',
    phoneKey: '+353',
    numbers: [
      ['085 012 3456', '+353850123456'],
      ['01 234 5678', '+35312345678'],
    ],
  },
  {
    country: 'IT',
    phoneKey: '+39',
    numbers: [
      ['312 345 6789', '+393123456789'],
      ['02 1234 5678', '+390212345678'],
    ],
  },
  {
    country: 'LV',
    phoneKey: '+371',
    numbers: [
      ['21 234 567', '+37121234567'],
      ['63 123 456', '+37163123456'],
    ],
  },
  {
    country: 'LT',
    phoneKey: '+370',
    numbers: [
      ['8 612 34567', '+37061234567'],
      ['8 5 212 3456', '+37052123456'],
    ],
  },
  {
    country: 'LU',
    phoneKey: '+352',
    numbers: [
      ['628 123 456', '+352628123456'],
      ['27 12 34 56', '+35227123456'],
    ],
  },
  {
    country: 'MT',
    phoneKey: '+356',
    numbers: [
      ['9696 1234', '+35696961234'],
      ['2100 1234', '+35621001234'],
    ],
  },
  {
    country: 'NL',
    phoneKey: '+31',
    numbers: [
      ['06 12345678', '+31612345678'],
      ['020 123 4567', '+31201234567'],
    ],
  },
  {
    country: 'PL',
    phoneKey: '+48',
    numbers: [
      ['512 345 678', '+48512345678'],
      ['12 345 67 89', '+48123456789'],
    ],
  },
  {
    country: 'PT',
    phoneKey: '+351',
    numbers: [
      ['912 345 678', '+351912345678'],
      ['21 234 5678', '+351212345678'],
    ],
  },
  {
    country: 'RO',
    phoneKey: '+40',
    numbers: [
      ['0712 034 567', '+40712034567'],
      ['021 123 4567', '+40211234567'],
    ],
  },
  {
    country: 'SK',
    phoneKey: '+421',
    numbers: [
      ['0912 123 456', '+421912123456'],
      ['02/123 456 78', '+421212345678'],
    ],
  },
  {
    country: 'SI',
    phoneKey: '+386',
    numbers: [
      ['031 234 567', '+38631234567'],
      ['01 234 56 78', '+38612345678'],
    ],
  },
  {
    country: 'ES',
    phoneKey: '+34',
    numbers: [
      ['612 345 678', '+34612345678'],
      ['912 345 678', '+34912345678'],
    ],
  },
  {
    country: 'SE',
    phoneKey: '+46',
    numbers: [
      ['070-123 45 67', '+46701234567'],
      ['08-123 456 78', '+46812345678'],
    ],
  },
];

/** Numbers no country's plan has: too short, too long, a national number with the wrong leading digits. */
export const INVALID_PHONE_NUMBERS: [country: string, phoneKey: string, phone: string][] = [
  ['IN', '+91', '98765'],
  ['US', '+1', '555 0100'],
  ['US', '+1', '(011) 555-0123'],
  ['DE', '+49', '030 12'],
  ['ES', '+34', '412 345 678'],
  ['DK', '+45', '32 12 34 5'],
  ['FR', '+33', '01 23 45 67 89 10'],
  ['GB', '+44', '+44 1234'],
  ['IN', '+91', '98765-4321x'],
  ['DE', '+49', 'call 030 123456'],
];
