import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
// @ts-expect-error -- plain JavaScript, run by Node as it is (no declarations)
import { DOCUMENT, generate, OUTPUTS } from '../generate.mjs';
import {
  BILLING_RULES,
  BUILD_CATALOG,
  CONTACT_RULES,
  COUNTRIES,
  ORDER_STATUSES,
  PHONE_KEYS,
} from './index.ts';

const read = (file: string) => readFileSync(file, 'utf8');

describe('the generated contract', () => {
  it('is what contracts/generate.mjs makes of openapi.json (run `npm run contract` after editing either)', async () => {
    const sources = (await generate(JSON.parse(read(DOCUMENT)))) as { types: string; rules: string };
    assert.equal(read(OUTPUTS.types), sources.types, 'src/openapi.ts is stale: run `npm run contract`');
    assert.equal(read(OUTPUTS.rules), sources.rules, 'src/rules.ts is stale: run `npm run contract`');
  });

  it("gives each country its name and phone prefix, in the server's order", () => {
    assert.deepEqual(COUNTRIES.slice(0, 2), [
      { code: 'US', name: 'United States', phoneKey: '+1' },
      { code: 'IN', name: 'India', phoneKey: '+91' },
    ]);
    assert.deepEqual(
      COUNTRIES.find((country) => country.code === 'UAE'),
      { code: 'UAE', name: 'United Arab Emirates', phoneKey: '+971' },
    );
    assert.ok(COUNTRIES.every((country) => country.name && PHONE_KEYS.includes(country.phoneKey)));
    assert.deepEqual([...new Set(COUNTRIES.map((country) => country.phoneKey))], PHONE_KEYS);
  });

  it("states the server's statuses and form limits", () => {
    assert.deepEqual(ORDER_STATUSES, [
      'processing',
      'fulfilled',
      'cancelled',
      'on_hold',
      'withdrawn',
      'refunded',
    ]);
    assert.deepEqual(BILLING_RULES.firstName, {
      maxLength: 100,
      minLength: 2,
      pattern: '^[^\\u0000-\\u001f\\u007f-\\u009f\\u061c\\u200e\\u200f\\u2028-\\u202e\\u2066-\\u2069]*$',
    });
    assert.equal(BILLING_RULES.email.maxLength, 254);
    assert.equal(CONTACT_RULES.message.maxLength, 5000);
  });

  it("holds the catalogue's ids and titles", () => {
    assert.ok(BUILD_CATALOG.length > 0);
    for (const product of BUILD_CATALOG) assert.match(`${product.id} ${product.title}`, /^[a-z0-9-]+ \S/);
  });
});
