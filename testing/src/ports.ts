import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** Where ports are drawn from: above the well-known services, below the OS's ephemeral range. */
const LOWEST = 10_000;

/**
 * The first port of the range the OS hands out for port 0 and outgoing connections (Linux's
 * ip_local_port_range; elsewhere the IANA range's start, which the others use).
 */
function ephemeralStart(): number {
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/);
    const port = Number(low);
    if (Number.isInteger(port) && port > LOWEST + 1000) return port;
  } catch {
    // not Linux
  }
  return 49_152;
}

function listens(port: number): Promise<boolean> {
  return new Promise((done) => {
    const server = createServer();
    server.once('error', () => done(false));
    server.listen(port, '127.0.0.1', () => server.close(() => done(true)));
  });
}

/**
 * A TCP port free on 127.0.0.1 right now, for a server started soon after. Drawn at random below the OS's
 * ephemeral range: a port the OS picked (`listen(0)`) is the next one it may give to any other process
 * asking for port 0 or connecting out, and tests start servers with PORT=0 side by side with these; such a
 * server binding the port first made a journey talk to another suite's store.
 */
export async function freePort(): Promise<number> {
  const end = ephemeralStart();
  for (let tries = 0; tries < 50; tries++) {
    const port = LOWEST + Math.floor(Math.random() * (end - LOWEST));
    if (await listens(port)) return port;
  }
  throw new Error(`No free port found between ${LOWEST} and ${end} on 127.0.0.1`);
}
