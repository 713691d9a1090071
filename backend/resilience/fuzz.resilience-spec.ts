// A property-based fuzzer driven by the server's own OpenAPI document: every public and admin operation
// gets requests built from its request schema and then deliberately broken (wrong types, missing and
// extra fields, huge strings, deep nesting, prototype-pollution keys, invalid JSON, wrong content types,
// odd query strings and path parameters). Whatever arrives, the store answers below 500, every error is
// JSON {statusCode, message, error} with nothing of its insides, and it behaves normally afterwards.
//
// Deterministic: FUZZ_SEED (default below) seeds every operation's run; FUZZ_RUNS sets the runs per
// operation. A failure prints the seed, the path in the run and the smallest failing request.
import fc from 'fast-check';
import Stripe from 'stripe';
import { BILLING, STANDARD } from '../test/support/checkout.js';
import {
  clientAddress,
  errorAnswerProblems,
  rawRequest,
  requestAnsweredEarly,
  type RawAnswer,
} from './support/answers.js';
import { recordFigures } from './support/figures.js';
import { DRIVER, StoreHarness } from './support/store-process.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_121);
const RUNS_PER_OPERATION = Number(process.env.FUZZ_RUNS ?? 24);
const MIN_REQUESTS = 1000;
const ONE_MB = 1024 * 1024;

type Schema = {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: unknown[];
  example?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
};
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema?: Schema;
}
interface Operation {
  method: string;
  template: string;
  admin: boolean;
  parameters: Parameter[];
  /** Request body media types and schemas, when the operation takes a body. */
  body?: Record<string, { schema?: Schema }>;
  /** The largest body it takes, in bytes: the server's 1 MB unless the operation states its own. */
  bodyLimit: number;
}
interface OpenApi {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { content: Operation['body'] };
        security?: unknown[];
        'x-body-limit'?: number;
      }
    >
  >;
  components: { schemas: Record<string, Schema> };
}

/** One request the fuzzer sends. */
interface FuzzRequest {
  path: string;
  headers: Record<string, string>;
  body?: string;
  what: string;
}

let requests = 0;
let serverErrors = 0;
/** Answers by status, printed at the end: most should be 2xx or 400s from validation, few 429s. */
const statuses = new Map<number, number>();

/** An answer as compared before and after the fuzzing: an error's requestId differs by nature. */
/**
 * An answer without what legitimately differs between two reads: its request id, and the catalogue's stock
 * levels (the fuzzer's checkouts take keys, so "in stock" may become "low stock").
 */
function withoutRequestId(text: string): string {
  return text.replace(/,"requestId":"[^"]*"/, '').replace(/"stockLevel":"[a-z_]+"/g, '"stockLevel":"…"');
}
describe(`fuzzing every operation from the OpenAPI document (${DRIVER})`, () => {
  let h: StoreHarness;
  let doc: OpenApi;
  let operations: Operation[];
  let admin: string;
  let logoutToken: string;
  /** Real ids for each path template's parameter, so some requests reach past the 404s. */
  const realIds = new Map<string, string>();
  let ownAdminId = 0;
  const baselines: { path: string; init: RequestInit; status: number; body: string }[] = [];

  const send = async (method: string, req: FuzzRequest): Promise<RawAnswer> => {
    requests++;
    const res = await rawRequest(h, method, req.path, { headers: req.headers, body: req.body });
    if (res.status >= 500) serverErrors++;
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    return res;
  };

  /** Fails (with the request, for fast-check's report) on a 5xx or a badly shaped error. */
  const check = (method: string, req: FuzzRequest, res: RawAnswer, expectStatus?: number) => {
    const problems = res.status >= 400 ? errorAnswerProblems(res) : [];
    if (expectStatus !== undefined && res.status !== expectStatus)
      problems.push(`status ${res.status}, expected ${expectStatus}`);
    if (problems.length) {
      throw new Error(
        `${method} ${req.path.slice(0, 300)} (${req.what}) -> ${res.status}: ${problems.join('; ')}\n` +
          `request body: ${(req.body ?? '').slice(0, 300)}\nanswer: ${res.text.slice(0, 500)}`,
      );
    }
  };

  beforeAll(async () => {
    process.stdout.write(`fuzz seed ${SEED} (FUZZ_SEED), ${RUNS_PER_OPERATION} runs per operation\n`);
    h = await StoreHarness.start();
    admin = await h.adminAuth();
    const docRes = await h.request('GET', '/api/docs-json', { headers: { authorization: admin } });
    expect(docRes.status).toBe(200);
    doc = docRes.body as OpenApi;
    operations = Object.entries(doc.paths).flatMap(([template, ops]) =>
      Object.entries(ops).map(([method, op]) => ({
        method: method.toUpperCase(),
        template,
        admin: template.startsWith('/api/admin/') && !template.startsWith('/api/admin/login'),
        parameters: op.parameters ?? [],
        body: op.requestBody?.content,
        bodyLimit: op['x-body-limit'] ?? ONE_MB,
      })),
    );

    // Something of every kind to point path parameters at: a paid order (keys, links, e-mails), a
    // contact message, a coupon, and staff accounts the fuzzer may change or delete (never its own).
    const xff = { 'x-forwarded-for': '10.99.0.1' };
    const intent = await h.request('POST', '/api/create-payment-intent', {
      json: { cartItems: [{ id: STANDARD, quantity: 1 }], billing: BILLING },
      headers: xff,
    });
    expect(intent.status).toBe(201);
    const { orderId, clientSecret } = intent.body as { orderId: string; clientSecret: string };
    // Keys to deliver, then the demo payment.
    const imported = await rawRequest(h, 'POST', '/api/admin/license-keys/import', {
      headers: { authorization: admin, 'content-type': 'text/csv' },
      body: `productId,licenseKey\n${STANDARD},FUZZA-AAAAA-BBBBB-CCCCC-00001\n${STANDARD},FUZZA-AAAAA-BBBBB-CCCCC-00002\n`,
    });
    expect(imported.status).toBe(200);
    expect(
      (
        await h.request('POST', '/api/payments/demo/confirm', {
          json: { orderId, clientSecret },
          headers: xff,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await h.request('POST', '/api/contact', {
          json: {
            name: 'Jane',
            email: 'jane@example.com',
            subject: 'Hi',
            category: 'general',
            message: 'Hello',
          },
          headers: xff,
        })
      ).status,
    ).toBe(201);
    const me = await h.request('GET', '/api/admin/me', { headers: { authorization: admin } });
    ownAdminId = (me.body as { id: number }).id;
    const victim = await h.request('POST', '/api/admin/staff', {
      json: { username: 'fuzz-victim', password: 'tangerine-harbour-lamp', role: 'support' },
      headers: { authorization: admin },
    });
    expect(victim.status).toBe(201);
    // Signing out ends every session of the user: the fuzzer signs out as a user of its own.
    await h.request('POST', '/api/admin/staff', {
      json: { username: 'fuzz-logout', password: 'copper-lantern-meadow', role: 'admin' },
      headers: { authorization: admin },
    });
    const login = await h.request('POST', '/api/admin/login', {
      json: { username: 'fuzz-logout', password: 'copper-lantern-meadow' },
      headers: { 'x-forwarded-for': '10.99.0.2' },
    });
    logoutToken = `Bearer ${(login.body as { token: string }).token}`;

    for (const op of operations) {
      const match = /^\/api\/admin\/([a-z-]+)\/\{id\}/.exec(op.template);
      if (match && !realIds.has(op.template)) {
        if (match[1] === 'staff') {
          realIds.set(op.template, String((victim.body as { id: number }).id));
          continue;
        }
        const list = await h.request('GET', `/api/admin/${match[1]}`, { headers: { authorization: admin } });
        const first = (list.body as { id: string | number }[])[0];
        if (first) realIds.set(op.template, String(first.id));
      }
    }
    realIds.set('/api/products/{id}', STANDARD);
    realIds.set('/api/orders/{id}/status', orderId);

    // Normal requests whose answers must be the same after the fuzzing (no pollution, nothing broken).
    const normal: [string, RequestInit][] = [
      ['/api/products', {}],
      ['/api/store-config', {}],
      ['/api/health', {}],
      [
        '/api/coupons/validate',
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.98.0.1' },
          body: '{}',
        },
      ],
      [
        '/api/coupons/validate',
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.98.0.2' },
          body: '{"code":"NO-SUCH-CODE"}',
        },
      ],
      [
        '/api/licenses/validate',
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.98.0.3' },
          body: '{"licenseKey":"ZZZZZ-ZZZZZ-ZZZZZ-ZZZZZ-ZZZZZ"}',
        },
      ],
      [`/api/admin/orders?filter={"q":"nobody-matches-this"}`, { headers: { authorization: admin } }],
      [`/api/admin/orders?range=[0,a]`, { headers: { authorization: admin } }],
      ['/api/admin/me', { headers: { authorization: admin } }],
    ];
    for (const [path, init] of normal) {
      const res = await fetch(`${h.url}${path}`, init);
      baselines.push({ path, init, status: res.status, body: withoutRequestId(await res.text()) });
    }
  });

  afterAll(async () => {
    recordFigures('fuzz', { requests, serverErrors });
    await h?.close();
  });

  // ---------------------------------------------------------------- arbitraries from the schemas

  const deref = (schema: Schema | undefined): Schema => {
    if (!schema) return {};
    if (schema.$ref) return deref(doc.components.schemas[schema.$ref.split('/').pop()!]);
    if (schema.allOf?.length) return deref(schema.allOf[0]);
    return schema;
  };

  /** Values the schema allows (examples first: they are the likeliest to pass the validators). */
  const validValue = (schema0: Schema | undefined, depth = 0): fc.Arbitrary<unknown> => {
    const schema = deref(schema0);
    const alternatives = schema.oneOf ?? schema.anyOf;
    if (alternatives?.length) return fc.oneof(...alternatives.map((s) => validValue(s, depth)));
    if (schema.enum?.length) return fc.constantFrom(...schema.enum);
    let typed: fc.Arbitrary<unknown>;
    switch (schema.type) {
      case 'string':
        typed =
          schema.format === 'uuid'
            ? fc.uuid()
            : schema.format === 'date-time'
              ? fc
                  .date({ min: new Date('2020-01-01'), max: new Date('2035-01-01'), noInvalidDate: true })
                  .map((d) => d.toISOString())
              : schema.format === 'email'
                ? fc.emailAddress()
                : fc.string({
                    minLength: Math.min(schema.minLength ?? 0, 40),
                    maxLength: Math.min(schema.maxLength ?? 40, 40),
                  });
        break;
      case 'integer':
      case 'number':
        typed = fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000 });
        break;
      case 'boolean':
        typed = fc.boolean();
        break;
      case 'array':
        typed = depth > 3 ? fc.constant([]) : fc.array(validValue(schema.items, depth + 1), { maxLength: 3 });
        break;
      case 'object':
      default:
        if (schema.properties && depth <= 3) {
          const model = Object.fromEntries(
            Object.entries(schema.properties).map(([k, v]) => [k, validValue(v, depth + 1)]),
          );
          typed = fc.record(model, { requiredKeys: schema.required ?? [] });
        } else typed = fc.jsonValue({ maxDepth: 2 });
    }
    return schema.example === undefined
      ? typed
      : fc.oneof({ arbitrary: fc.constant(schema.example), weight: 3 }, { arbitrary: typed, weight: 1 });
  };

  /** Values no field of the API accepts in that place, or that stress it. */
  const oddValue = (): fc.Arbitrary<unknown> =>
    fc.oneof(
      fc.constantFrom(
        null,
        true,
        false,
        0,
        -1,
        1e308,
        -1e308,
        2 ** 53 + 1,
        1.5,
        '',
        ' ',
        '0',
        'NaN',
        'Infinity',
      ),
      fc.constantFrom('1e309', '-0', '0x1f', '[]', '{}', 'null', "' OR 1=1 --", '<script>alert(1)</script>'),
      fc.constantFrom('\u0000', '\ud800', '\u202e', 'A'.repeat(70_000), '%00', '../../../../etc/passwd'),
      fc.string({ unit: 'binary', maxLength: 60 }),
      fc.integer(),
      fc.double(),
      fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }),
      fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
    );

  const nested = (levels: number, kind: 'array' | 'object') =>
    kind === 'array'
      ? `${'['.repeat(levels)}1${']'.repeat(levels)}`
      : `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

  const POLLUTION = [
    '{"__proto__":{"polluted":"yes","role":"admin","isAdmin":true}}',
    '{"constructor":{"prototype":{"polluted":"yes","role":"admin"}}}',
    '{"__proto__":null}',
    '{"prototype":{"polluted":"yes"}}',
  ];
  const INVALID_JSON = [
    '{',
    '{"a":',
    "{'a':1}",
    '{"a":1,}',
    'NaN',
    'undefined',
    '{"a":1}{"b":2}',
    '\u0000',
    '[1,2',
    '{"a":"\\u12"}',
    '{"a":01}',
  ];

  /** JSON text for an object schema: mostly valid, then broken in every way the fuzzer knows. */
  const jsonBody = (schema0: Schema | undefined): fc.Arbitrary<{ text: string; what: string }> => {
    const schema = deref(schema0);
    const valid = validValue(schema).map((v) =>
      v && typeof v === 'object' ? (v as Record<string, unknown>) : {},
    );
    const fields = Object.keys(schema.properties ?? {});
    const field = fields.length ? fc.constantFrom(...fields) : fc.constant('field');
    const required = schema.required?.length ? fc.constantFrom(...schema.required) : field;
    const text = (v: unknown) => JSON.stringify(v);
    return fc.oneof(
      { weight: 3, arbitrary: valid.map((v) => ({ text: text(v), what: 'from the schema' })) },
      {
        weight: 3,
        arbitrary: fc
          .tuple(valid, field, oddValue())
          .map(([v, k, odd]) => ({ text: text({ ...v, [k]: odd }), what: `odd ${k}` })),
      },
      {
        weight: 2,
        arbitrary: fc.tuple(valid, required).map(([v, k]) => {
          const copy = { ...v };
          delete copy[k];
          return { text: text(copy), what: `missing ${k}` };
        }),
      },
      {
        weight: 2,
        arbitrary: fc
          .tuple(valid, fc.string({ minLength: 1, maxLength: 20 }), fc.jsonValue({ maxDepth: 2 }))
          .map(([v, k, extra]) => ({ text: text({ ...v, [k]: extra }), what: `extra ${k}` })),
      },
      {
        weight: 1,
        arbitrary: fc
          .tuple(valid, field, fc.integer({ min: 10_000, max: 900_000 }))
          .map(([v, k, n]) => ({ text: text({ ...v, [k]: 'x'.repeat(n) }), what: `huge ${k} (${n})` })),
      },
      {
        weight: 1,
        arbitrary: fc
          .tuple(
            valid,
            field,
            fc.integer({ min: 20, max: 20_000 }),
            fc.constantFrom('array', 'object' as const),
          )
          .map(([v, k, levels, kind]) => ({
            text: text({ ...v, [k]: '__DEEP__' }).replace('"__DEEP__"', nested(levels, kind as 'array')),
            what: `${k} nested ${levels} deep`,
          })),
      },
      {
        weight: 2,
        arbitrary: fc.tuple(valid, fc.constantFrom(...POLLUTION), fc.option(field)).map(([v, poison, k]) => {
          const base = text(k === null ? v : { ...v, [k]: '__POISON__' });
          return {
            text:
              k === null
                ? base.replace(/^\{/, `${poison.slice(0, -1)}${base === '{}' ? '' : ','}`)
                : base.replace('"__POISON__"', poison),
            what: `prototype pollution ${k ?? 'at the root'}`,
          };
        }),
      },
      {
        weight: 1,
        arbitrary: fc
          .constantFrom('null', '[]', '[{}]', '"text"', '42', 'true', '{}')
          .map((t) => ({ text: t, what: 'another JSON root' })),
      },
      {
        weight: 1,
        arbitrary: fc
          .oneof(fc.constantFrom(...INVALID_JSON), fc.string({ unit: 'binary', maxLength: 80 }))
          .map((t) => ({ text: t, what: 'invalid JSON' })),
      },
    );
  };

  const CSV_HEADER = 'productId,licenseKey,activationLimit';
  const csvBody = (): fc.Arbitrary<{ text: string; what: string }> =>
    fc.oneof(
      fc
        .array(
          fc.tuple(
            fc.constantFrom(STANDARD, 'no-such-product', '', '"quoted, product"'),
            fc.oneof(fc.stringMatching(/^[A-Z0-9]{5}(-[A-Z0-9]{5}){4}$/), fc.string({ maxLength: 40 })),
            fc.oneof(
              fc.constant(''),
              fc.integer({ min: -5, max: 2_000_000 }).map(String),
              fc.string({ maxLength: 5 }),
            ),
          ),
          { maxLength: 6 },
        )
        .map((rows) => ({
          text: [CSV_HEADER, ...rows.map((r) => r.join(','))].join('\n'),
          what: `CSV of ${rows.length} rows`,
        })),
      fc
        .constantFrom(
          '',
          '\n\n',
          'a,b,c\n1,2,3',
          '"unterminated\n',
          `${CSV_HEADER}\n${'x,'.repeat(5000)}`,
          '\u0000\u0001',
        )
        .map((text) => ({ text, what: 'odd CSV' })),
      fc.string({ unit: 'binary', maxLength: 200 }).map((text) => ({ text, what: 'random text as CSV' })),
    );

  const multipart = (content: string, variant: number) => {
    const b = 'fuzzboundary';
    const part = `--${b}\r\nContent-Disposition: form-data; name="file"; filename="keys.csv"\r\nContent-Type: text/csv\r\n\r\n${content}\r\n`;
    const body = [
      `${part}--${b}--\r\n`,
      `${part}${part}--${b}--\r\n`, // two files
      `--${b}\r\nContent-Disposition: form-data; name="field"\r\n\r\nvalue\r\n--${b}--\r\n`, // no file
      part, // never closed
      `garbage without any boundary`,
    ][variant]!;
    return { body, contentType: `multipart/form-data; boundary=${b}` };
  };

  const pathParam = (op: Operation, param: Parameter): fc.Arbitrary<string> => {
    const real = realIds.get(op.template);
    return fc
      .oneof(
        { weight: real ? 4 : 0, arbitrary: fc.constant(real ?? '') },
        { weight: 1, arbitrary: fc.uuid() },
        { weight: 1, arbitrary: fc.integer({ min: -10, max: 10 ** 12 }).map(String) },
        { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 40 }) },
        {
          weight: 1,
          arbitrary: fc.constantFrom(
            '0',
            '-1',
            '1e309',
            '9'.repeat(400),
            'NaN',
            'null',
            '../../etc/passwd',
            '..',
            '%00',
            '__proto__',
            'constructor',
            'A'.repeat(3000),
            ' ',
            "1' OR '1'='1",
          ),
        },
      )
      .filter((v) => v !== '' && !(op.template.startsWith('/api/admin/staff/') && v === String(ownAdminId)))
      .map((v) => `${param.name}=${encodeURIComponent(v)}`);
  };

  const queryValue = (param: Parameter): fc.Arbitrary<string | null> =>
    fc.oneof(
      {
        weight: 2,
        arbitrary: validValue(param.schema).map((v) => (typeof v === 'string' ? v : JSON.stringify(v))),
      },
      { weight: 1, arbitrary: fc.constant(null) },
      {
        weight: 3,
        arbitrary: fc.oneof(
          fc.constantFrom(
            '[',
            '["createdAt"]',
            '["nope","ASC"]',
            '["createdAt","SIDEWAYS"]',
            '[0]',
            '[5,1]',
            '[-1,10]',
            '[0,1e308]',
            '[0,100000]',
            '["a","b"]',
            '{"__proto__":{"polluted":"yes"}}',
            '{"constructor":{"prototype":{"x":1}}}',
            '{"q":{"$ne":null}}',
            '{"id":[]}',
            '{"id":["x",1,null]}',
            '{"status":["a"]}',
            '{"q":"%"}',
            '{"q":"_"}',
            '{"createdAt":"x"}',
            'null',
            '"str"',
            '1',
            '',
            'A'.repeat(10_000),
          ),
          fc.string({ maxLength: 40 }),
          fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
        ),
      },
    );

  const EXTRA_QUERY = [
    '',
    '',
    '',
    '&__proto__[polluted]=yes',
    '&constructor[prototype][polluted]=yes',
    '&__proto__=x',
    '&sort=a&sort=b',
    '&range=[0,1]&range=[2,3]',
    '&x=%ZZ',
    '&%E0%A4%A=1',
    '&a[b][c][d][e]=1',
    `&pad=${'x'.repeat(4000)}`,
    '&=&&==',
  ];

  const headerText = fc.string({ maxLength: 60 }).filter((s) => /^[\x20-\x7e]*$/.test(s));

  const CONTENT_TYPES = [
    'application/json; charset=utf-8',
    'text/plain',
    'application/xml',
    'application/x-www-form-urlencoded',
    'application/octet-stream',
    'application/json; charset=iso-8859-1',
    'application/vnd.api+json',
    'text/csv',
    'multipart/form-data; boundary=nothing',
    '',
  ];

  /** Every request the fuzzer may build for one operation. */
  const requestFor = (op: Operation): fc.Arbitrary<FuzzRequest> => {
    const pathParams = op.parameters.filter((p) => p.in === 'path');
    const queryParams = op.parameters.filter((p) => p.in === 'query');
    const headerParams = op.parameters.filter((p) => p.in === 'header' && p.name !== 'authorization');
    const media = op.body ? Object.keys(op.body) : [];
    const takesCsv = media.includes('text/csv');
    const jsonSchema = op.body?.['application/json']?.schema;

    const bodyArb: fc.Arbitrary<{ body?: string; contentType?: string; what: string }> = !op.body
      ? fc.constant({ what: 'no body' })
      : takesCsv
        ? fc.oneof(
            csvBody().map((b) => ({ body: b.text, contentType: 'text/csv', what: b.what })),
            fc.tuple(csvBody(), fc.integer({ min: 0, max: 4 })).map(([b, v]) => {
              const m = multipart(b.text, v);
              return { body: m.body, contentType: m.contentType, what: `multipart ${v}: ${b.what}` };
            }),
            jsonBody(undefined).map((b) => ({ body: b.text, contentType: 'application/json', what: b.what })),
          )
        : fc.oneof(
            {
              weight: 8,
              arbitrary: jsonBody(jsonSchema).map((b) => ({
                body: b.text,
                contentType: 'application/json',
                what: b.what,
              })),
            },
            {
              weight: 2,
              arbitrary: fc
                .tuple(jsonBody(jsonSchema), fc.constantFrom(...CONTENT_TYPES))
                .map(([b, type]) => ({
                  body: b.text,
                  contentType: type,
                  what: `${b.what} as ${type || 'no type'}`,
                })),
            },
            {
              weight: 1,
              arbitrary: fc.constant({ body: '', contentType: 'application/json', what: 'empty JSON body' }),
            },
          );

    return fc
      .record({
        path: fc.tuple(...pathParams.map((p) => pathParam(op, p))),
        query: fc.tuple(...queryParams.map((p) => queryValue(p))),
        extraQuery: fc.constantFrom(...EXTRA_QUERY),
        headerValues: fc.tuple(
          ...headerParams.map(() =>
            fc.oneof(
              fc.constant(null),
              headerText,
              fc.constantFrom('no-cache', 'A'.repeat(300), 'x'.repeat(8)),
            ),
          ),
        ),
        body: bodyArb,
        client: fc.integer({ min: 1, max: 2 ** 24 - 1 }),
        auth: fc.oneof(
          { weight: 12, arbitrary: fc.constant('token') },
          { weight: 1, arbitrary: fc.constantFrom('', 'Bearer', 'Bearer x.y.z', 'Basic YWRtaW46YWRtaW4=') },
        ),
      })
      .map(({ path, query, extraQuery, headerValues, body, client, auth }) => {
        let url = op.template;
        for (const [i, p] of pathParams.entries()) url = url.replace(`{${p.name}}`, path[i]!.split('=')[1]!);
        const qs = queryParams
          .map((p, i) => (query[i] === null ? '' : `${p.name}=${encodeURIComponent(query[i]!)}`))
          .filter(Boolean)
          .join('&');
        const search = `${qs}${extraQuery}`.replace(/^&/, '');
        const headers: Record<string, string> = { 'x-forwarded-for': clientAddress(client) };
        for (const [i, p] of headerParams.entries())
          if (headerValues[i] !== null) headers[p.name] = headerValues[i]!;
        if (op.admin || op.template === '/api/account/orders') {
          const token = op.template === '/api/admin/logout' ? logoutToken : admin;
          if (auth === 'token') headers.authorization = token;
          else if (auth) headers.authorization = auth;
        }
        if (body.contentType) headers['content-type'] = body.contentType;
        const req: FuzzRequest = {
          path: search ? `${url}?${search}` : url,
          headers,
          body: body.body,
          what: body.what,
        };
        // fast-check prints counterexamples with this: a few hundred characters, not a megabyte.
        return Object.assign(req, {
          [fc.toStringMethod]: () =>
            `${op.method} ${req.path.slice(0, 200)} (${req.what}) ${JSON.stringify(req.headers).slice(0, 200)} ${(req.body ?? '').slice(0, 200)}`,
        });
      });
  };

  // ---------------------------------------------------------------- the properties

  it('finds the operations in the OpenAPI document, public and admin', () => {
    expect(operations.length).toBeGreaterThan(40);
    expect(operations.filter((op) => op.admin).length).toBeGreaterThan(25);
    expect(operations.filter((op) => !op.admin).length).toBeGreaterThan(10);
    expect(operations.filter((op) => op.body).length).toBeGreaterThan(15);
  });

  it(`answers at least ${MIN_REQUESTS} generated requests below 500, every error in the JSON shape`, async () => {
    for (const [index, op] of operations.entries()) {
      await fc.assert(
        fc.asyncProperty(requestFor(op), async (req) => {
          const res = await send(op.method, req);
          check(op.method, req, res);
          // The admin token must survive everything but its own sign-out (no fuzzed change may end it).
          if (op.admin && op.template !== '/api/admin/logout' && req.headers.authorization === admin)
            if (res.status === 401)
              throw new Error(`${op.method} ${req.path}: the admin token stopped working`);
        }),
        { seed: SEED + index, numRuns: RUNS_PER_OPERATION },
      );
    }
    expect(requests).toBeGreaterThanOrEqual(MIN_REQUESTS);
  });

  it('refuses every body over its limit (1 MB unless the operation states one) with a JSON 413, by Content-Length or streamed', async () => {
    for (const op of operations.filter((o) => o.body)) {
      const type = op.body!['application/json'] ? 'application/json' : 'text/csv';
      const over = op.bodyLimit + 10;
      const big =
        type === 'application/json' ? `{"x":"${'a'.repeat(over)}"}` : `${CSV_HEADER}\n${'A'.repeat(over)}`;
      const headers = {
        'content-type': type,
        'x-forwarded-for': clientAddress(requests + 7),
        authorization: admin,
      };
      const req = {
        path: op.template.replace(/\{[^}]+\}/g, '1'),
        headers,
        body: big,
        what: 'over its limit',
      };
      const bySize = await requestAnsweredEarly(h, op.method, req.path, headers, Buffer.from(big));
      requests++;
      if (bySize.status >= 500) serverErrors++;
      check(op.method, req, bySize, 413);

      // Without a Content-Length: the limit is enforced on the bytes as they arrive.
      const streamed = await requestAnsweredEarly(
        h,
        op.method,
        req.path,
        { ...headers, 'content-type': 'application/json' },
        Buffer.from(`{"x":"${'a'.repeat(over)}"}`),
        { chunked: true, limit: op.bodyLimit },
      );
      requests++;
      if (streamed.status >= 500) serverErrors++;
      check(op.method, { ...req, what: 'over its limit, streamed' }, streamed, 413);
    }
  });

  it('answers the methods a path does not document with a JSON 404', async () => {
    const templates = [...new Set(operations.map((op) => op.template))];
    for (const template of templates) {
      const documented = new Set(operations.filter((op) => op.template === template).map((op) => op.method));
      for (const method of ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'].filter((m) => !documented.has(m))) {
        const req: FuzzRequest = {
          path: template.replace(/\{[^}]+\}/g, realIds.get(template) ?? '1'),
          headers: {
            authorization: admin,
            'content-type': 'application/json',
            'x-forwarded-for': '10.97.0.1',
          },
          body: method === 'GET' ? undefined : '{}',
          what: 'undocumented method',
        };
        check(method, req, await send(method, req), 404);
      }
    }
  });

  it('is healthy afterwards and answers normal requests exactly as before (no pollution)', async () => {
    for (const base of baselines) {
      requests++;
      const res = await fetch(`${h.url}${base.path}`, base.init);
      expect({ path: base.path, status: res.status, body: withoutRequestId(await res.text()) }).toEqual({
        path: base.path,
        status: base.status,
        body: base.body,
      });
    }
    // A plain object built on the server has no polluted properties: an empty body is still "required".
    requests++;
    const res = await h.request('POST', '/api/contact', {
      json: {},
      headers: { 'x-forwarded-for': '10.98.1.1' },
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).not.toMatch(/polluted/);
    requests++;
    expect((await h.request('GET', '/api/health')).status).toBe(200);
    expect(h.logs()).not.toMatch(/polluted/);
    const byStatus = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}: ${n}`);
    process.stdout.write(
      `fuzz: ${requests} requests, ${serverErrors} answers 5xx (seed ${SEED}); by status ${byStatus.join(', ')}\n`,
    );
    // Rate limits must not have turned the fuzzing into a test of the 429 answer.
    expect(statuses.get(429) ?? 0).toBeLessThan(requests / 10);
  });
});

describe(`fuzzing the Stripe webhook with correctly signed events of every shape (${DRIVER})`, () => {
  const RUNS = Number(process.env.FUZZ_RUNS ?? 24) * 6;
  let h: StoreHarness;
  let orderId: string;
  const signer = new Stripe('sk_test_signing_only');

  beforeAll(async () => {
    h = await StoreHarness.start({ stripe: true });
    const intent = await h.request('POST', '/api/create-payment-intent', {
      json: { cartItems: [{ id: STANDARD, quantity: 1 }], billing: BILLING },
      headers: { 'x-forwarded-for': '10.96.0.1' },
    });
    webhookRequests++;
    expect(intent.status).toBe(201);
    orderId = (intent.body as { orderId: string }).orderId;
  });
  afterAll(async () => {
    recordFigures('fuzz (webhook)', { requests: webhookRequests, serverErrors: webhookServerErrors });
    await h?.close();
  });

  let webhookRequests = 0;
  let webhookServerErrors = 0;

  const odd = fc.oneof(
    fc.constantFrom(null, true, 0, -1, 1e308, '', 'x'.repeat(300), [], {}),
    fc.string({ maxLength: 20 }),
    fc.integer(),
    fc.jsonValue({ maxDepth: 2 }),
  );
  const maybe = <T>(arb: fc.Arbitrary<T>) =>
    fc.oneof({ weight: 3, arbitrary: arb }, { weight: 1, arbitrary: odd });

  it('answers every signed event 200 or a JSON 400, never a 5xx', async () => {
    const object = fc.record(
      {
        id: maybe(fc.string({ minLength: 1, maxLength: 30 }).map((s) => `pi_${s}`)),
        object: maybe(fc.constantFrom('payment_intent', 'charge', 'refund')),
        amount: maybe(fc.integer({ min: -10, max: 10 ** 9 })),
        amount_received: maybe(fc.integer({ min: 0, max: 10 ** 9 })),
        amount_refunded: maybe(fc.integer({ min: 0, max: 10 ** 9 })),
        currency: maybe(fc.constantFrom('usd', 'eur', 'USD')),
        status: maybe(
          fc.constantFrom('succeeded', 'requires_payment_method', 'canceled', 'pending', 'failed'),
        ),
        refunded: maybe(fc.boolean()),
        failure_reason: maybe(fc.constantFrom('expired_or_canceled_card', 'lost_or_stolen_card', 'unknown')),
        refunds: maybe(
          fc.record(
            {
              object: fc.constant('list'),
              data: maybe(
                fc.array(
                  fc.record(
                    {
                      id: maybe(fc.string({ minLength: 1, maxLength: 20 }).map((s) => `re_${s}`)),
                      amount: maybe(fc.integer({ min: -10, max: 10 ** 9 })),
                      status: maybe(fc.constantFrom('succeeded', 'pending', 'failed', 'canceled')),
                      metadata: maybe(fc.record({ refundId: maybe(fc.uuid()) }, { requiredKeys: [] })),
                    },
                    { requiredKeys: [] },
                  ),
                  { maxLength: 3 },
                ),
              ),
            },
            { requiredKeys: [] },
          ),
        ),
        payment_intent: maybe(fc.oneof(fc.string({ maxLength: 30 }), fc.record({ id: odd }))),
        payment_method_types: maybe(fc.array(fc.string({ maxLength: 10 }), { maxLength: 2 })),
        metadata: maybe(
          fc.record({ orderId: maybe(fc.oneof(fc.constant(orderId), fc.uuid())) }, { requiredKeys: [] }),
        ),
      },
      { requiredKeys: [] },
    );
    const event = fc.record(
      {
        id: maybe(fc.string({ minLength: 1, maxLength: 40 }).map((s) => `evt_${s}`)),
        object: fc.constant('event'),
        type: maybe(
          fc.constantFrom(
            'payment_intent.succeeded',
            'payment_intent.payment_failed',
            'charge.refunded',
            'refund.created',
            'refund.updated',
            'refund.failed',
            'customer.created',
            'payment_intent.canceled',
          ),
        ),
        data: maybe(fc.record({ object: maybe(object) }, { requiredKeys: [] })),
      },
      { requiredKeys: ['object'] },
    );
    const payload = fc.oneof(
      { weight: 8, arbitrary: event.map((e) => JSON.stringify(e)) },
      {
        weight: 1,
        arbitrary: fc.constantFrom('null', '[]', '"event"', '{', '', 'not json', '{"__proto__":{"x":1}}'),
      },
    );
    await fc.assert(
      fc.asyncProperty(payload, async (body) => {
        const signature = signer.webhooks.generateTestHeaderString({
          payload: body,
          secret: h.stripe!.webhookSecret,
        });
        webhookRequests++;
        const res = await rawRequest(h, 'POST', '/api/payments/webhook', {
          headers: { 'content-type': 'application/json', 'stripe-signature': signature },
          body,
        });
        if (res.status >= 500) webhookServerErrors++;
        const problems = res.status >= 400 ? errorAnswerProblems(res) : [];
        if (![200, 400].includes(res.status)) problems.push(`status ${res.status}`);
        if (problems.length)
          throw new Error(
            `${body.slice(0, 300)} -> ${res.status}: ${problems.join('; ')}\n${res.text.slice(0, 300)}`,
          );
      }),
      { seed: SEED, numRuns: RUNS },
    );
    webhookRequests++;
    expect((await h.request('GET', '/api/health')).status).toBe(200);
    expect(webhookServerErrors).toBe(0);
  });
});
