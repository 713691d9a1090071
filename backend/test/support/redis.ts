import { connect, createServer, type Server, type Socket } from 'node:net';
import { Redis } from 'ioredis';
import { Logger } from '@nestjs/common';
import { connectRedis } from '../../src/redis/redis.module.js';
import { CI_NEEDS_REDIS, MAY_SKIP_WITHOUT_REDIS, TEST_REDIS_URL, testRedisAnswers } from './redis-probe.js';

export { TEST_REDIS_URL };

/**
 * `describe` for tests that need a live Redis at TEST_REDIS_URL. Without one they are skipped (the global
 * teardown names their files in one line, saying how to run them), so that a fresh clone's `npm test`
 * needs no Redis; but with CI=true, where Redis is part of the machine, they fail at once, naming the URL,
 * rather than being skipped or waiting out their clients' timeouts.
 */
export function describeWithRedis(name: string, tests: () => void): void {
  if (testRedisAnswers()) describe(name, tests);
  else if (MAY_SKIP_WITHOUT_REDIS) describe.skip(name, tests);
  else
    describe(name, () => {
      it('needs Redis', () => {
        throw new Error(`No Redis answers at ${TEST_REDIS_URL} (TEST_REDIS_URL). ${CI_NEEDS_REDIS}`);
      });
    });
}

let prefixCounter = 0;

/** A key prefix no other test, worker or run uses. */
export function testKeyPrefix(name: string): string {
  return `store-test:${name}:${process.pid}:${Date.now()}:${prefixCounter++}:`;
}

/** Removes every key under `prefix` (never a FLUSHALL: the Redis may be shared). */
export async function dropKeys(prefix: string): Promise<void> {
  if (!testRedisAnswers()) return;
  const redis = new Redis(TEST_REDIS_URL);
  try {
    for (let cursor = '0'; ;) {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      if (keys.length) await redis.del(...keys);
      cursor = next;
      if (cursor === '0') break;
    }
  } finally {
    await closeClient(redis);
  }
}

/** The keys under `prefix` and their time to live in ms (-1: none). */
export async function keysWithTtl(prefix: string): Promise<Map<string, number>> {
  const redis = new Redis(TEST_REDIS_URL);
  try {
    const keys = await redis.keys(`${prefix}*`);
    const ttls = await Promise.all(keys.map((key) => redis.pttl(key)));
    return new Map(keys.map((key, i) => [key, ttls[i]!]));
  } finally {
    await closeClient(redis);
  }
}

/** A redis:// URL of a local port nothing listens on (a Redis that is down). */
export async function closedRedisUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return `redis://127.0.0.1:${port}`;
}

/** Closes a client without leaving a timer behind (disconnect() keeps one for a couple of seconds). */
export async function closeClient(redis: Redis): Promise<void> {
  // QUIT is a command like any other: with the store's 1 s command timeout, a busy machine's slow answer
  // failed a whole spec file in its teardown. A client that does not quit in time is disconnected.
  if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
  else redis.disconnect();
}

/**
 * Redis clients for one spec file, closed and their keys dropped after it: `client()` a connection of its
 * own (as another process would have), `prefix(name)` a fresh key prefix, `down()` a client of a Redis
 * that is down. The outage tests log at ERROR on purpose, so Logger.error is silenced for the file.
 */
export function redisTestKit() {
  const clients: Redis[] = [];
  const prefixes: string[] = [];
  beforeAll(() => {
    jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
  });
  afterAll(async () => {
    for (const redis of clients) await closeClient(redis);
    for (const p of prefixes) await dropKeys(p);
    jest.restoreAllMocks();
  });
  return {
    client(): Redis {
      const redis = new Redis(TEST_REDIS_URL);
      clients.push(redis);
      return redis;
    },
    prefix(name: string): string {
      const p = testKeyPrefix(name);
      prefixes.push(p);
      return p;
    },
    async down(): Promise<Redis> {
      const redis = await connectRedis(await closedRedisUrl(), new Logger('test'));
      clients.push(redis);
      return redis;
    },
  };
}

/** The whole RESP commands (arrays of bulk strings, as clients send them) `buffer` starts with, and the rest. */
function respCommands(buffer: Buffer): { commands: string[][]; rest: Buffer } {
  const line = (from: number) => {
    const end = buffer.indexOf('\r\n', from);
    return end < 0 ? null : { text: buffer.toString('latin1', from, end), next: end + 2 };
  };
  let at = 0;
  const commands: string[][] = [];
  whole: for (;;) {
    const head = line(at);
    if (!head) break;
    let next = head.next;
    const args: string[] = [];
    for (let i = 0, n = head.text.startsWith('*') ? Number(head.text.slice(1)) : 0; i < n; i++) {
      const size = line(next);
      if (!size) break whole;
      const length = Number(size.text.slice(1));
      next = size.next + length + 2;
      if (next > buffer.length) break whole;
      args.push(buffer.toString('utf8', size.next, size.next + length));
    }
    commands.push(head.text.startsWith('*') ? args : [head.text]);
    at = next;
  }
  return { commands, rest: buffer.subarray(at) };
}

/**
 * A local TCP proxy to the test Redis that can stand for a paused (or overloaded) Redis, as `CLIENT PAUSE`
 * makes it, without pausing the shared Redis other workers use: paused, it holds what its clients send and
 * answers nothing, so their commands wait out their timeouts; resumed, it forwards what it held and Redis
 * answers it late, in order. `commands`: what its clients sent, each command's arguments.
 */
export class PausableRedisProxy {
  readonly commands: string[][] = [];
  private paused = false;
  private readonly held: { socket: Socket; chunk: Buffer }[] = [];
  private readonly sockets = new Set<Socket>();
  private readonly server: Server;

  private constructor() {
    const target = new URL(TEST_REDIS_URL);
    this.server = createServer((client) => {
      const upstream = connect(Number(target.port || 6379), target.hostname);
      this.sockets.add(client).add(upstream);
      let pending: Buffer = Buffer.alloc(0);
      client.on('data', (chunk: Buffer) => {
        const counted = respCommands(Buffer.concat([pending, chunk]));
        this.commands.push(...counted.commands);
        pending = counted.rest;
        if (this.paused) this.held.push({ socket: upstream, chunk });
        else upstream.write(chunk);
      });
      upstream.on('data', (chunk: Buffer) => client.write(chunk));
      const end = () => {
        client.destroy();
        upstream.destroy();
      };
      client.on('close', end).on('error', end);
      upstream.on('close', end).on('error', end);
    });
  }

  static async start(): Promise<PausableRedisProxy> {
    const proxy = new PausableRedisProxy();
    await new Promise<void>((done) => proxy.server.listen(0, '127.0.0.1', done));
    return proxy;
  }

  /** REDIS_URL for the store: the test Redis's, through this proxy. */
  get url(): string {
    const url = new URL(TEST_REDIS_URL);
    url.host = `127.0.0.1:${(this.server.address() as { port: number }).port}`;
    return url.toString();
  }

  pause(): void {
    this.paused = true;
  }

  resume(): void {
    this.paused = false;
    for (const { socket, chunk } of this.held.splice(0)) socket.write(chunk);
  }

  async close(): Promise<void> {
    this.resume();
    for (const socket of this.sockets) socket.destroy();
    await new Promise((done) => this.server.close(done));
  }
}
