/**
 * Script evaluation time of our script-tag bundle against the peers' card bundles, in the same
 * headless Chromium run (informational: docs/architecture.md "Budgets" has no budget for it).
 *
 * Bundles (built files, not source):
 * - ours, main:            `dist/tender-checkout.js` (ES module; registers the elements);
 * - ours, main + client:   the same, then `dist/chunks/client-<hash>.js` (what a page has run
 *                          before its first payment request, docs/decisions/0003);
 * - Braintree card + 3DS:  client, hosted-fields, three-d-secure, esbuild-minified UMD files
 *                          loaded as three classic `<script src>` in that order (bench/peers.ts);
 * - Adyen card:            core + card, one esbuild ES module (bench/peers.ts; its CSS is not loaded).
 * The script-tag bundle is rebuilt first with `node scripts/build-bundle.mjs` (BENCH_EVAL_BUILD=0
 * uses dist/ as it is), so the figures are those of the source as it is now.
 *
 * Method. Each bundle is served from memory by a `node:http` server on 127.0.0.1 and loaded by its
 * own tiny page: classic `<script src>` for Braintree, a classic inline script calling dynamic
 * `import()` for the ES modules (so no module other than the bundle's is evaluated in the page).
 * Every load is a fresh browser context (new renderer process, empty HTTP cache, so no V8 code
 * cache: a customer's first visit). Chromium records a trace (category `devtools.timeline`, the one
 * DevTools' Performance panel uses) from before navigation until the page has checked that the
 * bundle's exports exist. From the trace, on the page's renderer main thread:
 *
 *   main thread = the union of the intervals of `EvaluateScript`, `v8.compile` (classic scripts,
 *                 matched by URL), `v8.compileModule` (matched by URL) and `v8.evaluateModule`
 *                 (only the bundle's modules are evaluated in the page);
 *   of which compile = `v8.compile` + `v8.compileModule` (what the main thread spends compiling;
 *                 lazy compilation of functions called during evaluation is part of evaluation);
 *   background  = `v8.parseOnBackground` on worker threads (script streaming: Chromium parses and
 *                 compiles the top level of a large script off the main thread while it downloads).
 *
 * The budgeted-looking figure, if one is wanted, is "main thread": the time the page cannot respond
 * because of the bundle before any element is on the page. Tracing adds a small overhead to every
 * bundle alike. Loads are interleaved (one of each bundle per round, the order rotating) after
 * BENCH_WARMUP rounds, so a change in machine load hits all bundles alike.
 *
 *   npx tsx bench/eval.ts
 *
 * Settings (environment): BENCH_EVAL_RUNS (30 counted rounds), BENCH_WARMUP (3 rounds).
 * Prints a table (median and p95 per bundle), writes `.bench/eval.json`; exits 0 when every bundle
 * loaded, 2 when one failed to load (missing exports, a page error, a request outside the local
 * server) or the run failed or took more than 8 minutes (BENCH_TIME_LIMIT_MS overrides).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join, relative } from 'node:path';
import type { Browser } from 'playwright';
import { busyCpusBefore, CHROMIUM_PATH, launchChromium, listenOnLoopback, loadWarning, machine, ms, positiveInt, printTable, root, runBenchmark, summarize, writeResult, type Summary } from './browser.js';
import { preparePeers } from './peers.js';

const RUNS = positiveInt('BENCH_EVAL_RUNS', 30);
const WARMUP = positiveInt('BENCH_WARMUP', 3);
const LIMIT_MS = 480_000;
const LOAD_TIMEOUT_MS = 30_000;

interface Script {
  /** Path the page server answers on. */
  url: string;
  file: string;
  /** The file's bytes, read once when the run starts (another `npm run build` may replace dist/ meanwhile). */
  content: Buffer;
}

interface Subject {
  name: string;
  scripts: Script[];
  kind: 'classic' | 'module';
  /** Page expression (a classic script) that is true when the bundle's exports are there; `modules` holds the imported namespaces. */
  loadedCheck: string;
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; fileName?: string; data?: { url?: string } };
}

interface Sample {
  mainThreadMs: number;
  compileMs: number;
  backgroundMs: number;
}

const round = (value: number) => Math.round(value * 1000) / 1000;

function jsFiles(folder: string): string[] {
  const dir = join(root, 'dist', folder);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.js'))
    .map((name) => join(dir, name));
}

/** The page that loads one subject and reports `window.benchLoaded` (true) or `window.benchFailed` (a message). */
function pageFor(subject: Subject): string {
  const done = `window.benchLoaded = Boolean(${subject.loadedCheck}); if (!window.benchLoaded) window.benchFailed = 'the bundle ran but its exports are missing';`;
  const body =
    subject.kind === 'classic'
      ? `${subject.scripts.map((script) => `<script src="${script.url}"></script>`).join('')}<script>try { ${done} } catch (error) { window.benchFailed = String(error); }</script>`
      : // a classic script, so that no module but the bundle's own is evaluated in the page
        `<script>(async () => { const modules = []; for (const url of ${JSON.stringify(subject.scripts.map((script) => script.url))}) modules.push(await import(url)); ${done} })().catch((error) => { window.benchFailed = String(error); });</script>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>eval bench</title></head><body>${body}</body></html>\n`;
}

async function startServer(subjects: readonly Subject[]): Promise<string> {
  const routes = new Map<string, { type: string; body: Buffer }>();
  subjects.forEach((subject, index) => {
    routes.set(`/page-${index}.html`, { type: 'text/html; charset=utf-8', body: Buffer.from(pageFor(subject)) });
    for (const script of subject.scripts) routes.set(script.url, { type: 'text/javascript; charset=utf-8', body: script.content });
  });
  const server: Server = createServer((request, response) => {
    const route = routes.get((request.url ?? '/').split('?')[0] ?? '');
    if (!route) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    response.writeHead(200, { 'content-type': route.type, 'cache-control': 'no-store' }).end(route.body);
  });
  return listenOnLoopback(server);
}

/** Total length of the union of [start, end) intervals (µs). */
function unionLength(intervals: [number, number][]): number {
  const sorted = [...intervals].sort((a, b) => a[0] - b[0]);
  let total = 0;
  let current: [number, number] | null = null;
  for (const [start, end] of sorted) {
    if (current && start <= current[1]) current[1] = Math.max(current[1], end);
    else {
      if (current) total += current[1] - current[0];
      current = [start, end];
    }
  }
  if (current) total += current[1] - current[0];
  return total;
}

/** Main-thread compile + evaluation, and background compile, of the subject's scripts in one trace. */
function analyse(events: readonly TraceEvent[], origin: string, subject: Subject): Sample {
  const urls = new Set(subject.scripts.map((script) => `${origin}${script.url}`));
  const threadNames = new Map<string, string>();
  for (const event of events) if (event.ph === 'M' && event.name === 'thread_name') threadNames.set(`${event.pid}:${event.tid}`, event.args?.name ?? '');
  const urlOf = (event: TraceEvent) => event.args?.data?.url ?? event.args?.fileName ?? '';
  const isMain = (event: TraceEvent) => threadNames.get(`${event.pid}:${event.tid}`) === 'CrRendererMain';
  const complete = events.filter((event) => event.ph === 'X' && typeof event.dur === 'number');
  // the page's renderer: the process whose main thread compiled one of the bundle's scripts
  const anchor = complete.find((event) => isMain(event) && (event.name === 'v8.compile' || event.name === 'v8.compileModule') && urls.has(urlOf(event)));
  if (!anchor) throw new Error(`${subject.name}: no v8.compile / v8.compileModule event for ${[...urls].join(', ')} in the trace`);
  const pageMain = (event: TraceEvent) => event.pid === anchor.pid && event.tid === anchor.tid;
  const mainEvents = complete.filter(
    (event) =>
      pageMain(event) &&
      (((event.name === 'EvaluateScript' || event.name === 'v8.compile' || event.name === 'v8.compileModule') && urls.has(urlOf(event))) || event.name === 'v8.evaluateModule'),
  );
  const compiles = mainEvents.filter((event) => event.name === 'v8.compile' || event.name === 'v8.compileModule');
  const evaluations = mainEvents.filter((event) => event.name === 'EvaluateScript' || event.name === 'v8.evaluateModule');
  if (evaluations.length < subject.scripts.length) {
    throw new Error(`${subject.name}: ${evaluations.length} evaluation events in the trace for ${subject.scripts.length} scripts`);
  }
  const background = complete.filter((event) => event.pid === anchor.pid && event.name === 'v8.parseOnBackground' && urls.has(urlOf(event)));
  const dur = (event: TraceEvent) => event.dur ?? 0;
  return {
    mainThreadMs: unionLength(mainEvents.map((event) => [event.ts, event.ts + dur(event)])) / 1000,
    compileMs: unionLength(compiles.map((event) => [event.ts, event.ts + dur(event)])) / 1000,
    backgroundMs: background.reduce((sum, event) => sum + dur(event), 0) / 1000,
  };
}

async function loadOnce(browser: Browser, origin: string, subject: Subject, index: number): Promise<Sample> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(`${origin}/`)) problems.push(`request left the page: ${request.method()} ${request.url()}`);
    });
    page.on('requestfailed', (request) => problems.push(`request failed: ${request.url()} (${request.failure()?.errorText ?? '?'})`));
    page.on('response', (response) => {
      if (response.status() !== 200) problems.push(`HTTP ${response.status()} for ${response.url()}`);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(`console.${message.type()}: ${message.text()}`);
    });
    await browser.startTracing(page, { categories: ['devtools.timeline'] });
    let trace: Buffer;
    try {
      await page.goto(`${origin}/page-${index}.html`);
      await page.waitForFunction('window.benchLoaded === true || typeof window.benchFailed === "string"', undefined, { timeout: LOAD_TIMEOUT_MS });
    } finally {
      trace = await browser.stopTracing();
    }
    const failed = await page.evaluate('window.benchFailed');
    if (typeof failed === 'string') problems.push(`load failed: ${failed}`);
    if (problems.length > 0) throw new Error(`${subject.name} did not load cleanly:\n${problems.join('\n')}`);
    const parsed = JSON.parse(trace.toString('utf8')) as { traceEvents?: TraceEvent[] } | TraceEvent[];
    const events = Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
    return analyse(events, origin, subject);
  } finally {
    await context.close();
  }
}

async function main(): Promise<number> {
  const loadBefore = machine().loadAverage;
  const busyBefore = await busyCpusBefore();
  if (process.env.BENCH_EVAL_BUILD !== '0') {
    const result = spawnSync(process.execPath, ['scripts/build-bundle.mjs'], { cwd: root, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`node scripts/build-bundle.mjs failed (exit ${result.status}):\n${result.stderr}${result.stdout}`);
  }
  const mainFile = join(root, 'dist', 'tender-checkout.js');
  if (!existsSync(mainFile)) throw new Error('dist/tender-checkout.js is missing: run npm run build');
  const clientChunks = jsFiles('chunks').filter((file) => /\/client-[^/]+\.js$/.test(file));
  if (clientChunks.length !== 1) throw new Error(`expected one dist/chunks/client-<hash>.js, found ${clientChunks.length}: run npm run build`);
  const clientFile = clientChunks[0] as string;
  const peers = await preparePeers();
  const braintree = peers.find((peer) => peer.name === 'braintree');
  const adyen = peers.find((peer) => peer.name === 'adyen');
  if (!braintree || !adyen) throw new Error('bench/peers.ts returned no Braintree or Adyen bundle');

  const script = (url: string, file: string): Script => ({ url, file, content: readFileSync(file) });
  const ours = script('/ours/tender-checkout.js', mainFile);
  const subjects: Subject[] = [
    { name: 'ours: dist/tender-checkout.js', scripts: [ours], kind: 'module', loadedCheck: "customElements.get('tender-checkout') !== undefined" },
    {
      name: 'ours: main + client chunk',
      scripts: [ours, script('/ours/chunks/client.js', clientFile)],
      kind: 'module',
      loadedCheck: "customElements.get('tender-checkout') !== undefined && typeof modules[1].createClient === 'function'",
    },
    {
      name: `Braintree ${braintree.version} card + 3DS (3 classic scripts)`,
      scripts: braintree.scripts.map((file) => script(`/braintree/${file.label}.js`, file.path)),
      kind: 'classic',
      loadedCheck: "typeof braintree === 'object' && typeof braintree.client.create === 'function' && typeof braintree.hostedFields.create === 'function' && typeof braintree.threeDSecure.create === 'function'",
    },
    {
      name: `Adyen ${adyen.version} core + card (ES module)`,
      scripts: adyen.scripts.map((file) => script('/adyen/adyen-card.js', file.path)),
      kind: 'module',
      loadedCheck: "typeof modules[0].AdyenCheckout === 'function' && typeof modules[0].Card === 'function'",
    },
  ];

  const origin = await startServer(subjects);
  const browser = await launchChromium();

  const samples: Sample[][] = subjects.map(() => []);
  for (let roundIndex = 0; roundIndex < WARMUP + RUNS; roundIndex++) {
    for (let offset = 0; offset < subjects.length; offset++) {
      const index = (roundIndex + offset) % subjects.length;
      const sample = await loadOnce(browser, origin, subjects[index] as Subject, index);
      if (roundIndex >= WARMUP) samples[index]?.push(sample);
    }
  }

  const summaries = subjects.map((subject, index) => {
    const own = samples[index] ?? [];
    return {
      name: subject.name,
      files: subject.scripts.map((script) => relative(root, script.file)),
      bytes: subject.scripts.reduce((sum, script) => sum + script.content.length, 0),
      mainThread: summarize(own.map((sample) => sample.mainThreadMs)),
      compile: summarize(own.map((sample) => sample.compileMs)),
      background: summarize(own.map((sample) => sample.backgroundMs)),
      samples: own.map((sample) => ({ mainThreadMs: round(sample.mainThreadMs), compileMs: round(sample.compileMs), backgroundMs: round(sample.backgroundMs) })),
    };
  });

  console.log('\nScript compile + evaluation, headless Chromium, first visit (fresh context each load, no code cache)');
  console.log(`Chromium ${browser.version()}, ${CHROMIUM_PATH}`);
  console.log(
    `node ${process.version}; ${machine().cpus} CPUs (${machine().cpuModel}), load ${loadBefore} at start, ${machine().loadAverage} at end, ${busyBefore ?? '?'} CPUs busy before start`,
  );
  console.log(`${RUNS} loads per bundle after ${WARMUP} warm-up rounds, interleaved; from the devtools.timeline trace of each load\n`);
  const cell = (summary: Summary) => `${ms(summary.median)} / ${ms(summary.p95)}`;
  printTable(
    ['bundle', 'raw KB', 'main thread: median / p95', 'of which compile', 'background compile', 'main-thread min / max'],
    summaries.map((summary) => [
      summary.name,
      (summary.bytes / 1024).toFixed(1),
      cell(summary.mainThread),
      cell(summary.compile),
      cell(summary.background),
      `${ms(summary.mainThread.min)} / ${ms(summary.mainThread.max)}`,
    ]),
  );
  const warning = loadWarning(busyBefore);
  if (warning) console.log(`\n${warning}`);
  console.log('informational: docs/architecture.md "Budgets" has no budget for script evaluation; every bundle loaded');

  const file = writeResult('eval', {
    benchmark: 'eval',
    date: new Date().toISOString(),
    definition:
      'per fresh browser context: union of EvaluateScript / v8.compile / v8.compileModule (matched by URL) and v8.evaluateModule trace events on the page renderer main thread (ms); compile = v8.compile + v8.compileModule; background = v8.parseOnBackground (script streaming) of the same URLs',
    chromium: browser.version(),
    node: process.version,
    machine: { ...machine(), loadAverageAtStart: loadBefore, busyCpusBeforeStart: busyBefore },
    settings: { runs: RUNS, warmupRounds: WARMUP },
    bundles: summaries,
  });
  console.log(`wrote ${file}`);
  return 0;
}

runBenchmark('eval', LIMIT_MS, main);
