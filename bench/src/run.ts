import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { buildIfNeeded } from '@store/testing';
import {
  adminListsTable,
  benchAdminLists,
  EXPORT_GROWTH_BUDGET_MB,
  EXPORT_LENGTH_BUDGET_MB,
} from './admin-lists.ts';
import { benchAccessLink } from './access-link.ts';
import { benchApiCpu } from './api-cpu.ts';
import { benchCheckout } from './checkout.ts';
import { benchLighthouse, CATEGORIES, type Category } from './lighthouse.ts';
import { benchRotateSecrets } from './rotate-secrets.ts';
import { markdownTable, writeReport } from './lib/report.ts';
import { benchUpgradeBoot } from './upgrade-boot.ts';
import { ROOT } from './lib/server.ts';

/**
 * `npm run bench [-- --quick] [--only api-cpu,first-load,checkout,admin-lists,lighthouse,rotate-secrets,upgrade-boot,access-link]
 * [--driver sqlite|mariadb] [--sizes 10000,200000] [--sold 1000,1000000] [--stock 1000,200000]
 * [--checkout-drivers sqlite,mariadb]
 * [--rotate-orders 20000] [--upgrade-drivers sqlite,mariadb] [--upgrade-orders 50000] [--upgrade-keys 104000]
 * [--before <commit>]`: builds the store if it is out of date, runs each benchmark, prints a summary and writes
 * bench/results/<date>-bench.md and .json. Benchmarks report; they do not fail on a missed budget.
 * `upgrade-boot` is not in the default set (it fills a database of the previous release first, minutes the
 * first time): ask for it with --only.
 */
const STEPS = [
  'api-cpu',
  'first-load',
  'checkout',
  'admin-lists',
  'lighthouse',
  'rotate-secrets',
  'upgrade-boot',
  'access-link',
] as const;
const DEFAULT_STEPS = STEPS.filter((step) => step !== 'upgrade-boot');
/** The acceptance of issue #31: the first start on the previous release's database is live within this. */
const UPGRADE_LIVE_BUDGET_SECONDS = 30;
type Step = (typeof STEPS)[number];

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    only: { type: 'string' },
    driver: { type: 'string', default: 'sqlite' },
    sizes: { type: 'string' },
    sold: { type: 'string', default: '1000,1000000' },
    stock: { type: 'string', default: '1000,200000' },
    'checkout-drivers': { type: 'string', default: 'sqlite,mariadb' },
    'rotate-orders': { type: 'string' },
    'upgrade-drivers': { type: 'string', default: 'sqlite,mariadb' },
    'upgrade-orders': { type: 'string', default: '50000' },
    'upgrade-keys': { type: 'string', default: '104000' },
    before: { type: 'string' },
  },
});
const quick = values.quick!;
const only = new Set((values.only ?? DEFAULT_STEPS.join(',')).split(',').map((s) => s.trim()) as Step[]);
for (const step of only)
  if (!STEPS.includes(step)) throw new Error(`unknown step ${step}: ${STEPS.join(', ')}`);
const sold = values.sold!.split(',').map(Number) as [number, number];
if (sold.length !== 2 || !sold.every((n) => Number.isInteger(n) && n > 0) || sold[0] >= sold[1])
  throw new Error('--sold takes two numbers of keys sold, the smaller first: --sold 1000,1000000');
const stock = values.stock!.split(',').map(Number) as [number, number];
if (stock.length !== 2 || !stock.every((n) => Number.isInteger(n) && n >= 2) || stock[0] >= stock[1])
  throw new Error('--stock takes two numbers of keys in stock, the smaller first: --stock 1000,200000');
const driver = values.driver === 'mariadb' ? 'mariadb' : 'sqlite';
const sizes = values.sizes
  ? values.sizes.split(',').map(Number)
  : driver === 'sqlite'
    ? [10_000, quick ? 50_000 : 200_000]
    : [10_000, 1_000_000];

/** First-load JavaScript, gzip (the front ends' size scripts hold the same budgets). */
const STOREFRONT_FIRST_LOAD_BUDGET_KB = 130;
const ADMIN_SIGN_IN_BUDGET_KB = 250;
const ADMIN_DASHBOARD_BUDGET_KB = 400;

/** Keys rotate-secrets rewrites per second, at least: a million keys in under 40 minutes. */
const ROTATION_BUDGET = 420;

/** Checkout throughput with the fewest keys sold may be at most this many times that with the most. */
const CHECKOUT_SOLD_BUDGET = 1.2;
/** A purchase's CPU with the most keys in stock may be at most this many times that with the fewest. */
const CHECKOUT_STOCK_BUDGET = 1.2;

interface Figure {
  figure: string;
  value: string;
  budget: string;
  ok: boolean;
}

function run(command: string, args: string[]): { status: number | null; stdout: string } {
  const result = spawnSync(command, args, {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return { status: result.status, stdout: result.stdout };
}

async function main(): Promise<void> {
  // The upgrade's start needs the API alone; the other benchmarks the whole store.
  const backendOnly = [...only].every((step) => step === 'upgrade-boot' || step === 'access-link');
  buildIfNeeded(ROOT, backendOnly ? { apps: ['backend'] } : {});
  const figures: Figure[] = [];
  const sections: string[] = [];
  const data: Record<string, unknown> = { quick, date: new Date().toISOString() };

  if (only.has('api-cpu')) {
    console.log('--- API CPU per request');
    const result = await benchApiCpu({ rounds: quick ? 3 : 5, seconds: quick ? 3 : 10 });
    data.apiCpu = result;
    figures.push({
      figure: 'GET /api/products CPU per request vs bare fastify',
      value: `${result.ratio}× (${result.appMicros} µs vs ${result.bareMicros} µs)`,
      budget: `≤ ${result.budget}×`,
      ok: result.ratio <= result.budget && result.errors === 0,
    });
    sections.push(
      '## API CPU per request\n\n`GET /api/products`, server pinned to CPU 0 and the load generator (autocannon, ' +
        `10 connections) to CPU 1; rounds alternate between the store and a bare fastify server serving the ` +
        `same JSON; CPU from /proc/<pid>/stat. Errors: ${result.errors}.\n\n` +
        markdownTable([
          ['round', 'store µs/request', 'bare fastify µs/request', 'ratio'],
          ...result.rounds.map((r, i) => [i + 1, r.app, r.bare, `${r.ratio}×`]),
        ]),
    );
  }

  if (only.has('access-link')) {
    console.log('--- sign-in link, known vs unknown address');
    const result = await benchAccessLink({ requests: quick ? 100 : 500, warmUp: 50 });
    data.accessLink = result;
    figures.push({
      figure: 'POST /api/account/link median, address with orders vs without',
      value: `${result.ratio}× (${result.known.p50} ms vs ${result.unknown.p50} ms), ${result.errors} errors`,
      budget: '≈ 1× (0.8–1.25×)',
      ok: result.ratio >= 0.8 && result.ratio <= 1.25 && result.errors === 0,
    });
    sections.push(
      '## Sign-in link: the same work for every address\n\n`POST /api/account/link` for an address with a ' +
        `paid order and for addresses without, alternating, one at a time, each from a client address of ` +
        `its own, on SQLite; ${result.requests} of each after a warm-up. Errors: ${result.errors}.\n\n` +
        markdownTable([
          ['address', 'p50 ms', 'p95 ms'],
          ['with orders', result.known.p50, result.known.p95],
          ['without orders', result.unknown.p50, result.unknown.p95],
        ]),
    );
  }

  if (only.has('first-load')) {
    console.log('--- storefront and back-office first loads');
    const size = run(process.execPath, ['storefront/scripts/first-load-size.mjs']);
    const kb = Number(/([\d.]+) KB\s+first-load JavaScript/.exec(size.stdout)?.[1]);
    data.firstLoadKb = kb;
    figures.push({
      figure: 'storefront first-load JavaScript of / (gzip)',
      value: `${kb} KB`,
      budget: `≤ ${STOREFRONT_FIRST_LOAD_BUDGET_KB} KB`,
      ok: kb <= STOREFRONT_FIRST_LOAD_BUDGET_KB,
    });
    const admin = run(process.execPath, ['admin/scripts/first-load-size.mjs']);
    const adminKb = (what: string) =>
      Number(new RegExp(`([\\d.]+) KB\\s+first-load JavaScript ${what}`).exec(admin.stdout)?.[1]);
    const signInKb = adminKb('before sign-in');
    const dashboardKb = adminKb('of the dashboard');
    data.adminFirstLoadKb = { beforeSignIn: signInKb, dashboard: dashboardKb };
    figures.push(
      {
        figure: 'back-office first-load JavaScript before sign-in (gzip)',
        value: `${signInKb} KB`,
        budget: `≤ ${ADMIN_SIGN_IN_BUDGET_KB} KB`,
        ok: signInKb <= ADMIN_SIGN_IN_BUDGET_KB,
      },
      {
        figure: 'back-office first-load JavaScript of the dashboard (gzip)',
        value: `${dashboardKb} KB`,
        budget: `≤ ${ADMIN_DASHBOARD_BUDGET_KB} KB`,
        ok: dashboardKb <= ADMIN_DASHBOARD_BUDGET_KB,
      },
    );
    sections.push(
      `## Storefront first load\n\nThe entry script of \`/\` and its static imports, gzip:\n\n\`\`\`\n${size.stdout.trim()}\n\`\`\``,
      "## Back-office first load\n\nFrom the build's manifest, gzip: the entry script and its static imports (the " +
        'login page), then the chunks the dashboard adds (the layout, the dashboard, its sales chart):\n\n' +
        `\`\`\`\n${admin.stdout.trim()}\n\`\`\``,
    );
  }

  if (only.has('checkout')) {
    console.log(`--- checkout, ${sold.join(' vs ')} keys sold, ${stock.join(' vs ')} keys in stock`);
    const result = await benchCheckout({
      drivers: values['checkout-drivers']!.split(',').map((d) => d.trim()) as ('sqlite' | 'mariadb')[],
      buyers: [10, 50],
      seconds: quick ? 5 : 20,
      sold,
      stock,
    });
    data.checkout = result;
    const bySold = result.runs.filter((run) => run.compare === 'sold');
    const byStock = result.runs.filter((run) => run.compare === 'stock');
    for (const ratio of result.ratios) {
      figures.push({
        figure: `checkout orders/s, ${sold[0]} vs ${sold[1]} keys sold, ${ratio.buyers} buyers on ${ratio.driver}`,
        value: `${ratio.ratio}×`,
        budget: `≤ ${CHECKOUT_SOLD_BUDGET}×`,
        ok: ratio.ratio <= CHECKOUT_SOLD_BUDGET,
      });
    }
    for (const ratio of result.cpuRatios.filter((r) => r.compare === 'stock')) {
      figures.push({
        figure: `checkout CPU per paid order, ${stock[1]} vs ${stock[0]} keys in stock, ${ratio.buyers} buyers on ${ratio.driver}`,
        value: `${ratio.ratio}×`,
        budget: `≤ ${CHECKOUT_STOCK_BUDGET}×`,
        ok: ratio.ratio <= CHECKOUT_STOCK_BUDGET,
      });
    }
    for (const run of result.runs) {
      figures.push({
        figure: `checkout, ${run.buyers} buyers on ${run.driver}, ${run.sold} keys sold, ${run.stock} in stock`,
        value: `${run.ordersPerSecond} orders/s, ${run.cpuMsPerOrder} ms CPU per order, p95 ${run.p95} ms, ${run.errors} errors`,
        budget: 'no errors',
        ok: run.errors === 0,
      });
    }
    for (const check of result.checks) {
      figures.push({
        figure: `checkout on ${check.driver} (${check.sold} sold, ${check.stock} in stock first): paid orders with their key`,
        value: `${check.paidOrders} orders, ${check.activeLicenses} keys sold, ${check.awaitingKeys} waiting`,
        budget: 'one key each',
        ok: check.ok,
      });
    }
    const runTable = (runs: typeof result.runs) =>
      markdownTable([
        [
          'database',
          'keys sold first',
          'keys in stock',
          'buyers',
          'seconds',
          'orders',
          'orders/s',
          'CPU ms/order',
          'p50 ms',
          'p95 ms',
          'p99 ms',
          'errors',
        ],
        ...runs.map((r) => [
          r.driver,
          r.sold,
          r.stock,
          r.buyers,
          r.seconds,
          r.orders,
          r.ordersPerSecond,
          r.cpuMsPerOrder,
          r.p50,
          r.p95,
          r.p99,
          r.errors,
        ]),
      ]);
    const at = (
      runs: typeof result.runs,
      driver: string,
      buyers: number,
      pick: (r: (typeof runs)[0]) => boolean,
    ) => runs.find((run) => run.driver === driver && run.buyers === buyers && pick(run))!;
    sections.push(
      `## Checkout, ${sold[0]} vs ${sold[1]} keys sold\n\nEach buyer creates a payment intent for one ` +
        'key and confirms it with the demo provider, again and again (each purchase with an e-mail address ' +
        'of its own, the fraud rules at their defaults). Per database, two servers: one on a ' +
        `database where ${sold[0]} keys were already sold, one where ${sold[1]} were (each in a paid order), ` +
        'both with the same stock; loaded in the order A B B A after a warm-up of each. CPU per order: the ' +
        "store process's user + system time over its paid orders (SQLite runs in it; MariaDB's own is not " +
        'counted). Keys sold seeded and stock imported in ' +
        result.seeding
          .map(
            (s) => `${s.seconds} s + ${s.importSeconds} s (${s.driver}, ${s.sold} sold, ${s.stock} in stock)`,
          )
          .join(', ') +
        '.\n\n' +
        markdownTable([
          [
            'database',
            'buyers',
            `orders/s @ ${sold[0]}`,
            `orders/s @ ${sold[1]}`,
            'ratio',
            `CPU ms/order @ ${sold[0]}`,
            `CPU ms/order @ ${sold[1]}`,
          ],
          ...result.ratios.map((r) => {
            const few = at(bySold, r.driver, r.buyers, (run) => run.sold === sold[0]);
            const many = at(bySold, r.driver, r.buyers, (run) => run.sold === sold[1]);
            return [
              r.driver,
              r.buyers,
              few.ordersPerSecond,
              many.ordersPerSecond,
              `${r.ratio}×`,
              few.cpuMsPerOrder,
              many.cpuMsPerOrder,
            ];
          }),
        ]) +
        '\n\n' +
        runTable(bySold) +
        (byStock.length
          ? `\n\n## Checkout, ${stock[0]} vs ${stock[1]} keys in stock\n\nThe same purchases on two servers ` +
            `with ${sold[0]} keys sold, one with ${stock[0]} keys in stock and one with ${stock[1]}; each ` +
            `round (A B B A) at most ${Math.floor(stock[0] / 2)} purchases, after which the keys it sold are ` +
            'imported again (not measured), so every round starts with its stock. Budget: CPU per paid order ' +
            `with ${stock[1]} in stock within ${CHECKOUT_STOCK_BUDGET}× of that with ${stock[0]}.\n\n` +
            markdownTable([
              [
                'database',
                'buyers',
                `CPU ms/order @ ${stock[0]}`,
                `CPU ms/order @ ${stock[1]}`,
                'ratio',
                `orders/s @ ${stock[0]}`,
                `orders/s @ ${stock[1]}`,
              ],
              ...result.cpuRatios
                .filter((r) => r.compare === 'stock')
                .map((r) => {
                  const few = at(byStock, r.driver, r.buyers, (run) => run.stock === stock[0]);
                  const many = at(byStock, r.driver, r.buyers, (run) => run.stock === stock[1]);
                  return [
                    r.driver,
                    r.buyers,
                    few.cpuMsPerOrder,
                    many.cpuMsPerOrder,
                    `${r.ratio}×`,
                    few.ordersPerSecond,
                    many.ordersPerSecond,
                  ];
                }),
            ]) +
            '\n\n' +
            runTable(byStock)
          : '') +
        result.runs
          .filter((r) => r.firstError)
          .map(
            (r) =>
              `\n\nFirst error (${r.driver}, ${r.sold} sold, ${r.stock} in stock, ${r.buyers} buyers): \`${r.firstError}\``,
          )
          .join(''),
    );
  }

  if (only.has('admin-lists')) {
    console.log(`--- admin lists on ${driver}, ${sizes.join(' vs ')} orders`);
    const rounds = quick ? 40 : 200;
    const { rows, exportStream, mariadb } = await benchAdminLists({ driver, sizes, rounds });
    data.adminLists = { driver, sizes, rounds, rows, exportStream, mariadb };
    figures.push({
      figure: `orders exports, ${exportStream.shortRows} then ${exportStream.rows} orders streamed (${driver}): server peak memory over idle`,
      value: `${exportStream.growthMb} MB (${exportStream.idleMb} → ${exportStream.shortPeakMb} → ${exportStream.peakMb} MB, ${exportStream.seconds} s to last byte)`,
      budget: `< ${EXPORT_GROWTH_BUDGET_MB} MB`,
      ok: exportStream.growthMb < EXPORT_GROWTH_BUDGET_MB,
    });
    figures.push({
      figure: `orders export ${Math.round(exportStream.rows / Math.max(exportStream.shortRows, 1))}× longer (${driver}): memory over the shorter one's peak`,
      value: `${exportStream.lengthMb} MB`,
      budget: `< ${EXPORT_LENGTH_BUDGET_MB} MB`,
      ok: exportStream.lengthMb < EXPORT_LENGTH_BUDGET_MB,
    });
    const limit = driver === 'sqlite' ? 3 : 2;
    const worst = rows.reduce((a, b) => (b.ratio > a.ratio ? b : a));
    figures.push({
      figure: `admin lists p95, ${sizes.at(-1)} vs ${sizes[0]} orders (${driver}), worst`,
      value: `${worst.ratio}× (${worst.name})`,
      budget: `≤ ${limit}×`,
      ok: worst.ratio <= limit,
    });
    if (driver === 'mariadb') {
      const slowest = rows.reduce((a, b) => (b.p95.at(-1)! > a.p95.at(-1)! ? b : a));
      figures.push({
        figure: `admin lists p95 at ${sizes.at(-1)} orders, slowest`,
        value: `${slowest.p95.at(-1)} ms (${slowest.name})`,
        budget: '< 50 ms',
        ok: slowest.p95.at(-1)! < 50,
      });
    }
    sections.push(
      `## Admin lists on ${driver}\n\n${rounds} rounds after warm-up, one request at a time, alternating between ` +
        `a server per database size.` +
        (mariadb
          ? ` MariaDB's buffer pool (innodb_buffer_pool_size) is ${mariadb.bufferPoolMb} MB; the ` +
            `${sizes.at(-1)}-order database holds ${mariadb.databaseMb} MB of data and indexes.`
          : '') +
        `\n\n${adminListsTable(sizes, rows)}\n\n` +
        `Then two orders exports from the ${sizes.at(-1)}-order database, read as they stream: ` +
        `${exportStream.shortRows} orders, then ${exportStream.rows} (${exportStream.seconds} s to the last byte). ` +
        `The server's resident memory (VmRSS, sampled every 10 ms) went from ${exportStream.idleMb} MB idle to ` +
        `at most ${exportStream.shortPeakMb} MB during the first (its heap growing to what streaming needs) ` +
        `and at most ${exportStream.peakMb} MB during the second: a page at a time, whatever the length.`,
    );
  }

  if (only.has('lighthouse')) {
    console.log('--- Lighthouse');
    const result = await benchLighthouse({ runs: quick ? 2 : 5 });
    data.lighthouse = result;
    const label = (c: string) => (c === 'best-practices' ? 'best practices' : c === 'seo' ? 'SEO' : c);
    const budget = (c: Category) => (result.budgets[c] === 100 ? '100' : `≥ ${result.budgets[c]}`);
    for (const page of result.pages) {
      const name = `${page.path}${page.withCart ? ' (an item in the cart)' : ''}`;
      for (const c of CATEGORIES) {
        const missed = page.missed[c];
        figures.push({
          figure: `Lighthouse ${label(c)}, ${name}`,
          value: `${page.median.scores[c]}${missed ? ` (${missed} short)` : ''}`,
          budget: budget(c),
          ok: missed === undefined,
        });
      }
    }
    sections.push(
      `## Lighthouse\n\nLighthouse ${result.lighthouse}, mobile preset (Moto G Power emulation, simulated slow 4G ` +
        `and 4× CPU slowdown), ${result.runs} run${result.runs === 1 ? '' : 's'} per page, each in a fresh ` +
        `headless Chromium ${result.chromium}, against the built store (production mode, SQLite); medians. ` +
        'The checkout is audited with one item in the cart, and each run checks that the page showed it. ' +
        `Load average (1 min, 2 cores): ${result.load.before} before, ${result.load.after} after. Lighthouse's ` +
        'benchmark index of the machine (higher is faster) is given per run: simulated throttling scales the ' +
        'CPU time it observes, so a busy machine scores lower.\n\n' +
        markdownTable([
          ['page', ...CATEGORIES.map(label), 'LCP', 'TBT', 'CLS', 'benchmark index'],
          ['budget', ...CATEGORIES.map(budget), '', '', '', ''],
          ...result.pages.map((p) => [
            `\`${p.path}\`${p.withCart ? ' (cart)' : ''}`,
            ...CATEGORIES.map((c) => `${p.median.scores[c]}${p.missed[c] ? ' ✗' : ''}`),
            `${p.median.lcp} ms`,
            `${p.median.tbt} ms`,
            p.median.cls,
            p.median.benchmarkIndex,
          ]),
        ]) +
        '\n\nEach run: performance/accessibility/best practices/SEO, LCP/TBT, CLS, benchmark index, load ' +
        'average after the run.\n\n' +
        result.pages
          .map(
            (p) =>
              `- \`${p.path}\`: ` +
              p.runs
                .map(
                  (r) =>
                    `${CATEGORIES.map((c) => r.scores[c]).join('/')}, ${r.lcp}/${r.tbt} ms, ${r.cls}, ` +
                    `${r.benchmarkIndex}, ${r.load}`,
                )
                .join('; '),
          )
          .join('\n') +
        '\n\nAudits below 0.9 in at least half of the runs:\n\n' +
        result.pages
          .map(
            (p) =>
              `- \`${p.path}\`: ` +
              (p.failing.length
                ? p.failing.map((f) => `${f.title}${f.value ? ` (${f.value})` : ''}`).join('; ')
                : 'none'),
          )
          .join('\n') +
        `\n\nThe HTML report of each page's median run (by performance): \`${result.reportsDir}\`.`,
    );
  }

  if (only.has('upgrade-boot')) {
    const drivers = values['upgrade-drivers']!.split(',').map((d) => d.trim()) as ('sqlite' | 'mariadb')[];
    const orders = Number(values['upgrade-orders']);
    const keys = Number(values['upgrade-keys']);
    console.log(`--- first start on the previous release's database (${orders} orders, ${keys} keys)`);
    const result = await benchUpgradeBoot({ drivers, orders, keys, before: values.before });
    data.upgradeBoot = result;
    const seconds = (s: number | null) => (s === null ? 'never' : `${s} s`);
    for (const r of result.runs.filter((r) => r.version === 'this'))
      figures.push({
        figure: `first start on the previous release's database (${r.driver}): /api/health/live answers`,
        value: `${seconds(r.live)} (ready ${seconds(r.ready)}, backfills done ${seconds(r.backfillsDone)})`,
        budget: `≤ ${UPGRADE_LIVE_BUDGET_SECONDS} s`,
        ok: r.live !== null && r.live <= UPGRADE_LIVE_BUDGET_SECONDS,
      });
    sections.push(
      `## First start on the previous release's database\n\nThe release of CHANGELOG.md (\`${result.release.slice(0, 7)}\`) ` +
        'filled a database with its own code (seed-bulk, then stock keys imported through its API): ' +
        result.templates
          .map(
            (t) =>
              `${t.driver} ${t.orders} orders and ${t.keys} keys (${t.reused ? 'kept from an earlier run' : `filled in ${Math.round(t.seconds)} s`})`,
          )
          .join(', ') +
        '. Each run starts the built server of the version named in production mode on a fresh copy of it, and asks ' +
        'the liveness path every 100 ms and the readiness path every 250 ms (for a version without them, ' +
        `/api/health for both). Load average (1 min, 2 cores): ${result.load.before} before, ${result.load.after} after.\n\n` +
        markdownTable([
          ['database', 'version', 'first answer', 'live 200', 'slowest live', 'ready 200', 'backfills done'],
          ...result.runs.map((r) => [
            r.driver,
            r.version,
            seconds(r.firstAnswer),
            seconds(r.live),
            `${Math.round(r.slowestLiveMs)} ms${r.liveFailures ? ` (${r.liveFailures} failed)` : ''}`,
            seconds(r.ready),
            seconds(r.backfillsDone),
          ]),
        ]) +
        '\n\n' +
        result.runs
          .map(
            (r) =>
              `- ${r.driver}, ${r.version}: ready said ${r.notReady.map((m) => `"${m}"`).join(' → ') || 'nothing else'}` +
              (r.backfills.length ? `; ${r.backfills.join('; ')}` : ''),
          )
          .join('\n'),
    );
  }

  if (only.has('rotate-secrets')) {
    const orders = Number(values['rotate-orders'] ?? (quick ? 5_000 : 20_000));
    console.log(`--- rotate-secrets on ${driver}, ${orders} orders`);
    const passes = await benchRotateSecrets({ driver, orders });
    data.rotateSecrets = { driver, orders, passes };
    const pace = Math.min(...passes.map((p) => p.keysPerSecond));
    figures.push({
      figure: `rotate-secrets (${driver}), slower of two passes over ${passes[0]!.keys} keys`,
      value: `${pace} keys/s (a million in ${Math.round(1_000_000 / pace / 60)} min)`,
      budget: `≥ ${ROTATION_BUDGET} keys/s`,
      ok: pace >= ROTATION_BUDGET,
    });
    sections.push(
      `## rotate-secrets on ${driver}\n\nThe licence keys (their ciphertext, lookup hash and search terms), ` +
        `rewritten under a new LICENSE_KEY_SECRET, then back under the first, by \`npm run rotate-secrets\` ` +
        `(batches of 500).\n\n` +
        markdownTable([
          ['pass', 'keys', 'seconds', 'keys/s', 'load average after'],
          ...passes.map((p, i) => [
            String(i + 1),
            String(p.keys),
            String(p.seconds),
            String(p.keysPerSecond),
            p.load.toFixed(2),
          ]),
        ]),
    );
  }

  const summary = markdownTable([
    ['figure', 'value', 'budget', ''],
    ...figures.map((f) => [f.figure, f.value, f.budget, f.ok ? 'ok' : 'MISSED']),
  ]);
  const markdown = `# Benchmarks${quick ? ' (quick)' : ''}, ${new Date().toISOString().slice(0, 16)}\n\n${summary}\n\n${sections.join('\n\n')}`;
  console.log(`\n${summary}\n`);
  console.log(`report: ${writeReport(quick ? 'bench-quick' : 'bench', markdown, { ...data, figures })}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
