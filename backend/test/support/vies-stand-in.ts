import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How long the store waits for the stand-in's answer in tests (VAT_VALIDATION_TIMEOUT_MS). */
export const VIES_WAIT_MS = 5_000;

/** What the store sends to VIES's check-vat-number: the number split into prefix and rest, and the seller. */
export interface ViesCheckRequest {
  countryCode?: string;
  vatNumber?: string;
  requesterMemberStateCode?: string;
  requesterNumber?: string;
}

/** What VIES discloses of a registered number's business; left out: not disclosed ('---', as several states do). */
export interface ViesRegistration {
  name?: string;
  address?: string;
}

export interface ViesStandInOptions {
  /**
   * Numbers registered for VAT, with their prefix (`FR40303265045`), whose member state discloses no name
   * or address; any number neither here nor in `registered` is answered valid:false.
   */
  valid?: string[];
  /** Numbers registered for VAT with the name and address VIES gives for them. */
  registered?: Record<string, ViesRegistration>;
  /** Numbers whose member state is not answering: VIES's MS_UNAVAILABLE error, with HTTP 200 as VIES sends it. */
  unavailable?: string[];
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => resolve(body));
  });

/**
 * A local stand-in for the part of VIES's REST API the store uses (POST `<base>/check-vat-number`), so the
 * checkout's VAT-number check runs end to end without the network. Its answers have VIES's shape: a
 * verdict `{countryCode, vatNumber, requestDate, valid, requestIdentifier, name, address}` (a consultation
 * number only when a requester is named), or an error `{actionSucceed: false, errorWrappers: [{error,
 * message}]}`. `down()` makes it answer 500 with SERVICE_UNAVAILABLE; `delayMs`, answer late. Only
 * node's own modules, so the Playwright journeys import it as they import the Stripe stand-in.
 */
export class ViesStandIn {
  /** Every check it was asked for, in order. */
  readonly requests: ViesCheckRequest[] = [];
  /** How long it takes to answer (a slow service, past the store's timeout). */
  delayMs = 0;
  private readonly registered: Map<string, ViesRegistration>;
  private readonly unavailable: Set<string>;
  private failing = false;
  private readonly server: Server = createServer((req, res) => void this.handle(req, res));

  private constructor(options: ViesStandInOptions) {
    this.registered = new Map([
      ...(options.valid ?? []).map((vatNumber): [string, ViesRegistration] => [vatNumber, {}]),
      ...Object.entries(options.registered ?? {}),
    ]);
    this.unavailable = new Set(options.unavailable ?? []);
  }

  static async start(options: ViesStandInOptions = {}): Promise<ViesStandIn> {
    const standIn = new ViesStandIn(options);
    await new Promise<void>((resolve) => standIn.server.listen(0, '127.0.0.1', resolve));
    return standIn;
  }

  /** The base to set as VAT_VALIDATION_URL, with a path as VIES's own has. */
  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/vies/rest-api`;
  }

  /**
   * The store's settings that point it here. The stand-in answers at once, yet under CI's lanes a request to
   * it took more than the store's 3 s (a registered number then came out unverified): the store waits
   * VIES_WAIT_MS for it.
   */
  env(): Record<string, string> {
    return { VAT_VALIDATION_URL: this.url, VAT_VALIDATION_TIMEOUT_MS: String(VIES_WAIT_MS) };
  }

  /** The whole service fails (HTTP 500) until up(). */
  down(): void {
    this.failing = true;
  }

  up(): void {
    this.failing = false;
  }

  close(): Promise<void> {
    // Answers still being delayed are cut off, so a test never waits for them.
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req);
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    };
    const error = (status: number, code: string, message: string) =>
      send(status, { actionSucceed: false, errorWrappers: [{ error: code, message }] });
    if (req.method !== 'POST' || req.url !== '/vies/rest-api/check-vat-number')
      return error(404, 'NOT_FOUND', `No such route ${req.method} ${req.url}`);
    let request: ViesCheckRequest;
    try {
      request = JSON.parse(raw) as ViesCheckRequest;
    } catch {
      return error(400, 'INVALID_INPUT', 'The request is not JSON');
    }
    this.requests.push(request);
    // Unreferenced: an answer still being delayed when the tests end does not hold their process open.
    if (this.delayMs) await new Promise((resolve) => setTimeout(resolve, this.delayMs).unref());
    if (this.failing) return error(500, 'SERVICE_UNAVAILABLE', 'Stand-in outage');
    const { countryCode, vatNumber } = request;
    if (!countryCode || !vatNumber)
      return error(400, 'INVALID_INPUT', 'countryCode and vatNumber are required');
    const full = `${countryCode}${vatNumber}`;
    if (this.unavailable.has(full))
      return error(200, 'MS_UNAVAILABLE', 'The application at the Member State is not replying');
    const registration = this.registered.get(full);
    const valid = registration !== undefined;
    const requester = request.requesterMemberStateCode && request.requesterNumber;
    send(200, {
      countryCode,
      vatNumber,
      requestDate: new Date().toISOString(),
      valid,
      requestIdentifier: valid && requester ? `WAPI${randomBytes(6).toString('hex').toUpperCase()}` : '',
      name: registration?.name ?? '---',
      address: registration?.address ?? '---',
    });
  }
}
