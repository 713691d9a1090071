import { OpenApiResponses } from '@store/testing';
import type { Response, Test } from 'supertest';

/*
 * Every answer an API suite gets through `TestApp.http()` is checked against the committed OpenAPI document
 * (@store/testing's OpenApiResponses): a status the document does not list for the route, or a body its
 * schema refuses, fails the test that met it (after the test, so the test's own failure is shown first).
 * A suite listed in UNCHECKED_SUITES is not checked, for the reason given there.
 */

/** Suites whose answers are not checked, each with why. Keep it short: fix the document instead. */
export const UNCHECKED_SUITES: Record<string, string> = {};

let contract: OpenApiResponses | undefined;
const found: string[] = [];

function unchecked(): boolean {
  const file = expect.getState().testPath ?? '';
  return Object.keys(UNCHECKED_SUITES).some((suite) => file.endsWith(`/${suite}`));
}

/** Checks the answer of `test` (a supertest request) once it arrives. */
export function checkAnswer(test: Test): Test {
  if (unchecked()) return test;
  const { method, url } = test as unknown as { method: string; url: string };
  test.on('response', (res: Response) => {
    contract ??= new OpenApiResponses();
    found.push(...contract.problems(method, url, res as never));
  });
  return test;
}

/** The problems found since the last call, emptied. */
export function takeAnswerProblems(): string[] {
  return found.splice(0);
}
