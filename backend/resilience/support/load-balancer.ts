import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@store/testing';

/** Debian's nginx (`apt-get install nginx`; `.ci/run` installs it when missing). */
export const NGINX = '/usr/sbin/nginx';

/** One answer through the balancer; `upstream` is the process (or processes, when retried) that served it. */
export interface BalancedAnswer {
  status: number;
  body: unknown;
  headers: Headers;
  upstream: string;
}

/**
 * Debian's nginx as the store's load balancer, run by the suite as a child process with a configuration
 * of its own (in a temporary directory: pid, logs, temp files), round-robin over the given processes,
 * appending the client's address to X-Forwarded-For as the one proxy hop a deployment has
 * (deploy/nginx.conf). As there, a process that refuses connections or answers 503 (starting, or
 * draining) is skipped (`proxy_next_upstream error timeout http_503`); a request cut off mid-answer is not
 * replayed elsewhere (POST is not idempotent), so its client gets a 502 and retries, as a browser would.
 */
export class LoadBalancer {
  private readonly dir: string;
  private child?: ChildProcess;
  readonly url: string;

  private constructor(
    readonly port: number,
    private readonly upstreams: number[],
  ) {
    this.dir = mkdtempSync(join(tmpdir(), 'store-nginx-'));
    this.url = `http://127.0.0.1:${port}`;
  }

  /** Starts nginx in front of the processes listening on these loopback ports, on `port` (or a free one). */
  static async start(upstreams: number[], port?: number): Promise<LoadBalancer> {
    if (!existsSync(NGINX))
      throw new Error(
        `The cluster pass runs the store behind Debian's nginx, and ${NGINX} is missing: ` +
          '`apt-get install nginx` (.ci/run installs it on a fresh machine).',
      );
    const balancer = new LoadBalancer(port ?? (await freePort()), upstreams);
    await balancer.run();
    return balancer;
  }

  private config(): string {
    const temp = (name: string) => join(this.dir, 'temp', name);
    for (const name of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
      mkdirSync(temp(name), { recursive: true });
    // As root, nginx's workers would run as nobody and could not write their temporary files here.
    const user = process.getuid?.() === 0 ? 'user root;' : '';
    return `${user}
worker_processes 1;
pid ${join(this.dir, 'nginx.pid')};
error_log ${join(this.dir, 'error.log')} warn;
events { worker_connections 1024; }
http {
  log_format upstream '$remote_addr "$request" $status upstream=$upstream_addr';
  access_log ${join(this.dir, 'access.log')} upstream;
  client_body_temp_path ${temp('client_body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
  client_max_body_size 10m;

  upstream store {
${this.upstreams.map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=10s;`).join('\n')}
  }

  server {
    listen 127.0.0.1:${this.port};
    location / {
      proxy_pass http://store;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_connect_timeout 2s;
      proxy_next_upstream error timeout http_503;
      # Which process answered: the specs check the round-robin and the retries.
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`;
  }

  private async run(): Promise<void> {
    const conf = join(this.dir, 'nginx.conf');
    writeFileSync(conf, this.config());
    const child = spawn(
      NGINX,
      ['-p', this.dir, '-e', join(this.dir, 'error.log'), '-c', conf, '-g', 'daemon off;'],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    this.child = child;
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const deadline = Date.now() + 15_000;
    for (;;) {
      if (child.exitCode !== null)
        throw new Error(`nginx exited (${child.exitCode}): ${stderr}\n${this.errorLog()}`);
      if (Date.now() > deadline) throw new Error(`nginx did not answer on ${this.url}: ${this.errorLog()}`);
      try {
        if ((await this.request('GET', '/api/health')).status === 200) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /**
   * A request through nginx from the loopback address `from` (127.0.0.1 unless given): nginx puts the
   * connection's address in X-Forwarded-For, so that is the client address the processes see.
   */
  request(
    method: string,
    path: string,
    {
      json,
      body: raw,
      headers = {},
      from = '127.0.0.1',
    }: { json?: unknown; body?: string; headers?: Record<string, string>; from?: string } = {},
  ): Promise<BalancedAnswer> {
    const body = json === undefined ? raw : JSON.stringify(json);
    const sent: Record<string, string> =
      json === undefined ? { ...headers } : { 'content-type': 'application/json', ...headers };
    if (body !== undefined) sent['content-length'] = String(Buffer.byteLength(body));
    return new Promise((resolve, reject) => {
      const req = httpRequest(`${this.url}${path}`, {
        method,
        headers: sent,
        localAddress: from,
        agent: false,
      });
      req.on('error', reject);
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = text;
          try {
            parsed = text ? JSON.parse(text) : undefined;
          } catch {
            // not JSON: kept as text
          }
          const answerHeaders = new Headers();
          for (const [name, value] of Object.entries(res.headers))
            if (value !== undefined) answerHeaders.set(name, Array.isArray(value) ? value.join(', ') : value);
          resolve({
            status: res.statusCode ?? 0,
            body: parsed,
            headers: answerHeaders,
            upstream: answerHeaders.get('x-upstream') ?? '',
          });
        });
      });
      req.end(body);
    });
  }

  errorLog(): string {
    try {
      return readFileSync(join(this.dir, 'error.log'), 'utf8');
    } catch {
      return '';
    }
  }

  accessLog(): string {
    try {
      return readFileSync(join(this.dir, 'access.log'), 'utf8');
    } catch {
      return '';
    }
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      // SIGQUIT: nginx's graceful stop (SIGTERM is its fast one); SIGKILL if it hangs.
      child.kill('SIGQUIT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}
