import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getMetadataStorage } from 'class-validator';
import { findProjectRoot } from '../src/config/app-config.js';
import { canonicalDocument, CONTRACT_COMMAND, CONTRACT_FILES, contractCatalog } from '../src/web/swagger.js';
import type { ProductDto } from '../src/catalog/dto/product.dto.js';
import { signIn } from './support/staff.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/*
 * The CI check of the committed contract (contracts/): the OpenAPI document and the catalogue's titles are
 * what this server serves, and the document states every rule the server's validation applies, so that the
 * front ends, which compile against it, check what the server checks.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Schema = { [key: string]: Json };

const root = findProjectRoot();
const ERROR_CONTENT = { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBodyDto' } } };
const committed = (file: string): Json => JSON.parse(readFileSync(join(root, file), 'utf8')) as Json;

/** Where two JSON values differ, as `a.b.c: committed → served` lines (the first `limit`). */
function differences(committed: Json, served: Json, limit = 20, at = ''): string[] {
  if (JSON.stringify(committed) === JSON.stringify(served)) return [];
  // Objects, and arrays of one length (a parameter list), are compared member by member.
  const comparable = (value: Json) =>
    typeof value === 'object' &&
    value !== null &&
    Array.isArray(value) === Array.isArray(committed) &&
    (!Array.isArray(value) || value.length === (committed as Json[]).length);
  if (!comparable(committed) || !comparable(served)) {
    const show = (value: Json | undefined) =>
      value === undefined ? 'absent' : JSON.stringify(value).slice(0, 80);
    return [`${at || '(the whole document)'}: ${show(committed)} → ${show(served)}`];
  }
  const before = committed as Record<string, Json>;
  const after = served as Record<string, Json>;
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const found = keys.flatMap((key) =>
    key in before && key in after
      ? differences(before[key]!, after[key]!, limit, at ? `${at}.${key}` : key)
      : [`${at ? `${at}.${key}` : key}: ${key in before ? 'not served any more' : 'new'}`],
  );
  return found.length
    ? found.slice(0, limit)
    : [`${at || '(the whole document)'}: the keys are in another order`];
}

/** Empty when `file` holds `served`; otherwise what to do about it and where they differ. */
function staleness(file: string, served: Json): string {
  const found = differences(committed(file), served);
  return found.length
    ? `${file} is not what the server serves: run \`${CONTRACT_COMMAND}\` and commit the result.\n  ` +
        found.join('\n  ')
    : '';
}

describe('the committed API contract', () => {
  let t: TestApp;
  let document: { components: { schemas: Record<string, Schema> }; paths: Record<string, Json> };

  beforeAll(async () => {
    t = await startTestApp();
    const served = await t.http().get('/api/docs-json').expect(200);
    document = canonicalDocument(served.body as typeof document);
  });
  afterAll(() => t.close());

  it(`is the document the server serves at /api/docs-json (${CONTRACT_FILES.document})`, () => {
    expect(staleness(CONTRACT_FILES.document, document as unknown as Json)).toBe('');
  });

  it(`holds the catalogue's words as GET /api/products answers them (${CONTRACT_FILES.catalog})`, async () => {
    const products = (await t.http().get('/api/products').expect(200)).body as ProductDto[];
    expect(products.length).toBeGreaterThan(0);
    expect(staleness(CONTRACT_FILES.catalog, contractCatalog(products) as unknown as Json)).toBe('');
  });

  /*
   * Every class-validator rule of a body or query DTO against its schema in the document: a limit, a list of
   * values, a whole number or a pattern the server applies is stated there, and so is whether the field is
   * required. What the validation pipe does not read from these decorators (messages, transforms) is not
   * part of the contract.
   */
  describe('states the validation rules', () => {
    /** Matched after a transform (trimmed and upper-cased, or an address in its canonical form): a pattern on the input would refuse what the server accepts. */
    const MATCHED_AFTER_NORMALISING = new Set([
      'LicenseInstanceDto.licenseKey',
      'LicenseValidateDto.licenseKey',
      'CreateLicenseKeyDto.licenseKey',
      'CreateCouponDto.code',
      'UpdateCouponDto.code',
    ]);

    interface Rule {
      type: string;
      name?: string;
      propertyName: string;
      constraints?: unknown[];
    }
    const storage = getMetadataStorage() as unknown as { validationMetadatas: Map<{ name: string }, Rule[]> };

    /** A query DTO's fields are the operations' query parameters: each with its schema and whether it is required. */
    function queryParameters(): Map<string, Schema> {
      const parameters = new Map<string, Schema>();
      for (const item of Object.values(document.paths) as Record<string, { parameters?: Schema[] }>[]) {
        for (const operation of Object.values(item)) {
          for (const parameter of operation.parameters ?? []) {
            // A list's `filter` documented by its JSON content (ApiListQuery): the export routes state the text's rules.
            if (parameter.in !== 'query' || parameter.content) continue;
            parameters.set(String(parameter.name), {
              ...(parameter.schema as Schema),
              required: parameter.required ?? false,
            });
          }
        }
      }
      return parameters;
    }

    /** `{allOf: [{$ref}]}`, `{$ref}` or an array of them: the schema referred to, for its `enum`. */
    function resolved(property: Schema): Schema {
      const reference = (property.allOf as Schema[] | undefined)?.[0]?.$ref ?? property.$ref;
      if (typeof reference === 'string') return document.components.schemas[reference.split('/').at(-1)!]!;
      if (property.type === 'array' && property.items) return resolved(property.items as Schema);
      return property;
    }

    function problems(className: string, rules: Rule[], schemaOf: (property: string) => Schema | undefined) {
      const found: string[] = [];
      const byProperty = new Map<string, Rule[]>();
      for (const rule of rules)
        byProperty.set(rule.propertyName, [...(byProperty.get(rule.propertyName) ?? []), rule]);
      for (const [property, propertyRules] of byProperty) {
        const name = `${className}.${property}`;
        const schema = schemaOf(property);
        if (!schema) {
          found.push(`${name}: not in the document`);
          continue;
        }
        const optional = propertyRules.some((rule) => rule.type === 'conditionalValidation');
        if (Boolean(schema.required) === optional) found.push(`${name}: required should be ${!optional}`);
        for (const rule of propertyRules) {
          const [limit] = rule.constraints ?? [];
          const stated = (keyword: string, expected: unknown) => {
            if (JSON.stringify(schema[keyword]) !== JSON.stringify(expected))
              found.push(
                `${name}: ${rule.name} ${JSON.stringify(expected)}, stated ${keyword} ${JSON.stringify(schema[keyword])}`,
              );
          };
          switch (rule.name) {
            case 'maxLength':
              stated('maxLength', limit);
              break;
            case 'minLength':
              stated('minLength', limit);
              break;
            case 'max':
              stated('maximum', limit);
              break;
            case 'min':
              stated('minimum', limit);
              break;
            case 'arrayMaxSize':
              stated('maxItems', limit);
              break;
            case 'arrayMinSize':
              stated('minItems', limit);
              break;
            case 'isInt':
              stated('type', 'integer');
              break;
            case 'isIn':
              if (JSON.stringify(resolved(schema).enum) !== JSON.stringify(limit))
                found.push(
                  `${name}: isIn ${JSON.stringify(limit)}, stated enum ${JSON.stringify(resolved(schema).enum)}`,
                );
              break;
            case 'matches':
              if (schema.format !== 'email' && !MATCHED_AFTER_NORMALISING.has(name))
                stated('pattern', (limit as RegExp).source);
              break;
          }
        }
      }
      return found;
    }

    it('of every body and query DTO', () => {
      const query = queryParameters();
      const found: string[] = [];
      let checked = 0;
      for (const [target, rules] of storage.validationMetadatas) {
        const component = document.components.schemas[target.name];
        const schemaOf = component
          ? (property: string) => {
              const schema = (component.properties as Record<string, Schema> | undefined)?.[property];
              const required = ((component.required as string[] | undefined) ?? []).includes(property);
              return schema && { ...schema, required };
            }
          : (property: string) => query.get(property);
        found.push(...problems(target.name, rules, schemaOf));
        checked++;
      }
      // The suite's app has loaded every DTO: a count that falls means the check stopped finding them.
      expect(checked).toBeGreaterThanOrEqual(20);
      expect(found).toEqual([]);
    });
  });

  it('gives every 4xx and 5xx answer the one error body, whose message is one string', () => {
    const without: string[] = [];
    for (const [path, item] of Object.entries(document.paths) as [string, Record<string, Schema>][])
      for (const [method, operation] of Object.entries(item))
        for (const [status, response] of Object.entries(operation.responses as Record<string, Schema>))
          if (Number(status) >= 400 && JSON.stringify(response.content) !== JSON.stringify(ERROR_CONTENT))
            without.push(`${method.toUpperCase()} ${path} ${status}`);
    expect(without).toEqual([]);
    expect(document.components.schemas.ErrorBodyDto!.properties).toMatchObject({
      message: { type: 'string' },
      errors: { type: 'array' },
    });
  });

  it('states nullable enums so that a validator accepts their null: a type, and null among the values', () => {
    const wrong: string[] = [];
    const walk = (schema: Json, at: string) => {
      if (typeof schema !== 'object' || schema === null) return;
      if (Array.isArray(schema)) return schema.forEach((item, i) => walk(item, `${at}[${i}]`));
      // A nullable object stays `allOf: [$ref]` (generators and this suite's validator read it as `X | null`).
      const referred = (schema.allOf as Schema[] | undefined)?.[0]?.$ref;
      const enumReferred =
        typeof referred === 'string' && document.components.schemas[referred.split('/').at(-1)!]?.enum;
      if (
        schema.nullable === true &&
        (enumReferred || (Array.isArray(schema.enum) && !schema.enum.includes(null)))
      )
        wrong.push(at);
      for (const [key, value] of Object.entries(schema)) walk(value, `${at}.${key}`);
    };
    walk(document as unknown as Json, '');
    expect(wrong).toEqual([]);
    expect(document.components.schemas.AdminOrderListRowDto!.properties).toMatchObject({
      refundDue: { type: 'string', nullable: true, enum: expect.arrayContaining([null]) },
      vatNumberStatus: { type: 'string', nullable: true, enum: ['verified', 'unverified', null] },
    });
  });

  /*
   * Every admin list with each sort the committed document lists and its filter's example: one test per list
   * (each with Jest's time), read from the committed document, which the first test holds to the served one.
   */
  describe("answers every admin list with each sort the document lists and its filter's example", () => {
    const paths = (committed(CONTRACT_FILES.document) as { paths: Record<string, Schema> }).paths;
    const lists = Object.entries(paths).flatMap(([path, item]) => {
      const parameters = ((item as Record<string, Schema>).get?.parameters ?? []) as Schema[];
      const sort = parameters.find((p) => p.name === 'sort' && p.in === 'query');
      const filter = parameters.find((p) => p.name === 'filter' && p.content);
      return sort && filter ? [{ path, sort, filter }] : [];
    });
    let admin: string;
    beforeAll(async () => {
      admin = await signIn(t, 'admin');
    });

    it('finds them in the document', () => expect(lists.length).toBeGreaterThanOrEqual(15));

    it.each(lists)('$path', async ({ path, sort, filter }) => {
      const example = (filter.content as Record<string, Schema>)['application/json']!.example;
      const refused: string[] = [];
      for (const value of (sort.schema as Schema).enum as string[]) {
        const res = await t
          .http()
          .get(path)
          .query({ sort: value, range: '[0,4]', filter: JSON.stringify(example) })
          .set('authorization', admin);
        if (res.status !== 200)
          refused.push(`sort=${value} filter=${JSON.stringify(example)}: ${res.status} ${res.body.message}`);
      }
      expect(refused).toEqual([]);
    });
  });
});
