/**
 * Cold load, as a shopper meets it: from navigation start to the card form painted, typeable and
 * payable, in a fresh browser context per load, over an emulated network, beside a plain static
 * HTML form (the physical floor). docs/performance.md "Cold load" has the method and the figures.
 *
 * Set-up, all on loopback:
 * - the merchant's origin, `http://127.0.0.1:<port>`: a `node:http` server with the checkout page
 *   of docs/integration.md ("Script tag") and the shipped `dist/` files under
 *   `/assets/tender-checkout/`, gzipped (level 9) as a CDN would send them; the page's payment is
 *   created with the secret key just before each load and its client secret written into the page;
 * - the payment API's origin, `http://localhost:<port>`: the real sandbox (sandbox/server.ts, SQLite
 *   in memory), so CORS preflights and cross-origin frames behave as in production (127.0.0.1 and
 *   localhost are different sites: a frame of one in a page of the other is out of process);
 * - both behind bench/link.ts, a TCP proxy that delays every byte by half a round trip each way and
 *   paces the bytes at the link's rates. ONE ROUND TRIP (RTT) = one HTTP request and its answer,
 *   preflights included, on an open connection; opening a connection costs nothing here (a real
 *   first visit adds one round trip for TCP and one for TLS 1.3 per new origin, both modes alike).
 *
 * Subjects: the static form (four inputs, no script); `<tender-checkout>` as the page of
 * docs/integration.md has it (main file in `<head>`, no hints); the same page with
 * `<link rel="modulepreload">` of the client chunk (integration.md's SRI advice, which is also a
 * speed hint).
 *
 * Each load is a new browser context (new renderer processes, empty caches, no preflight cache) of
 * one Debian Chromium (test/chromium.ts). bench/cold-probe.ts is injected into every document and
 * gives, in ms from the top page's navigation start (`performance.timeOrigin`; a frame's marks are
 * moved by the difference of the two documents' time origins):
 *
 *   painted   the first frame whose main-thread work is done with the number field's box visible;
 *   typeable  the same with the field also enabled, writable, focusable and not inert;
 *   payable   `tender-ready` reached the page.
 *
 * The link logs every exchange (bench/link.ts), so each load also gives its requests in order with
 * start and end, and the ROUND TRIPS ON THE CRITICAL PATH to a mark: the longest chain of requests,
 * each started after the previous one ended, among those that ended before the mark.
 *
 * Cases: 0 ms; 100 ms; 300 ms at 1.6 Mbit/s down and 750 kbit/s up. BENCH_ROUNDS (5) loads of each
 * subject per case, the subjects interleaved in a rotating order, after one uncounted round; medians
 * with min and max. After each load the bench types into the number field (not timed) to check that
 * "typeable" was true.
 *
 *   npx tsx bench/cold-load.ts      (npm run bench:cold-load)
 *
 * Rebuilds the script-tag bundle first (`node scripts/build-bundle.mjs`; BENCH_COLD_BUILD=0 uses
 * dist/ as it is). Prints the tables, writes `.bench/cold-load.json`, exits 0, or 2 when the run
 * failed or took more than 10 minutes (BENCH_TIME_LIMIT_MS overrides).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { chromium, type Browser, type BrowserContext, type Frame } from 'playwright';
import { startSandbox, type Sandbox } from '../sandbox/server.js';
import { busyCpusBefore, CHROMIUM_ARGS, CHROMIUM_PATH, listenOnLoopback, loadWarning, machine, onCleanup, positiveInt, printTable, root, runBenchmark, summarize, writeResult, type Summary } from './browser.js';
import type { ColdMarks } from './cold-probe.js';
import { Link, type Exchange, type LinkConditions } from './link.js';

const ROUNDS = positiveInt('BENCH_ROUNDS', 5);
const LIMIT_MS = 600_000;
const LOAD_TIMEOUT_MS = 30_000;

interface Case {
  name: string;
  conditions: LinkConditions;
}

const CASES: Case[] = [
  { name: '0 ms', conditions: { rttMs: 0, downKbps: null, upKbps: null } },
  { name: '100 ms', conditions: { rttMs: 100, downKbps: null, upKbps: null } },
  { name: '300 ms, 1.6 Mbit/s', conditions: { rttMs: 300, downKbps: 1600, upKbps: 750 } },
];

interface Subject {
  name: string;
  /** Path of its page on the merchant's origin. */
  path: string;
  /** Whether it fires `tender-ready` (the static form does not). */
  payable: boolean;
}

const SUBJECTS: Subject[] = [
  { name: 'static form (floor)', path: '/static.html', payable: false },
  { name: 'inline', path: '/inline.html', payable: true },
  { name: 'inline + modulepreload', path: '/inline-preload.html', payable: true },
];

/** One request as the load saw it, ms from the top page's navigation start. */
interface Request {
  origin: 'page' | 'api';
  method: string;
  /** Path without the query (the payment's GET carries the client secret there). */
  path: string;
  start: number;
  end: number | null;
  bytes: number;
  /** Requests in sequence up to and including this one (1: started before any other ended). */
  depth: number;
}

interface Sample {
  painted: number;
  typeable: number;
  payable: number | null;
  /** Round trips on the critical path to each mark. */
  trips: { painted: number; typeable: number; payable: number | null };
  requests: Request[];
  /** Node's and the browser's epoch clocks differ by this much (ms) at the page request; the requests are corrected for it. */
  clockSkew: number;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

// ---- the merchant's origin ---------------------------------------------------------------------------

interface Payment {
  clientSecret: string;
}

interface File {
  type: string;
  body: Buffer;
  gzip: Buffer;
}

/** dist/'s script-tag files, read once (another build may replace dist/ during the run). */
function distFiles(): Map<string, File> {
  const files = new Map<string, File>();
  const dist = join(root, 'dist');
  const add = (file: string) => {
    const body = readFileSync(file);
    files.set(`/assets/tender-checkout/${relative(dist, file)}`, { type: 'text/javascript; charset=utf-8', body, gzip: gzipSync(body, { level: 9 }) });
  };
  add(join(dist, 'tender-checkout.js'));
  for (const folder of ['chunks', 'locales']) {
    const dir = join(dist, folder);
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir)) if (name.endsWith('.js') && statSync(join(dir, name)).isFile()) add(join(dir, name));
  }
  return files;
}

/** The checkout page of docs/integration.md, or the static form. */
function pageHtml(path: string, settings: { publishableKey: string; apiBase: string; clientSecret: string; clientChunk: string }): string | null {
  const head = (hints: string) =>
    '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n' +
    `<link rel="icon" href="data:,">\n<title>Checkout — My Shop</title>\n${hints}`;
  const element = (attributes: string) =>
    `<tender-checkout publishable-key="${settings.publishableKey}" client-secret="${settings.clientSecret}" api-base="${settings.apiBase}"${attributes}></tender-checkout>`;
  const script = '<script type="module" src="/assets/tender-checkout/tender-checkout.js"></script>\n';
  const body = (content: string) => `</head>\n<body>\n<main>\n<h1>Pay for order 1042</h1>\n${content}\n</main>\n</body>\n</html>\n`;
  switch (path) {
    case '/static.html':
      return (
        head('') +
        body(
          '<form>\n<label>Card number <input name="cardnumber" autocomplete="cc-number" inputmode="numeric"></label>\n' +
            '<label>Expiry <input name="exp-date" autocomplete="cc-exp"></label>\n<label>CVC <input name="cvc" autocomplete="cc-csc"></label>\n' +
            '<label>Name on card <input name="ccname" autocomplete="cc-name"></label>\n<button>Pay</button>\n</form>',
        )
      );
    case '/inline.html':
      return head(script) + body(element(''));
    case '/inline-preload.html':
      return head(`<link rel="modulepreload" href="/assets/tender-checkout/${settings.clientChunk}">\n${script}`) + body(element(''));
    default:
      return null;
  }
}

async function startMerchant(files: Map<string, File>, page: (path: string) => string | null): Promise<number> {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    const html = page(path);
    const file = html === null ? files.get(path) : { type: 'text/html; charset=utf-8', body: Buffer.from(html), gzip: gzipSync(html, { level: 9 }) };
    if (!file) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
    response
      .writeHead(200, {
        'content-type': file.type,
        'cache-control': html === null ? 'public, max-age=31536000' : 'no-store',
        ...(gzip ? { 'content-encoding': 'gzip' } : {}),
        vary: 'accept-encoding',
      })
      .end(gzip ? file.gzip : file.body);
  });
  const origin = await listenOnLoopback(server);
  return Number(new URL(origin).port);
}

// ---- one load -----------------------------------------------------------------------------------------

interface DocumentState {
  timeOrigin: number;
  requestStart: number;
  responseEnd: number;
  marks: ColdMarks | null;
}

/** The time origin, navigation timing and probe marks of a document. */
async function documentState(frame: Frame): Promise<DocumentState> {
  return frame.evaluate(`(() => {
    const navigation = performance.getEntriesByType('navigation')[0];
    return { timeOrigin: performance.timeOrigin, requestStart: navigation ? navigation.requestStart : NaN, responseEnd: navigation ? navigation.responseEnd : NaN, marks: window.__coldBench ?? null };
  })()`);
}

/** Chain depth of each exchange: 1 + the deepest exchange that ended before it started. */
function withDepth(exchanges: Omit<Request, 'depth'>[]): Request[] {
  const sorted = [...exchanges].sort((a, b) => a.start - b.start);
  const done: Request[] = [];
  for (const exchange of sorted) {
    const before = done.filter((other) => other.end !== null && other.end <= exchange.start);
    done.push({ ...exchange, depth: 1 + Math.max(0, ...before.map((other) => other.depth)) });
  }
  return done;
}

const tripsTo = (requests: Request[], mark: number): number => Math.max(0, ...requests.filter((request) => request.end !== null && request.end <= mark).map((request) => request.depth));

interface Run {
  browser: Browser;
  link: Link;
  sandbox: Sandbox;
  secretKey: string;
  merchantOrigin: string;
  apiOrigin: string;
  probe: string;
  setPayment(payment: Payment | null): void;
}

async function createPayment(run: Run): Promise<Payment> {
  const response = await fetch(new URL('/payments', run.sandbox.url), {
    method: 'POST',
    headers: { 'api-key': run.secretKey, 'content-type': 'application/json' },
    body: JSON.stringify({ amount: 4999, currency: 'USD', description: 'Order 1042' }),
  });
  if (response.status !== 200) throw new Error(`create payment: ${response.status} ${await response.text()}`);
  const payment = (await response.json()) as { client_secret: string };
  return { clientSecret: payment.client_secret };
}

async function loadOnce(run: Run, subject: Subject, conditions: LinkConditions): Promise<Sample> {
  run.setPayment(await createPayment(run));
  run.link.reset(conditions);
  const context: BrowserContext = await run.browser.newContext({ viewport: { width: 1024, height: 768 }, serviceWorkers: 'block' });
  try {
    const problems: string[] = [];
    let settle: () => void = () => undefined;
    const settled = new Promise<void>((resolveSettled) => (settle = resolveSettled));
    const reported = new Map<Frame, ColdMarks>();
    const complete = (): boolean => {
      const top = [...reported.entries()].find(([frame]) => frame.parentFrame() === null)?.[1];
      if (!top || top.errors.length > 0) return Boolean(top?.errors.length);
      return top.typeable !== null && (!subject.payable || top.ready !== null);
    };
    await context.exposeBinding('__coldBenchReport', (source, marks: ColdMarks) => {
      reported.set(source.frame, marks);
      if (complete()) settle();
    });
    await context.addInitScript({ content: run.probe });
    const page = await context.newPage();
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(`console.${message.type()}: ${message.text()}`);
    });
    page.on('requestfailed', (request) => problems.push(`request failed: ${request.url()} (${request.failure()?.errorText ?? '?'})`));
    const url = `${run.merchantOrigin}${subject.path}`;
    await page.goto(url, { waitUntil: 'commit' });
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      settled,
      new Promise<void>((_, reject) => (timer = setTimeout(() => reject(new Error(`${subject.name}: not done after ${LOAD_TIMEOUT_MS / 1000} s`)), LOAD_TIMEOUT_MS))),
    ]).finally(() => clearTimeout(timer));

    const top = await documentState(page.mainFrame());
    const marks = top.marks;
    if (!marks || marks.painted === null || marks.typeable === null) throw new Error(`${subject.name}: the probe found no number field`);
    if (marks.errors.length > 0) problems.push(`tender-error: ${marks.errors.join(', ')}`);

    // the requests, as the link saw them, on the top page's clock
    const exchanges = [...run.link.exchanges];
    const pageRequest = exchanges.find((exchange) => exchange.method === 'GET' && exchange.path === subject.path);
    if (!pageRequest) throw new Error(`${subject.name}: the link carried no GET ${subject.path}`);
    const clockSkew = pageRequest.start - (top.timeOrigin + top.requestStart);
    const onTopClock = (time: number) => time - clockSkew - top.timeOrigin;
    const requests = withDepth(
      exchanges.map((exchange: Exchange) => ({
        origin: exchange.origin === run.merchantOrigin ? ('page' as const) : ('api' as const),
        method: exchange.method,
        path: exchange.path.split('?')[0] ?? '',
        start: round1(onTopClock(exchange.start)),
        end: exchange.end === null ? null : round1(onTopClock(exchange.end)),
        bytes: exchange.bytesDown,
      })),
    );

    // check that "typeable" was true: a digit typed into the field stays there (not timed)
    const field = page.locator('input[autocomplete="cc-number"]');
    await field.pressSequentially('42', { timeout: 5_000 });
    const value = (await field.inputValue()).replace(/\D/g, '');
    if (value !== '42') problems.push(`typed 42 into the number field, it holds ${JSON.stringify(value)}`);

    if (problems.length > 0) throw new Error(`${subject.name} did not load cleanly:\n${problems.join('\n')}`);
    const payable = subject.payable ? marks.ready : null;
    return {
      painted: round1(marks.painted),
      typeable: round1(marks.typeable),
      payable: payable === null ? null : round1(payable),
      trips: {
        painted: tripsTo(requests, marks.painted),
        typeable: tripsTo(requests, marks.typeable),
        payable: payable === null ? null : tripsTo(requests, payable),
      },
      requests,
      clockSkew: round1(clockSkew),
    };
  } finally {
    await context.close();
    run.link.dropConnections();
    run.setPayment(null);
  }
}

// ---- the run ------------------------------------------------------------------------------------------

async function bundleProbe(): Promise<string> {
  const result = await build({
    entryPoints: [join(root, 'bench/cold-probe.ts')],
    bundle: true,
    format: 'iife',
    target: 'es2022',
    platform: 'browser',
    write: false,
    logLevel: 'warning',
  });
  return result.outputFiles[0]?.text ?? '';
}

const fmt = (value: number) => Math.round(value).toLocaleString('en');
const cell = (summary: Summary | null) => (summary ? `${fmt(summary.median)} (${fmt(summary.min)}–${fmt(summary.max)})` : '—');
const median = (values: number[]) => summarize(values).median;

async function main(): Promise<number> {
  const loadBefore = machine().loadAverage;
  const busyBefore = await busyCpusBefore();
  if (process.env.BENCH_COLD_BUILD !== '0') {
    const result = spawnSync(process.execPath, ['scripts/build-bundle.mjs'], { cwd: root, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`node scripts/build-bundle.mjs failed (exit ${result.status}):\n${result.stderr}${result.stdout}`);
  }
  if (!existsSync(join(root, 'dist', 'tender-checkout.js'))) throw new Error('dist/tender-checkout.js is missing: run npm run build');
  const files = distFiles();
  const clientChunk = [...files.keys()].map((path) => path.replace('/assets/tender-checkout/', '')).find((path) => /^chunks\/client-\w+\.js$/.test(path));
  if (!clientChunk) throw new Error('dist/chunks/client-<hash>.js is missing: run npm run build');

  const link = new Link();
  onCleanup(() => link.close());
  // the API's origin: its port must be known before the sandbox starts (its public URL names it)
  let sandboxPort = 0;
  const apiPort = await link.proxy(() => sandboxPort);
  const apiOrigin = `http://localhost:${apiPort}`;
  const sandbox = await startSandbox({ port: 0, dbPath: ':memory:', log: null, publicUrl: apiOrigin });
  onCleanup(() => sandbox.close());
  sandboxPort = sandbox.port;
  const secretKey = sandbox.demo.secretKey;
  if (!secretKey) throw new Error('the sandbox made no secret key');

  let payment: Payment | null = null;
  const merchantPort = await startMerchant(files, (path) =>
    pageHtml(path, { publishableKey: sandbox.demo.publishableKey, apiBase: apiOrigin, clientSecret: payment?.clientSecret ?? '', clientChunk }),
  );
  const merchantOrigin = `http://127.0.0.1:${await link.proxy(() => merchantPort)}`;

  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    timeout: 60_000,
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
  onCleanup(() => browser.close());
  const run: Run = {
    browser,
    link,
    sandbox,
    secretKey,
    merchantOrigin,
    apiOrigin,
    probe: await bundleProbe(),
    setPayment: (next) => (payment = next),
  };

  // one uncounted round: the browser's first contexts are slower than the rest
  for (const subject of SUBJECTS) await loadOnce(run, subject, CASES[0]?.conditions as LinkConditions);

  const samples = new Map<string, Sample[]>(); // `${case}|${subject}`
  for (const testCase of CASES) {
    for (let round = 0; round < ROUNDS; round++) {
      for (let i = 0; i < SUBJECTS.length; i++) {
        const subject = SUBJECTS[(round + i) % SUBJECTS.length] as Subject;
        const sample = await loadOnce(run, subject, testCase.conditions);
        const key = `${testCase.name}|${subject.name}`;
        samples.set(key, [...(samples.get(key) ?? []), sample]);
      }
    }
  }

  console.log('\nCold load: navigation start → number field painted / typeable / payable (tender-ready), ms');
  console.log(`Chromium ${browser.version()}, ${CHROMIUM_PATH}; node ${process.version}; ${machine().cpus} CPUs (${machine().cpuModel}), load ${loadBefore} at start, ${machine().loadAverage} at end, ${busyBefore ?? '?'} CPUs busy before start`);
  console.log(`a fresh browser context per load; ${ROUNDS} loads per subject and case; median (min–max); round trips on the critical path in [ ]`);
  console.log('one round trip = one HTTP exchange on an open connection (bench/link.ts); connection set-up not emulated\n');

  const rows: string[][] = [];
  const summaries: Record<string, Record<string, unknown>> = {};
  for (const testCase of CASES) {
    for (const subject of SUBJECTS) {
      const list = samples.get(`${testCase.name}|${subject.name}`) ?? [];
      const pick = (key: 'painted' | 'typeable') => summarize(list.map((sample) => sample[key]));
      const payable = subject.payable ? summarize(list.map((sample) => sample.payable as number)) : null;
      const trips = (key: 'painted' | 'typeable' | 'payable') => {
        const values = list.map((sample) => sample.trips[key]).filter((value): value is number => value !== null);
        return values.length ? median(values) : null;
      };
      const requests = median(list.map((sample) => sample.requests.filter((request) => request.end !== null && request.end <= (sample.payable ?? sample.typeable)).length));
      summaries[`${testCase.name} | ${subject.name}`] = { painted: pick('painted'), typeable: pick('typeable'), payable, trips: { painted: trips('painted'), typeable: trips('typeable'), payable: trips('payable') }, requests };
      // at 0 ms a request may start in the same millisecond another ends: chains mean nothing there
      const withTrips = (summary: Summary | null, count: number | null) => (summary ? `${cell(summary)}${testCase.conditions.rttMs > 0 ? ` [${count}]` : ''}` : '—');
      rows.push([testCase.name, subject.name, withTrips(pick('painted'), trips('painted')), withTrips(pick('typeable'), trips('typeable')), withTrips(payable, trips('payable')), String(requests)]);
    }
  }
  printTable(['RTT', 'subject', 'painted [trips]', 'typeable [trips]', 'payable [trips]', 'requests until done'], rows);

  // the requests of one load per subject at the slowest case: the round with the median payable (or typeable)
  const slowest = CASES[CASES.length - 1] as Case;
  for (const subject of SUBJECTS) {
    const list = samples.get(`${slowest.name}|${subject.name}`) ?? [];
    const key = (sample: Sample) => sample.payable ?? sample.typeable;
    const sorted = [...list].sort((a, b) => key(a) - key(b));
    const chosen = sorted[Math.floor((sorted.length - 1) / 2)];
    if (!chosen) continue;
    console.log(`\n${subject.name} at ${slowest.name}, the median load: painted ${fmt(chosen.painted)}, typeable ${fmt(chosen.typeable)}${chosen.payable === null ? '' : `, payable ${fmt(chosen.payable)}`}`);
    printTable(
      ['#', 'depth', 'origin', 'request', 'start', 'end', 'bytes'],
      chosen.requests.map((request, index) => [String(index + 1), String(request.depth), request.origin, `${request.method} ${request.path}`, fmt(request.start), request.end === null ? '—' : fmt(request.end), request.bytes.toLocaleString('en')]),
    );
  }

  const warning = loadWarning(busyBefore);
  if (warning) console.log(`\n${warning}`);
  const file = writeResult('cold-load', {
    benchmark: 'cold-load',
    date: new Date().toISOString(),
    definition:
      'ms from the top page navigation start to: the number field visible in a finished frame (painted), the same and enabled, writable, focusable, not inert (typeable), tender-ready (payable); fresh browser context per load; bench/link.ts: one round trip per HTTP exchange, connection set-up not emulated',
    chromium: browser.version(),
    node: process.version,
    machine: { ...machine(), loadAverageAtStart: loadBefore, busyCpusBeforeStart: busyBefore },
    settings: { rounds: ROUNDS },
    cases: CASES,
    subjects: SUBJECTS,
    summary: summaries,
    samples: Object.fromEntries(samples),
  });
  console.log(`\nwrote ${file}`);
  return 0;
}

runBenchmark('cold-load', LIMIT_MS, main);
