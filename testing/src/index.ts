// @store/testing: the test kit shared by the API suites (backend/test), the resilience specs
// (backend/resilience), the browser journeys (e2e) and the benchmarks (bench). TypeScript source, run as
// it is by Node (type stripping), Jest (SWC) and Playwright.
export { buildIfNeeded, type App } from './build.ts';
export { BILLING, HOME_BUSINESS, PRO_PLUS, STANDARD, shopperAddress, type Intent } from './billing.ts';
export { INVALID_PHONE_NUMBERS, PHONE_NUMBERS, type CountryPhones } from './phone-numbers.ts';
export {
  cloneDatabase,
  dropDatabase,
  emptyDatabase,
  isSqliteUrl,
  type ScratchDatabase,
} from './databases.ts';
export { decodeHeader, parseMail, type ParsedMail } from './mime.ts';
export { CONTRACT_DOCUMENT, OpenApiResponses, type CheckedAnswer } from './openapi-responses.ts';
export { pdfText } from './pdf.ts';
export { freePort } from './ports.ts';
export { startServer, type RunningServer, type ServerOptions } from './server.ts';
export { SmtpSink, type ReceivedMail } from './smtp-sink.ts';
export { waitFor } from './wait.ts';
export {
  buildRelease,
  buyWithDemo,
  call,
  fillWithRelease,
  previousReleaseCommit,
  randomLicenseKey,
  releasesDir,
  type Release,
  type ReleaseStore,
} from './previous-release.ts';
