import { takeAnswerProblems } from './openapi-responses.js';

// After each test (jest.config.js's setupFilesAfterEnv): the answers it got that the committed OpenAPI
// document does not describe (test/support/openapi-responses.ts).
afterEach(() => {
  const problems = [...new Set(takeAnswerProblems())];
  if (problems.length)
    throw new Error(
      `Answers that contracts/openapi.json does not describe (fix the decorators and run \`npm run contract\`):\n  ${problems.join('\n  ')}`,
    );
});
