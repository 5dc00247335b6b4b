/**
 * The sandbox's CPU time per confirm, without a second process (docs/performance.md § Where the sandbox's
 * tail comes from): the real server (HTTP, Hono, SQLite in a temporary file, its checkpointer) and, in the
 * same process, 50 raw keep-alive sockets that each send one confirm at a time the way bench/sandbox-load.ts
 * does (publishable key, client secret, card 4242…, browser_info). The payments are made through the domain
 * directly (fast), the first BENCH_WARMUP confirms are not counted, and the figure is the process's CPU time
 * (user + system, every thread) divided by the confirms counted. The sockets' own work (writing prepared
 * bytes, finding the end of each answer) is a few µs of it.
 *
 * It answers "does this change cost or save CPU?" with less noise than the load bench on a shared machine:
 * no load generator competing for the cores, no cross-process wake-ups. Latency figures are the load
 * bench's. No budget.
 *
 *   npx tsx bench/sandbox-cpu.ts        (BENCH_CONFIRMS=10000, BENCH_WARMUP=2000, BENCH_CONNECTIONS=50, SANDBOX_GROUP_COMMIT=off)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox } from '../sandbox/server.js';
import type { PaymentCreateRequest, PaymentConfirmRequest } from '../src/api/requests.js';

const setting = (name: string, fallback: number): number => {
  const value = Number(process.env[name] || fallback);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer`);
  return value;
};
const CONFIRMS = setting('BENCH_CONFIRMS', 10_000);
const WARMUP = setting('BENCH_WARMUP', 2000);
const CONNECTIONS = setting('BENCH_CONNECTIONS', 50);

const dir = mkdtempSync(join(tmpdir(), 'tender-cpu-'));
const sandbox = await startSandbox({
  port: 0,
  dbPath: join(dir, 'sandbox.db'),
  log: null,
  errorLog: (line) => console.error(line),
  // as `npm run sandbox` reads it: SANDBOX_GROUP_COMMIT=off to compare with a commit per confirm
  groupCommit: process.env.SANDBOX_GROUP_COMMIT !== 'off',
});
try {
  const merchant = sandbox.store.merchant(sandbox.demo.merchantId);
  if (!merchant) throw new Error('no demo merchant');
  const card = { card_number: '4242424242424242', card_exp_month: '12', card_exp_year: String(new Date().getUTCFullYear() + 3), card_cvc: '123', card_holder_name: 'Bench Mark' };
  const requests: string[] = [];
  for (let index = 0; index < CONFIRMS + WARMUP; index += 1) {
    const create = { amount: 1000 + (index % 100), currency: 'USD', description: `bench ${index}` } as PaymentCreateRequest;
    const payment = sandbox.payments.create(merchant, create);
    const confirm: PaymentConfirmRequest = {
      client_secret: payment.client_secret,
      payment_method: 'card',
      payment_method_data: { card },
      browser_info: { user_agent: 'tender-bench', language: 'en-US', color_depth: 24, screen_height: 1080, screen_width: 1920, time_zone: 0 },
    };
    const body = JSON.stringify(confirm);
    requests.push(
      `POST /payments/${payment.payment_id}/confirm HTTP/1.1\r\nhost: 127.0.0.1:${sandbox.port}\r\napi-key: ${sandbox.demo.publishableKey}\r\n` +
        `content-type: application/json\r\nx-client-version: bench\r\nx-payment-confirm-source: sdk\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }

  let next = 0;
  let answered = 0;
  let failed = 0;
  let cpuBefore: NodeJS.CpuUsage = process.cpuUsage();
  let wallBefore = performance.now();
  let loadBefore = loadavg()[0] ?? 0;
  await new Promise<void>((resolveAll, reject) => {
    const drive = (socket: Socket) => {
      let buffer = '';
      const send = () => {
        const request = requests[next];
        next += 1;
        if (request === undefined) socket.end();
        else socket.write(request);
      };
      socket.setEncoding('latin1');
      socket.on('error', reject);
      socket.on('data', (chunk: string) => {
        buffer += chunk;
        const headEnd = buffer.indexOf('\r\n\r\n');
        if (headEnd < 0) return;
        const length = Number(/content-length: (\d+)/i.exec(buffer.slice(0, headEnd))?.[1] ?? NaN);
        if (buffer.length < headEnd + 4 + length) return;
        if (!buffer.startsWith('HTTP/1.1 200') || !buffer.includes('"status":"succeeded"')) failed += 1;
        buffer = buffer.slice(headEnd + 4 + length);
        answered += 1;
        if (answered === WARMUP) {
          cpuBefore = process.cpuUsage();
          wallBefore = performance.now();
          loadBefore = loadavg()[0] ?? 0;
        }
        if (answered === requests.length) resolveAll();
        send();
      });
      send();
    };
    for (let index = 0; index < CONNECTIONS; index += 1) drive(connect(sandbox.port, '127.0.0.1').setNoDelay(true));
  });
  const cpu = process.cpuUsage(cpuBefore);
  const wallMs = performance.now() - wallBefore;
  const perConfirm = (micros: number) => (micros / CONFIRMS / 1000).toFixed(3);
  console.log(
    `sandbox CPU per confirm: ${perConfirm(cpu.user + cpu.system)} ms (user ${perConfirm(cpu.user)}, system ${perConfirm(cpu.system)}) ` +
      `over ${CONFIRMS} confirms after ${WARMUP}, ${CONNECTIONS} connections, ${Math.round((CONFIRMS / wallMs) * 1000)}/s; ` +
      `machine load before ${loadBefore.toFixed(2)}; answers not 200 succeeded: ${failed}`,
  );
  if (failed > 0) process.exitCode = 2;
} finally {
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
}
