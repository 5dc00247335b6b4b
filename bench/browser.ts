/**
 * Shared Node-side half of the browser benchmarks (bench/time-to-ready.ts, bench/keystroke.ts):
 *
 * - bundles `src/define.ts` the way it ships: one minified ES module, `process.env.NODE_ENV` =
 *   "production", Lit's production build (the `development` export condition is never set), in a
 *   temporary folder; and bench/page.ts (the in-page harness) next to it;
 * - serves a tiny page from a `node:http` server on 127.0.0.1 (a port the OS picks);
 * - launches Debian's Chromium (`CHROME_PATH` overrides /usr/bin/chromium) headless through
 *   Playwright — browsers are never downloaded;
 * - a hard time limit and clean-up of the browser, the server and the temporary folder on every
 *   way out (normal end, exception, time limit, SIGINT/SIGTERM);
 * - statistics, the table and `.bench/<name>.json` (`BENCH_RESULT_DIR` elsewhere).
 *
 * The payment API is not involved: bench/page.ts stubs `window.fetch` for the benchmark's API base
 * (`https://api.tender-bench.invalid`, a name that cannot resolve) and answers from memory: the
 * payment, and the payment-method list the form asks for beside it (`billing="auto"`), which is the
 * sandbox's own answer for a USD payment (methodListTemplate), so the form shows the billing fields a
 * shopper gets.
 */
import { build } from 'esbuild';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from 'playwright';
import { PaymentMethodListResponse, PaymentResponse } from '../src/api/schemas.js';
import { startSandbox } from '../sandbox/server.js';
import type { BenchInit } from './page.js';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../test/chromium.js';

export { CHROMIUM_ARGS, CHROMIUM_PATH };

const API_BASE = 'https://api.tender-bench.invalid';
const PUBLISHABLE_KEY = 'pk_snd_tenderbench0000000000000000';

export function positiveInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer, got ${raw}`);
  return value;
}

// ---- clean-up on every way out ---------------------------------------------------------------------

const cleanups: (() => Promise<void> | void)[] = [];
let cleaning: Promise<void> | null = null;

/** Registers something to undo on exit; run last-registered first. */
export function onCleanup(cleanup: () => Promise<void> | void): void {
  cleanups.push(cleanup);
}

/** Runs every clean-up once (each one bounded to 10 s; a failing one does not stop the others). */
export function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    while (cleanups.length > 0) {
      const cleanup = cleanups.pop() as () => Promise<void> | void;
      let timer: ReturnType<typeof setTimeout> | undefined;
      try {
        await Promise.race([
          Promise.resolve().then(cleanup),
          new Promise<void>((resolveLimit) => (timer = setTimeout(resolveLimit, 10_000))),
        ]);
      } catch (error) {
        console.error(`clean-up failed: ${error instanceof Error ? error.message : String(error)}`);
      } finally {
        clearTimeout(timer);
      }
    }
  })();
  return cleaning;
}

/**
 * Runs a benchmark's main function: exit code from `main` (0 within budget, 1 over budget), 2 when
 * the run itself failed or took longer than `limitMs` (BENCH_TIME_LIMIT_MS overrides it). Cleans
 * up before exiting, whatever happens.
 */
export function runBenchmark(name: string, defaultLimitMs: number, main: () => Promise<number>): void {
  const limitMs = positiveInt('BENCH_TIME_LIMIT_MS', defaultLimitMs);
  let finishing = false;
  const finish = (code: number) => {
    finishing = true;
    void cleanUp().finally(() => process.exit(code));
  };
  const overall = setTimeout(() => {
    console.error(`${name}: gave up after ${limitMs / 1000} s`);
    finish(2);
    // if a clean-up hangs past its own bound, leave anyway (Playwright kills its browser on exit)
    setTimeout(() => process.exit(2), 25_000).unref();
  }, limitMs);
  overall.unref();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.error(`${name}: ${signal}, cleaning up`);
      finish(signal === 'SIGINT' ? 130 : 143);
    });
  }
  main().then(
    (code) => finish(code),
    (error: unknown) => {
      if (finishing) return; // the time limit or a signal closed the browser under main's feet
      console.error(`${name} failed:`, error instanceof Error ? (error.stack ?? error.message) : error);
      finish(2);
    },
  );
}

// ---- bundle, page, server ---------------------------------------------------------------------------

/** Starts a server on a free loopback port, closed at clean-up; returns its origin. */
export async function listenOnLoopback(server: Server): Promise<string> {
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolveListen());
  });
  onCleanup(
    () =>
      new Promise<void>((resolveClose) => {
        server.closeAllConnections();
        server.close(() => resolveClose());
      }),
  );
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the page server has no port');
  return `http://127.0.0.1:${address.port}`;
}

export interface Bundle {
  dir: string;
  /** Bytes of the element's bundle (minified), and gzipped (level 9). */
  bytes: number;
  gzipBytes: number;
}

/** Builds the element's production bundle and the harness into a new temporary folder. */
export async function buildBundles(): Promise<Bundle> {
  const dir = mkdtempSync(join(tmpdir(), 'tender-bench-page-'));
  onCleanup(() => rmSync(dir, { recursive: true, force: true }));
  const common = {
    bundle: true,
    format: 'esm' as const,
    platform: 'browser' as const,
    target: 'es2022',
    tsconfig: join(root, 'tsconfig.json'), // experimentalDecorators / useDefineForClassFields for Lit
    logLevel: 'warning' as const,
    legalComments: 'none' as const,
  };
  await build({
    ...common,
    entryPoints: [join(root, 'src/define.ts')],
    outfile: join(dir, 'tender-checkout.js'),
    minify: true,
    // Lit picks its production build unless the `development` condition is set; it is not here.
    conditions: ['production'],
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  await build({ ...common, entryPoints: [join(root, 'bench/page.ts')], outfile: join(dir, 'harness.js') });
  const code = readFileSync(join(dir, 'tender-checkout.js'));
  if (code.includes('Lit is in dev mode')) throw new Error('the bundle contains Lit dev mode');
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>tender-checkout bench</title></head>' +
      '<body><main id="host"></main><script type="module" src="/harness.js"></script>' +
      '<script type="module" src="/tender-checkout.js"></script></body></html>\n',
  );
  return { dir, bytes: code.length, gzipBytes: gzipSync(code, { level: 9 }).length };
}

const CONTENT_TYPES: Record<string, string> = {
  '/index.html': 'text/html; charset=utf-8',
  '/harness.js': 'text/javascript; charset=utf-8',
  '/tender-checkout.js': 'text/javascript; charset=utf-8',
};

/** Serves the bundle folder (three files, from memory) on 127.0.0.1. */
export async function startPageServer(dir: string): Promise<string> {
  const files = new Map(Object.keys(CONTENT_TYPES).map((path) => [path, readFileSync(join(dir, path.slice(1)))]));
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0] === '/' ? '/index.html' : (request.url ?? '/').split('?')[0] ?? '';
    const body = files.get(path);
    if (!body) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    response
      .writeHead(200, {
        'content-type': CONTENT_TYPES[path] ?? 'application/octet-stream',
        'cache-control': 'no-store',
        // cross-origin isolation: performance.now() at 5 µs resolution instead of 100 µs
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-embedder-policy': 'require-corp',
      })
      .end(body);
  });
  return listenOnLoopback(server);
}

/** A PaymentResponse the element accepts and shows the form for (checked against src/api/schemas.ts). */
export function paymentTemplate(): Record<string, unknown> {
  const now = Date.now();
  const template = {
    payment_id: 'pay_template',
    merchant_id: 'merchant_bench',
    status: 'requires_confirmation',
    amount: 4999,
    net_amount: 4999,
    amount_capturable: 4999,
    amount_received: null,
    currency: 'USD',
    client_secret: 'pay_template_secret_template',
    capture_method: 'automatic',
    payment_method: 'card',
    payment_method_data: null,
    next_action: null,
    error_code: null,
    error_message: null,
    unified_code: null,
    unified_message: null,
    manual_retry_allowed: null,
    return_url: null,
    attempt_count: 0,
    created: new Date(now).toISOString(),
    expires_on: new Date(now + 15 * 60_000).toISOString(),
    mandate_id: null,
  };
  const parsed = PaymentResponse.safeParse(template);
  if (!parsed.success) throw new Error(`the benchmark's payment does not match PaymentResponse: ${JSON.stringify(parsed.error.issues)}`);
  return template;
}

/**
 * The payment-method list the sandbox answers for a USD payment (`GET /account/payment_methods`): a
 * sandbox in memory for the time of one payment and its list, checked against src/api/schemas.ts.
 */
export async function methodListTemplate(): Promise<Record<string, unknown>> {
  const sandbox = await startSandbox({ port: 0, dbPath: ':memory:', log: null });
  try {
    // a database in memory is always new: its demo merchant's secret key is at hand
    const secretKey = sandbox.demo.secretKey ?? '';
    const created = await fetch(new URL('/payments', sandbox.url), {
      method: 'POST',
      headers: { 'api-key': secretKey, 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 4999, currency: 'USD' }),
    });
    const { client_secret: secret } = (await created.json()) as { client_secret: string };
    const answer = await fetch(new URL(`/account/payment_methods?client_secret=${encodeURIComponent(secret)}`, sandbox.url), { headers: { 'api-key': sandbox.demo.publishableKey } });
    const list = (await answer.json()) as Record<string, unknown>;
    const parsed = PaymentMethodListResponse.safeParse(list);
    if (answer.status !== 200 || !parsed.success) throw new Error(`the sandbox's payment-method list (${answer.status}) does not match PaymentMethodListResponse`);
    return list;
  } finally {
    await sandbox.close();
  }
}

/*
 * Note for page.evaluate callbacks in the bench scripts: tsx compiles with esbuild's keepNames, which
 * wraps named functions in a `__name(…)` helper that does not exist in the page. Pass anonymous
 * arrows that only call into `window.tenderBench` (bench/page.ts, bundled on its own), or a string.
 */

export interface BenchPage {
  browser: Browser;
  /** The current page (replaced by {@link BenchPage.freshPage}). */
  page: Page;
  /** The local page server, http://127.0.0.1:port. */
  origin: string;
  chromiumVersion: string;
  userAgent: string;
  bundle: Bundle;
  /** Requests any bench page made to anything but the local page server (the API is stubbed: expected 0). */
  outsideRequests: string[];
  /** Uncaught errors and console errors or warnings in any bench page. */
  pageErrors: string[];
  /**
   * Closes the current page and its browser context and opens the bench page in a new context
   * (a new renderer process, empty caches): what a customer's first visit looks like.
   */
  freshPage(): Promise<Page>;
}

/** Debian's Chromium for a benchmark, closed by the benchmark's clean-up; `extraArgs` after CHROMIUM_ARGS. */
export async function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS, ...extraArgs],
    timeout: 60_000,
    // runBenchmark's own handlers close the browser, the server and the temporary folder; Playwright
    // would exit at once on these signals (it still kills the browser if the process exits)
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
  onCleanup(() => browser.close());
  return browser;
}

/** What {@link settleBrowser} found: how long it waited, and whether the browser was quiet by then. */
export interface Settled {
  waitedMs: number;
  quiet: boolean;
}

/**
 * Waits until the browser's processes, all of them (browser, renderers, GPU, network service), are
 * quiet: two windows of `windowMs` in a row in which they used less than `quietCpuMs` of CPU between
 * them, at most `maxMs`. Their CPU time is read through `SystemInfo.getProcessInfo`, so nothing else
 * on the machine counts.
 *
 * Why: a new browser context opens a new window, and the headless Chromium builds that window's
 * browser UI as it would for a shopper, omnibox pop-ups included (two WebUI renderers,
 * `chrome://omnibox-popup.top-chrome/`), which takes both of this machine's cores for about a second.
 * A shopper's window was opened long before the checkout; a load measured at once would share the
 * CPU with that start instead (bench/cold-load.ts measured it: docs/performance.md § The browser's
 * own start).
 */
export async function settleBrowser(browser: Browser, { windowMs = 100, quietCpuMs = 15, maxMs = 5_000 } = {}): Promise<Settled> {
  const session = await browser.newBrowserCDPSession();
  try {
    const cpuMs = async (): Promise<number> => {
      const { processInfo } = (await session.send('SystemInfo.getProcessInfo')) as { processInfo: { cpuTime: number }[] };
      return processInfo.reduce((sum, process) => sum + process.cpuTime, 0) * 1000;
    };
    const start = performance.now();
    let last = await cpuMs();
    let quietWindows = 0;
    while (quietWindows < 2) {
      if (performance.now() - start >= maxMs) return { waitedMs: performance.now() - start, quiet: false };
      await new Promise((resolveWait) => setTimeout(resolveWait, windowMs));
      const now = await cpuMs();
      quietWindows = now - last < quietCpuMs ? quietWindows + 1 : 0;
      last = now;
    }
    return { waitedMs: performance.now() - start, quiet: true };
  } finally {
    await session.detach().catch(() => undefined);
  }
}

/** Bundle + server + Chromium + the page, loaded and initialised. */
export async function openBenchPage(): Promise<BenchPage> {
  const methodList = await methodListTemplate();
  const bundle = await buildBundles();
  const origin = await startPageServer(bundle.dir);
  const browser = await launchChromium();
  const outsideRequests: string[] = [];
  const pageErrors: string[] = [];
  const openPage = async (): Promise<Page> => {
    const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, serviceWorkers: 'block' });
    const page = await context.newPage();
    page.setDefaultTimeout(60_000);
    page.on('request', (request) => {
      if (!request.url().startsWith(`${origin}/`)) outsideRequests.push(`${request.method()} ${request.url()}`);
    });
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') pageErrors.push(`console.${message.type()}: ${message.text()}`);
    });
    await page.goto(`${origin}/`);
    await page.waitForFunction(() => Boolean(window.tenderBench) && Boolean(customElements.get('tender-checkout')));
    const init: BenchInit = { apiBase: API_BASE, publishableKey: PUBLISHABLE_KEY, paymentTemplate: paymentTemplate(), methodList };
    await page.evaluate((options) => window.tenderBench.init(options), init);
    // the new window's own start (its browser UI) over before anything is measured in it: see settleBrowser
    await settleBrowser(browser);
    return page;
  };
  const page = await openPage();
  const userAgent = await page.evaluate(() => navigator.userAgent);
  const bench: BenchPage = {
    browser,
    page,
    origin,
    chromiumVersion: browser.version(),
    userAgent,
    bundle,
    outsideRequests,
    pageErrors,
    async freshPage() {
      await bench.page.context().close();
      bench.page = await openPage();
      return bench.page;
    },
  };
  return bench;
}

// ---- statistics and reporting --------------------------------------------------------------------

export interface Summary {
  n: number;
  min: number;
  median: number;
  mean: number;
  p95: number;
  p99: number;
  max: number;
}

/** Nearest-rank percentile (the smallest value with at least p % of the values at or below it). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1] as number;
}

export function summarize(values: readonly number[]): Summary {
  const sorted = [...values].sort((a, b) => a - b);
  const round = (value: number) => Math.round(value * 1000) / 1000;
  const middle = sorted.length / 2;
  const median = sorted.length % 2 === 1 ? (sorted[Math.floor(middle)] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
  return {
    n: sorted.length,
    min: round(sorted[0] ?? NaN),
    median: round(median),
    mean: round(sorted.reduce((sum, value) => sum + value, 0) / sorted.length),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted[sorted.length - 1] ?? NaN),
  };
}

export const ms = (value: number): string => `${value.toFixed(3)} ms`;

export function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => row[column]?.length ?? 0)));
  const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  console.log(line(header));
  console.log(line(widths.map((width) => '-'.repeat(width))));
  for (const row of rows) console.log(line(row));
}

export function machine(): { cpus: number; cpuModel: string; loadAverage: string } {
  let loadAverage = '';
  try {
    loadAverage = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  } catch {
    loadAverage = 'unknown';
  }
  return { cpus: availableParallelism(), cpuModel: cpus()[0]?.model ?? 'unknown', loadAverage };
}

/** Busy and total CPU time of the whole machine so far, from /proc/stat (Linux); null elsewhere. */
function cpuTimes(): { busy: number; total: number } | null {
  try {
    const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number);
    const total = fields.reduce((sum, value) => sum + value, 0);
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0); // idle + iowait
    return { busy: total - idle, total };
  } catch {
    return null;
  }
}

/**
 * How many CPUs other processes keep busy, sampled over `sampleMs` before the benchmark starts its
 * own work (the load average would also count a benchmark run just before). Null off Linux.
 */
export async function busyCpusBefore(sampleMs = 1000): Promise<number | null> {
  const before = cpuTimes();
  await new Promise((resolveSample) => setTimeout(resolveSample, sampleMs));
  const after = cpuTimes();
  if (!before || !after || after.total <= before.total) return null;
  return Math.round(((after.busy - before.busy) / (after.total - before.total)) * availableParallelism() * 100) / 100;
}

/** A warning line when other processes kept at least half a CPU busy before the run, else null. */
export function loadWarning(busyCpus: number | null): string | null {
  return busyCpus !== null && busyCpus >= 0.5
    ? `warning: other processes kept ${busyCpus} of ${availableParallelism()} CPUs busy just before the run: the figures are pessimistic`
    : null;
}

export function writeResult(name: string, result: unknown): string {
  // BENCH_RESULT_DIR: elsewhere than .bench/ (bench/harness.test.ts, which must not replace a real run's figures)
  const file = join(process.env.BENCH_RESULT_DIR || join(root, '.bench'), `${name}.json`);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  return file;
}
