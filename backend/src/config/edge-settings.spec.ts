import { ConfigError, loadConfig } from './app-config.js';
import { developmentWarning } from './dev-warning.js';

const ROOT = '/srv/store';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env, ROOT);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('TRUST_PROXY', () => {
  it('trusts no proxy when unset or false: the client is the socket address', () => {
    expect(loadConfig({}, ROOT).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }, ROOT).trustProxy).toBe(false);
  });

  it("takes the proxies' addresses and CIDRs, IPv4 and IPv6, and the named ranges", () => {
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.0/8, 127.0.0.1 ,::1,fd00::/8' }, ROOT).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
    ]);
    expect(loadConfig({ TRUST_PROXY: 'loopback' }, ROOT).trustProxy).toEqual(['loopback']);
  });

  it('refuses true, which would let any client choose its address, saying what to set instead', () => {
    const [problem] = problemsOf({ TRUST_PROXY: 'true' });
    expect(problem).toMatch(/^TRUST_PROXY=true would let any client choose its address: /);
    expect(problem).toContain('TRUST_PROXY=10.0.0.0/8,127.0.0.1');
  });

  it('takes a number of proxy hops', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }, ROOT).trustProxy).toEqual({ hops: 1 });
    expect(loadConfig({ TRUST_PROXY: '0' }, ROOT).trustProxy).toBe(false);
    expect(problemsOf({ TRUST_PROXY: '11' })).toEqual([
      expect.stringMatching(/^TRUST_PROXY must be a number of proxies from 0 to 10/),
    ]);
  });

  it('names what is not an address or CIDR', () => {
    expect(problemsOf({ TRUST_PROXY: '10.0.0.0/8,proxy.local,10.0.0.0/33' })).toEqual([
      expect.stringMatching(/^TRUST_PROXY: "proxy\.local", "10\.0\.0\.0\/33" is not an IP address or CIDR/),
    ]);
  });
});

describe('HOST outside production', () => {
  it('binds localhost by default, and any loopback address', () => {
    expect(loadConfig({}, ROOT).host).toBe('localhost');
    for (const HOST of ['127.0.0.1', '::1']) expect(loadConfig({ HOST }, ROOT).host).toBe(HOST);
  });

  it('refuses another interface unless told to, since the development secrets are public', () => {
    expect(problemsOf({ HOST: '0.0.0.0' })).toEqual([
      expect.stringMatching(
        /^HOST=0\.0\.0\.0 would expose a development server .* set ALLOW_REMOTE_DEV=true/,
      ),
    ]);
    expect(problemsOf({ NODE_ENV: 'test', HOST: '192.168.1.5' })).toHaveLength(1);
    expect(loadConfig({ HOST: '0.0.0.0', ALLOW_REMOTE_DEV: 'true' }, ROOT).host).toBe('0.0.0.0');
  });

  it('leaves production free to bind any interface', () => {
    const problems = problemsOf({ NODE_ENV: 'production', HOST: '0.0.0.0' });
    expect(problems.some((p) => p.startsWith('HOST'))).toBe(false);
  });
});

describe('REQUEST_TIMEOUT_SECONDS', () => {
  it('defaults to a minute, and is a whole number of seconds', () => {
    expect(loadConfig({}, ROOT).requestTimeoutMs).toBe(60_000);
    expect(loadConfig({ REQUEST_TIMEOUT_SECONDS: '5' }, ROOT).requestTimeoutMs).toBe(5_000);
    expect(problemsOf({ REQUEST_TIMEOUT_SECONDS: '0' })).toEqual([
      'REQUEST_TIMEOUT_SECONDS must be a whole number from 1 to 3600 (got "0")',
    ]);
  });
});

describe('developmentWarning', () => {
  it('names everything insecure when started without NODE_ENV', () => {
    const warning = developmentWarning(loadConfig({}, ROOT), undefined)!;
    expect(warning).toContain('NODE_ENV is not set, so "development": this server is NOT safe');
    for (const setting of [
      'JWT_SECRET',
      'LICENSE_KEY_SECRET',
      'ADMIN_PASSWORD',
      'demo provider',
      '/api/docs',
    ])
      expect(warning).toContain(setting);
    expect(warning).toContain('Bound to localhost: other machines cannot reach it.');
  });

  it('names only what is still insecure, and says so when remote access was allowed', () => {
    const config = loadConfig(
      {
        NODE_ENV: 'development',
        JWT_SECRET: 'j'.repeat(32),
        LICENSE_KEY_SECRET: 'l'.repeat(32),
        HOST: '0.0.0.0',
        ALLOW_REMOTE_DEV: 'true',
      },
      ROOT,
    );
    const warning = developmentWarning(config, 'development')!;
    expect(warning).toContain('NODE_ENV is "development"');
    expect(warning).not.toContain('JWT_SECRET');
    expect(warning).not.toContain('LICENSE_KEY_SECRET');
    expect(warning).toContain('other machines CAN reach it');
  });

  it('is silent in production', () => {
    const config = loadConfig(
      {
        NODE_ENV: 'production',
        JWT_SECRET: 'p'.repeat(32),
        LICENSE_KEY_SECRET: 'l'.repeat(32),
        ADMIN_PASSWORD: 'Correct-Horse-Battery-Staple-1987',
        STRIPE_SECRET_KEY: 'sk_live_x',
        STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
        SMTP_URL: 'smtp://mail.example.com:587',
      },
      ROOT,
    );
    expect(developmentWarning(config, 'production')).toBeNull();
  });
});
