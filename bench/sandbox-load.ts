/**
 * Sandbox confirm throughput and latency (docs/architecture.md "Budgets": ≥ 1,000 confirms/s, p99 ≤ 50 ms, on
 * loopback with 50 concurrent clients).
 *
 * Starts the sandbox as a child process (its own event loop, a fresh SQLite file, no request log),
 * pre-creates payments with the secret key, then drives `POST /payments/{id}/confirm` with
 * autocannon the way the browser does: publishable key + client_secret, card 4242 4242 4242 4242,
 * one payment per request. Prints a table, writes `.bench/sandbox-load.json`, and exits 1 when the
 * budget is missed (2 when the run itself failed).
 *
 *   npx tsx bench/sandbox-load.ts
 *
 * Settings (environment): BENCH_PAYMENTS (40000: more than 10 s at 3,000 confirms/s use), BENCH_CONNECTIONS (50), BENCH_DURATION seconds (10),
 * BENCH_WARMUP confirms before measuring (1000). BENCH_TRACE=file writes every answer's end time,
 * connection and latency there, beside the sandbox monitor's stalls and GC pauses with their times.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// ---- autocannon (CommonJS, no bundled types): the part of its API this script uses --------------

interface Histogram {
  average: number;
  min: number;
  max: number;
  p50: number;
  p90: number;
  p97_5: number;
  p99: number;
  p99_9: number;
}
interface AutocannonResult {
  requests: Histogram & { total: number };
  latency: Histogram;
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  resets: number;
  statusCodeStats: Record<string, { count: number }>;
}
interface AutocannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (request: AutocannonRequest, context: Record<string, unknown>) => AutocannonRequest | null;
  onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
}
interface AutocannonOptions {
  url: string;
  connections: number;
  duration: number;
  maxOverallRequests?: number;
  timeout?: number;
  pipelining?: number;
  headers?: Record<string, string>;
  requests: AutocannonRequest[];
}
type Autocannon = (options: AutocannonOptions, done: (error: Error | null, result: AutocannonResult) => void) => unknown;

const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

// ---- settings ------------------------------------------------------------------------------------

const BUDGET = { requestsPerSecond: 1000, p99Ms: 50 };
const PAYMENTS = positiveInt('BENCH_PAYMENTS', 40_000);
const CONNECTIONS = positiveInt('BENCH_CONNECTIONS', 50);
const DURATION_S = positiveInt('BENCH_DURATION', 10);
const WARMUP = positiveInt('BENCH_WARMUP', 1000);
/** Hard stop for the whole script, whatever happens. */
const OVERALL_TIMEOUT_MS = 5 * 60 * 1000;
const CARD = {
  card_number: '4242424242424242',
  card_exp_month: '12',
  card_exp_year: String(new Date().getUTCFullYear() + 3),
  card_cvc: '123',
  card_holder_name: 'Bench Mark',
};

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const resultFile = join(root, '.bench', 'sandbox-load.json');

function positiveInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer, got ${raw}`);
  return value;
}

// ---- the sandbox child process -------------------------------------------------------------------

interface RunningSandbox {
  child: ChildProcess;
  url: string;
  publishableKey: string;
  secretKey: string;
  workDir: string;
}

/** A free loopback port (the OS picks it; a tiny window remains before the child binds it). */
function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

/** The node flags of `npm run sandbox` (package.json: `node <flags> --import tsx sandbox/main.ts`). */
function sandboxNodeFlags(): string[] {
  const scripts = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  const match = /^node((?: --[\w-]+(?:=\S+)?)*) --import tsx sandbox\/main\.ts$/.exec(scripts.sandbox ?? '');
  if (!match) throw new Error(`package.json's sandbox script is not "node <flags> --import tsx sandbox/main.ts": ${scripts.sandbox}`);
  return (match[1] ?? '').split(' ').filter(Boolean);
}

/** The child, once spawned: killed on every way out, including the overall timeout. */
let startedChild: ChildProcess | null = null;

async function startSandboxChild(): Promise<RunningSandbox> {
  const port = await freePort();
  const workDir = mkdtempSync(join(tmpdir(), 'tender-bench-'));
  // BENCH_SANDBOX_NODE_ARGS passes flags to the sandbox's node after its own (a V8 flag given twice:
  // the last wins), e.g. "--cpu-prof --cpu-prof-dir=.bench/prof".
  const nodeArgs = (process.env.BENCH_SANDBOX_NODE_ARGS ?? '').split(' ').filter(Boolean);
  // with the flags `npm run sandbox` starts it with (package.json); bench/sandbox-monitor.ts inside it
  // says where the tail comes from (loop stalls, GC pauses, CPU it got)
  const child = spawn(process.execPath, [...sandboxNodeFlags(), ...nodeArgs, '--import', 'tsx', '--import', './bench/sandbox-monitor.ts', 'sandbox/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SANDBOX_DB: join(workDir, 'sandbox.db'),
      SANDBOX_LOG: 'off',
      SANDBOX_MONITOR_FILE: join(workDir, 'monitor.json'),
      SANDBOX_PUBLIC_URL: `http://127.0.0.1:${port}`,
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  startedChild = child;
  let stdout = '';
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const started = new Promise<{ publishableKey: string; secretKey: string }>((resolveKeys, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the sandbox did not start within 30 s\n${stdout}${stderr}`));
    }, 30_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the sandbox exited with code ${code}\n${stdout}${stderr}`));
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const publishable = /^Publishable key:\s+(pk_\S+)/m.exec(stdout);
      const secret = /^Secret key:\s+(snd_\S+)/m.exec(stdout);
      if (publishable?.[1] && secret?.[1]) {
        clearTimeout(timer);
        resolveKeys({ publishableKey: publishable[1], secretKey: secret[1] });
      }
    });
  });
  let keys: { publishableKey: string; secretKey: string };
  try {
    keys = await started;
  } catch (error) {
    rmSync(workDir, { recursive: true, force: true });
    throw error;
  }
  child.removeAllListeners('exit');
  return { child, url: `http://127.0.0.1:${port}`, workDir, ...keys };
}

async function stopSandboxChild(sandbox: RunningSandbox): Promise<void> {
  if (sandbox.child.exitCode === null && sandbox.child.signalCode === null) {
    const exited = new Promise<void>((resolveExit) => sandbox.child.once('exit', () => resolveExit()));
    sandbox.child.kill('SIGTERM');
    const forced = setTimeout(() => sandbox.child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(forced);
  }
  rmSync(sandbox.workDir, { recursive: true, force: true });
}

// ---- preparing payments --------------------------------------------------------------------------

interface PreparedPayment {
  paymentId: string;
  clientSecret: string;
}

/**
 * POSTs a JSON body and resolves with the status and the answer's text. Node's own HTTP client with
 * kept-alive sockets: preparing 21,000 payments with fetch took about 30 s of a busy machine, this
 * takes a fraction of it (what is measured is autocannon's run, not this).
 */
const agent = new Agent({ keepAlive: true, maxSockets: 64 });
function post(url: string, headers: Record<string, string>, body: string): Promise<{ status: number; text: string }> {
  return new Promise((resolvePost, reject) => {
    const outgoing = httpRequest(url, { method: 'POST', agent, headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } }, (incoming) => {
      let text = '';
      incoming.setEncoding('utf8');
      incoming.on('data', (chunk: string) => {
        text += chunk;
      });
      incoming.on('end', () => resolvePost({ status: incoming.statusCode ?? 0, text }));
      incoming.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** Runs `work` for 0..count-1 with at most `concurrency` in flight. */
async function inParallel(count: number, concurrency: number, work: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next;
      next += 1;
      await work(index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
}

async function createPayments(sandbox: RunningSandbox, count: number): Promise<PreparedPayment[]> {
  const payments: PreparedPayment[] = new Array<PreparedPayment>(count);
  await inParallel(count, 64, async (index) => {
    const response = await post(
      `${sandbox.url}/payments`,
      { 'api-key': sandbox.secretKey, 'content-type': 'application/json' },
      JSON.stringify({ amount: 1000 + (index % 100), currency: 'USD', description: `bench ${index}` }),
    );
    const body = JSON.parse(response.text) as { payment_id?: string; client_secret?: string };
    if (response.status !== 200 || !body.payment_id || !body.client_secret) {
      throw new Error(`creating payment ${index} failed: ${response.status} ${response.text.slice(0, 300)}`);
    }
    payments[index] = { paymentId: body.payment_id, clientSecret: body.client_secret };
  });
  return payments;
}

const confirmBody = (payment: PreparedPayment): string =>
  JSON.stringify({
    client_secret: payment.clientSecret,
    payment_method: 'card',
    payment_method_data: { card: CARD },
    browser_info: { user_agent: 'tender-bench', language: 'en-US', color_depth: 24, screen_height: 1080, screen_width: 1920, time_zone: 0 },
  });

const CONFIRM_HEADERS = (publishableKey: string): Record<string, string> => ({
  'api-key': publishableKey,
  'content-type': 'application/json',
  'x-client-version': 'bench',
  'x-payment-confirm-source': 'sdk',
});

/** Confirms the warm-up payments with fetch, so the server's code paths are compiled before measuring. */
async function warmUp(sandbox: RunningSandbox, payments: PreparedPayment[]): Promise<void> {
  await inParallel(payments.length, CONNECTIONS, async (index) => {
    const payment = payments[index] as PreparedPayment;
    const { status, text } = await post(`${sandbox.url}/payments/${payment.paymentId}/confirm`, CONFIRM_HEADERS(sandbox.publishableKey), confirmBody(payment));
    if (status !== 200 || !text.includes('"status":"succeeded"')) {
      throw new Error(`warm-up confirm failed: ${status} ${text.slice(0, 300)}`);
    }
  });
}

/** CPU time (ms) a process has used, from /proc (Linux); null elsewhere. */
function processCpuMs(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime are fields 14 and 15 of stat, i.e. 11 and 12 after the command name; in clock ticks (100/s)
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

// ---- the measured run ----------------------------------------------------------------------------

interface RunOutcome {
  result: AutocannonResult;
  succeeded: number;
  otherBodies: number;
  used: number;
  /** The slowest first answer of a connection (it includes the wait for the server to accept it), and the slowest other answer. */
  maxFirstMs: number;
  maxLaterMs: number;
}

/** BENCH_TRACE=file writes every answer ([end time (epoch ms), connection, latency ms]) and the monitor's report there. */
const TRACE = process.env.BENCH_TRACE ?? '';
const trace: [number, number, number][] = [];
const epochMs = (): number => Math.round((performance.timeOrigin + performance.now()) * 10) / 10;

function measure(sandbox: RunningSandbox, payments: PreparedPayment[]): Promise<RunOutcome> {
  let nextPayment = 0;
  let succeeded = 0;
  let otherBodies = 0;
  const answered = new Map<unknown, number>();
  let maxFirstMs = 0;
  let maxLaterMs = 0;
  return new Promise((resolveRun, reject) => {
    const instance = autocannon(
      {
        url: sandbox.url,
        connections: CONNECTIONS,
        duration: DURATION_S,
        // each request confirms its own payment: never more requests than prepared payments
        maxOverallRequests: payments.length,
        timeout: 10,
        pipelining: 1,
        requests: [
          {
            method: 'POST',
            headers: CONFIRM_HEADERS(sandbox.publishableKey),
            setupRequest(request) {
              const payment = payments[nextPayment];
              if (!payment) throw new Error('ran out of prepared payments');
              nextPayment += 1;
              return { ...request, path: `/payments/${payment.paymentId}/confirm`, body: confirmBody(payment) };
            },
            onResponse(_status, body) {
              if (body.includes('"status":"succeeded"')) succeeded += 1;
              else otherBodies += 1;
            },
          },
        ],
      },
      (error, result) => {
        if (error) reject(error);
        else resolveRun({ result, succeeded, otherBodies, used: nextPayment, maxFirstMs, maxLaterMs });
      },
    ) as { on(event: string, listener: (...args: unknown[]) => void): void };
    // each connection's first answer apart: the server accepts one new connection per turn of its
    // event loop (libuv 1.45+), so when the 50 connect at once the last ones wait ~30 busy turns
    instance.on('response', (client, _status, _bytes, responseTime) => {
      const before = answered.get(client);
      const index = before ?? answered.size;
      answered.set(client, index);
      if (before === undefined) maxFirstMs = Math.max(maxFirstMs, responseTime as number);
      else maxLaterMs = Math.max(maxLaterMs, responseTime as number);
      if (TRACE) trace.push([epochMs(), index, responseTime as number]);
    });
  });
}

// ---- where the tail comes from (bench/sandbox-monitor.ts in the sandbox) ------------------------------

interface MonitorReport {
  wallMs: number;
  cpuMs: number;
  loopDelayMs: { p50: number; p99: number; max: number };
  stalls: { over: number; count: number; longest: number[] };
  gc: Record<string, { count: number; totalMs: number; maxMs: number; over20Ms: number }>;
  /** Per thread name (the main thread is `main`): ms it ran and ms it was runnable but waited for a core (Linux). */
  threads?: Record<string, { ranMs: number; waitedMs: number }>;
  /** Each stall: [end (epoch ms), length, ms the main thread ran, ms it waited for a core]. */
  stallsSched?: [number, number, number, number][];
  /** The writes that waited for the checkpointer's gate (docs/decisions/0097). */
  gateWaits?: { count: number; totalMs: number; maxMs: number; awaited?: number };
  /**
   * The writes a route parked on the gate (they wait for the checkpointer's hold, the event loop goes on),
   * and the holds that ended them: how many, and the longest wait of each (about its length), longest first.
   */
  gateParked?: { count: number; totalMs: number; maxMs: number; holds: number; longestHolds: number[] };
  /** The checkpointer's holds of the write lock as the worker timed them (longest first). */
  checkpointHolds?: { count: number; totalMs: number; longest: number[] };
}

/** Asks the sandbox's monitor for its report of the measured run (null when it wrote none). */
async function readMonitor(sandbox: RunningSandbox): Promise<MonitorReport | null> {
  const file = join(sandbox.workDir, 'monitor.json');
  sandbox.child.kill('SIGUSR2');
  for (let tries = 0; tries < 40; tries += 1) {
    await new Promise((resolveWait) => setTimeout(resolveWait, 50));
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as MonitorReport;
    } catch {
      // not written yet
    }
  }
  return null;
}

function monitorRows(monitor: MonitorReport | null): [string, string, string, string][] {
  if (!monitor) return [['server monitor', 'no report', '', '']];
  const gc = (kind: string) => {
    const row = monitor.gc[kind];
    return row ? `${row.count} × (max ${row.maxMs} ms, ${row.over20Ms} over 20 ms)` : 'none';
  };
  const main = monitor.threads?.main;
  const others = Object.entries(monitor.threads ?? {})
    .filter(([name, row]) => name !== 'main' && row.ranMs >= 50)
    .sort((a, b) => b[1].ranMs - a[1].ranMs)
    .map(([name, row]) => `${name} ${(row.ranMs / 1000).toFixed(2)}`)
    .join(', ');
  const stallWaits = (monitor.stallsSched ?? []).filter(([, length, , waited]) => waited >= length / 4);
  return [
    ['server: CPU time / wall time', `${(monitor.cpuMs / 1000).toFixed(1)} s / ${(monitor.wallMs / 1000).toFixed(1)} s`, '', ''],
    ...(main
      ? ([
          ['server main thread: ran / waited for a core', `${(main.ranMs / 1000).toFixed(2)} s / ${(main.waitedMs / 1000).toFixed(2)} s`, '', ''],
          ['server other threads: ran (s)', others || '-', '', ''],
        ] as [string, string, string, string][])
      : []),
    ...(monitor.gateWaits
      ? ([
          [
            'server: writes behind the checkpointer gate: loop waited / awaited',
            `${monitor.gateWaits.count} (${monitor.gateWaits.totalMs} ms in all, max ${monitor.gateWaits.maxMs} ms) / ${monitor.gateWaits.awaited ?? 0}`,
            '',
            '',
          ],
        ] as [
          string,
          string,
          string,
          string,
        ][])
      : []),
    ...(monitor.checkpointHolds
      ? ([
          [
            'server: checkpointer holds of the write lock (longest, ms)',
            `${monitor.checkpointHolds.count} (${monitor.checkpointHolds.longest.slice(0, 5).join(', ') || '-'}): ${monitor.checkpointHolds.totalMs} ms in all`,
            '',
            '',
          ],
        ] as [string, string, string, string][])
      : []),
    ...(monitor.gateParked
      ? ([
          [
            'server: parked writes, by the hold that ended them (longest wait, ms)',
            `${monitor.gateParked.holds} (${monitor.gateParked.longestHolds.slice(0, 5).join(', ') || '-'}): ${monitor.gateParked.count} writes, ${monitor.gateParked.totalMs} ms`,
            '',
            '',
          ],
        ] as [string, string, string, string][])
      : []),
    [`server: event-loop stalls over ${monitor.stalls.over} ms`, `${monitor.stalls.count} (longest ${monitor.stalls.longest.slice(0, 5).join(', ') || '-'} ms)`, '', ''],
    ...(monitor.stallsSched
      ? ([['server: stalls a quarter or more waiting for a core', String(stallWaits.length), '', '']] as [string, string, string, string][])
      : []),
    ['server: GC scavenges', gc('scavenge'), '', ''],
    ['server: GC mark-compact', gc('mark-compact'), '', ''],
    ['server: GC incremental marking', gc('incremental marking'), '', ''],
  ];
}

// ---- main ------------------------------------------------------------------------------------------

async function main(): Promise<number> {
  const overall = setTimeout(() => {
    console.error(`sandbox-load: gave up after ${OVERALL_TIMEOUT_MS / 1000} s`);
    startedChild?.kill('SIGKILL');
    process.exit(2);
  }, OVERALL_TIMEOUT_MS);
  overall.unref();

  const sandbox = await startSandboxChild();
  try {
    const prepareStart = performance.now();
    const all = await createPayments(sandbox, WARMUP + PAYMENTS);
    const prepareMs = performance.now() - prepareStart;
    await warmUp(sandbox, all.slice(0, WARMUP));
    // only autocannon's connections are open during the measured run
    agent.destroy();
    const payments = all.slice(WARMUP);

    const loadBefore = loadavg()[0] ?? 0;
    sandbox.child.kill('SIGUSR2'); // the monitor's span starts
    const serverCpuBefore = processCpuMs(sandbox.child.pid);
    const clientCpuBefore = process.cpuUsage();
    const measureStart = performance.now();
    const { result, succeeded, otherBodies, used, maxFirstMs, maxLaterMs } = await measure(sandbox, payments);
    // autocannon's result.duration is whole seconds: a run that used every prepared payment before
    // BENCH_DURATION ended would be over- or under-counted by up to half a second
    const wallMs = performance.now() - measureStart;
    const serverCpuAfter = processCpuMs(sandbox.child.pid);
    const monitor = await readMonitor(sandbox);
    const clientCpu = process.cpuUsage(clientCpuBefore);
    const cpuShare = {
      server: serverCpuBefore === null || serverCpuAfter === null ? null : Number(((serverCpuAfter - serverCpuBefore) / wallMs).toFixed(2)),
      loadGenerator: Number(((clientCpu.user + clientCpu.system) / 1000 / wallMs).toFixed(2)),
    };
    const requests = result.requests.total;
    const requestsPerSecond = requests / (wallMs / 1000);
    const non2xx = result.non2xx;
    const passed = {
      throughput: requestsPerSecond >= BUDGET.requestsPerSecond,
      p99: result.latency.p99 <= BUDGET.p99Ms,
      errors: non2xx === 0 && result.errors === 0 && result.timeouts === 0 && otherBodies === 0,
    };
    const ok = passed.throughput && passed.p99 && passed.errors;

    const rows: [string, string, string, string][] = [
      ['confirms/s', requestsPerSecond.toFixed(0), `≥ ${BUDGET.requestsPerSecond}`, passed.throughput ? 'ok' : 'MISSED'],
      ['latency p50', `${result.latency.p50} ms`, '', ''],
      ['latency p97.5', `${result.latency.p97_5} ms`, '', ''],
      ['latency p99', `${result.latency.p99} ms`, `≤ ${BUDGET.p99Ms} ms`, passed.p99 ? 'ok' : 'MISSED'],
      ['latency max', `${result.latency.max} ms`, '', ''],
      ['latency max: first answer of a connection / others', `${Math.round(maxFirstMs)} / ${Math.round(maxLaterMs)} ms`, '', ''],
      ['requests', String(requests), '', ''],
      ['succeeded bodies', String(succeeded), '', ''],
      ['non-2xx', String(non2xx), '0', non2xx === 0 ? 'ok' : 'MISSED'],
      ['errors / timeouts', `${result.errors} / ${result.timeouts}`, '0 / 0', result.errors + result.timeouts === 0 ? 'ok' : 'MISSED'],
      ['duration', `${(wallMs / 1000).toFixed(2)} s${used >= payments.length ? ' (every prepared payment used)' : ''}`, '', ''],
      ['CPU cores used: server / load generator', `${cpuShare.server ?? '?'} / ${cpuShare.loadGenerator} of ${availableParallelism()}`, '', ''],
      ['machine load (1 min average) before the run', `${loadBefore.toFixed(2)} on ${availableParallelism()} cores`, '', loadBefore > availableParallelism() / 2 ? 'BUSY' : ''],
      ...monitorRows(monitor),
    ];
    const widths = [0, 1, 2, 3].map((column) => Math.max(...rows.map((row) => row[column]?.length ?? 0), 6));
    const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
    console.log(
      `\nsandbox confirm load: ${CONNECTIONS} connections, ${DURATION_S} s max, ${payments.length} payments prepared ` +
        `(${(prepareMs / 1000).toFixed(1)} s to create ${all.length}), ${WARMUP} warm-up confirms, loopback`,
    );
    console.log(line(['metric', 'value', 'budget', 'result']));
    console.log(line(widths.map((width) => '-'.repeat(width))));
    for (const row of rows) console.log(line(row));
    console.log(ok ? '\nwithin budget (docs/architecture.md "Budgets")' : '\nBUDGET MISSED (docs/architecture.md "Budgets")');

    mkdirSync(dirname(resultFile), { recursive: true });
    writeFileSync(
      resultFile,
      `${JSON.stringify(
        {
          benchmark: 'sandbox-confirm',
          date: new Date().toISOString(),
          node: process.version,
          machine: { cpus: availableParallelism(), cpuShare, loadBefore },
          server: monitor,
          settings: { connections: CONNECTIONS, durationSeconds: DURATION_S, paymentsPrepared: payments.length, warmup: WARMUP },
          budget: BUDGET,
          result: {
            requests,
            paymentsUsed: used,
            durationSeconds: Number((wallMs / 1000).toFixed(3)),
            requestsPerSecond: Math.round(requestsPerSecond),
            latencyMs: {
              average: result.latency.average,
              p50: result.latency.p50,
              p90: result.latency.p90,
              p97_5: result.latency.p97_5,
              p99: result.latency.p99,
              p99_9: result.latency.p99_9,
              max: result.latency.max,
              maxFirstAnswerOfAConnection: Math.round(maxFirstMs),
              maxOtherAnswers: Math.round(maxLaterMs),
            },
            non2xx,
            succeededBodies: succeeded,
            otherBodies,
            errors: result.errors,
            timeouts: result.timeouts,
            statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, stats]) => [code, stats.count])),
          },
          passed: { ...passed, all: ok },
        },
        null,
        2,
      )}\n`,
    );
    console.log(`results written to ${resultFile}`);
    if (TRACE) writeFileSync(TRACE, JSON.stringify({ responses: trace, server: monitor }));
    return ok ? 0 : 1;
  } finally {
    await stopSandboxChild(sandbox);
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('sandbox-load failed:', error instanceof Error ? error.message : error);
    startedChild?.kill('SIGKILL');
    process.exit(2);
  },
);
