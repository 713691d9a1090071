import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BadRequestException } from '@nestjs/common';
import { ViesStandIn } from '../../test/support/vies-stand-in.js';
import type { AppConfig } from '../config/app-config.js';
import { taxConfig } from '../config/tax-config.js';
import { VatNumberChecker } from './vat-numbers.service.js';

/** The company and postcode typed at checkout. */
const ACME = { company: 'Acme S.A.R.L.', zipCode: '75002' };

const checker = (env: Record<string, string>) =>
  new VatNumberChecker({ tax: taxConfig({ TAX_MODE: 'exclusive', ...env }, []) } as AppConfig);

describe('VatNumberChecker against the local VIES stand-in', () => {
  let vies: ViesStandIn;
  beforeAll(
    async () =>
      (vies = await ViesStandIn.start({
        registered: { FR40303265045: { name: 'ACME SARL', address: '8 RUE DE LA PAIX\n75002 PARIS' } },
        valid: ['EL094259216'],
      })),
  );
  afterAll(() => vies.close());

  it('verifies a registered number, with the consultation number VIES gives the seller’s request', async () => {
    const check = await checker({ ...vies.env(), SELLER_VAT_NUMBER: 'EL 094259216' }).check(
      'FR40303265045',
      'FR',
      ACME,
    );
    expect(check).toEqual({
      status: 'verified',
      reference: expect.stringMatching(/^WAPI/),
      checkedAt: expect.any(Date),
      nameMatch: 'match',
      answer: {
        valid: true,
        name: 'ACME SARL',
        address: '8 RUE DE LA PAIX\n75002 PARIS',
        requestDate: expect.any(String),
        requestIdentifier: check.reference,
        addressHasPostcode: true,
      },
    });
    expect(vies.requests.at(-1)).toEqual({
      countryCode: 'FR',
      vatNumber: '40303265045',
      requesterMemberStateCode: 'EL',
      requesterNumber: '094259216',
    });
    // The seller's non-Union One-Stop-Shop number is not an EU member state's: no requester, no reference.
    const noRequester = await checker({ ...vies.env(), SELLER_VAT_NUMBER: 'EU372000041' }).check(
      'FR40303265045',
      'FR',
      ACME,
    );
    expect(noRequester).toMatchObject({ status: 'verified', reference: null });
    expect(vies.requests.at(-1)).toEqual({ countryCode: 'FR', vatNumber: '40303265045' });
  });

  it('tells another company’s name, and a member state that gives none', async () => {
    const other = await checker(vies.env()).check('FR40303265045', 'FR', {
      company: 'Someone Else',
      zipCode: '13001',
    });
    expect(other).toMatchObject({
      status: 'verified',
      nameMatch: 'mismatch',
      answer: { name: 'ACME SARL', addressHasPostcode: false },
    });
    const undisclosed = await checker(vies.env()).check('EL094259216', 'GR', ACME);
    expect(undisclosed).toMatchObject({
      status: 'verified',
      nameMatch: 'undisclosed',
      answer: { name: null, address: null, addressHasPostcode: null },
    });
  });

  it('refuses a number VIES does not know with a 400', async () => {
    await expect(checker(vies.env()).check('FR89380129866', 'FR', ACME)).rejects.toThrow(BadRequestException);
  });

  it('sends no malformed number: one the checkout did not validate is a bug', async () => {
    const asked = vies.requests.length;
    await expect(checker(vies.env()).check('FR40303265046', 'FR', ACME)).rejects.toThrow(RangeError);
    expect(vies.requests.length).toBe(asked);
  });
});

describe('VatNumberChecker with a service that answers nonsense', () => {
  let body = '';
  let server: Server;
  let url: string;
  beforeAll(async () => {
    server = createServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(body),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it.each(['null', '<html>Maintenance</html>', '{"valid":"yes"}', '{"errorWrappers":"busy"}', '7'])(
    'takes %s as no verdict: unverified',
    async (answer) => {
      body = answer;
      await expect(checker({ VAT_VALIDATION_URL: url }).check('FR40303265045', 'FR', ACME)).resolves.toEqual({
        status: 'unverified',
        reference: null,
        checkedAt: null,
        nameMatch: null,
        answer: null,
      });
    },
  );

  it('asks nothing without a service, nor for a UK number', async () => {
    body = '{"valid":true}';
    expect(await checker({}).check('FR40303265045', 'FR', ACME)).toMatchObject({ status: 'unverified' });
    expect(await checker({ VAT_VALIDATION_URL: url }).check('GB980780684', 'GB', ACME)).toMatchObject({
      status: 'unverified',
    });
    // The same service verifies an EU number: it was the UK number that was not sent.
    expect(await checker({ VAT_VALIDATION_URL: url }).check('FR40303265045', 'FR', ACME)).toMatchObject({
      status: 'verified',
    });
  });
});
