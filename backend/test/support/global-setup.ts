import { testRedisAnswers } from './redis-probe.ts'; // .ts: Jest's global hooks load it without the moduleNameMapper

/** Before any worker starts: asks once whether Redis answers; the workers inherit the answer. */
export default function globalSetup(): void {
  testRedisAnswers();
}
