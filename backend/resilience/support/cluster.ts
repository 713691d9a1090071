import { randomBytes } from 'node:crypto';
import { freePort, SmtpSink } from '@store/testing';
import { dropKeys, TEST_REDIS_URL } from '../../test/support/redis.js';
import { LoadBalancer, type BalancedAnswer } from './load-balancer.js';
import { startTogether } from './startup-checks.js';
import { type StoreHarness, TestDatabase } from './store-process.js';

/**
 * One store scaled out as a deployment runs it: several built processes started together on one empty
 * database, counting their limits in one Redis (under a key prefix of the run's own), mailing through one
 * SMTP server, behind nginx. Every process has the same secrets and administrator, trusts exactly one
 * proxy hop (TRUST_PROXY=1), and knows the store by nginx's address (PUBLIC_URL).
 */
export class StoreCluster {
  readonly adminPassword = `cluster-${randomBytes(9).toString('hex')}`;
  readonly redisKeyPrefix = `cluster-${randomBytes(6).toString('hex')}:`;
  readonly servers: StoreHarness[] = [];
  balancer?: LoadBalancer;
  private adminCounter = 0;

  private constructor(
    readonly db: TestDatabase,
    readonly mail: SmtpSink,
  ) {}

  /**
   * Starts `processes` servers at once, then nginx in front of them. On a failure, what started is closed
   * by close() (call it in afterAll whether or not start succeeded: pass the holder).
   */
  static async start(
    processes: number,
    env: Record<string, string>,
    holder: { cluster?: StoreCluster },
  ): Promise<StoreCluster> {
    // An empty database: the deployment's first start, which the processes migrate and seed together.
    const cluster = new StoreCluster(await TestDatabase.empty(), await SmtpSink.start());
    holder.cluster = cluster;
    const balancerPort = await freePort();
    await startTogether(
      processes,
      {
        database: cluster.db,
        mail: cluster.mail,
        env: {
          JWT_SECRET: randomBytes(32).toString('hex'),
          LICENSE_KEY_SECRET: randomBytes(32).toString('hex'),
          ADMIN_PASSWORD: cluster.adminPassword,
          PUBLIC_URL: `http://127.0.0.1:${balancerPort}`,
          REDIS_URL: TEST_REDIS_URL,
          REDIS_KEY_PREFIX: cluster.redisKeyPrefix,
          TRUST_PROXY: '1',
          ...env,
        },
      },
      cluster.servers,
    );
    cluster.balancer = await LoadBalancer.start(
      cluster.servers.map((s) => s.port),
      balancerPort,
    );
    return cluster;
  }

  /**
   * A request through nginx. The client's address is the connection's: a spec written for a lone process
   * names its simulated client in X-Forwarded-For (10.b.c.d), which here becomes the loopback address the
   * request is sent from (127.b.c.d); the header itself still goes along, and the processes, trusting one
   * hop, ignore it as they would a client's own.
   */
  request(
    method: string,
    path: string,
    options: { json?: unknown; body?: string; headers?: Record<string, string> } = {},
  ): Promise<BalancedAnswer> {
    const claimed = options.headers?.['x-forwarded-for'];
    return this.balancer!.request(method, path, { ...options, from: StoreCluster.sourceFor(claimed) });
  }

  /** The loopback address standing for a simulated client address (127.0.0.1 for none). */
  static sourceFor(claimed: string | undefined): string {
    const match = /^\d+\.(\d+)\.(\d+)\.(\d+)$/.exec(claimed?.split(',')[0]?.trim() ?? '');
    return match ? `127.${match[1]}.${match[2]}.${match[3]}` : '127.0.0.1';
  }

  /** Signs in as the administrator through nginx (from an address of its own); answers the Authorization value. */
  async adminAuth(): Promise<string> {
    const n = ++this.adminCounter;
    const res = await this.request('POST', '/api/admin/login', {
      json: { username: 'admin', password: this.adminPassword },
      headers: { 'x-forwarded-for': `10.250.${n}.1` },
    });
    if (res.status !== 200)
      throw new Error(`admin sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
    return `Bearer ${(res.body as { token: string }).token}`;
  }

  /** Every process's log, for a failure message. */
  logs(): string {
    return this.servers.map((s, i) => `--- process ${i + 1} (:${s.port})\n${s.logs()}`).join('\n');
  }

  async close(): Promise<void> {
    await this.balancer?.stop();
    for (const server of this.servers) await server.close();
    await this.mail.close();
    await this.db.drop();
    await dropKeys(this.redisKeyPrefix);
  }
}
