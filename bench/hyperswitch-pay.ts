/**
 * Checks that the Hyperswitch web SDK built from its source (bench/build-hyperswitch-web.sh) works
 * against the sandbox in Chromium before bench/cold-load.ts measures it: on the merchant page of
 * bench/hyperswitch-web.ts (three sites on loopback, no emulated delay) its card form mounts, says
 * `ready`, takes a card number, and a test card pays; the payment is then retrieved with the secret key.
 * Prints every request the SDK and the page made (method, path, status) and each of the sandbox's
 * answers that was not a 2xx, and exits 0 when every card paid as expected, 1 otherwise.
 *
 *   BENCH_HYPERSWITCH_DIR=<output dir>/sdk npx tsx bench/hyperswitch-pay.ts
 *
 * BENCH_HYPERSWITCH_CARDS: comma-separated `number:expected status` (default
 * `4242424242424242:succeeded,4000000000000002:failed`); BENCH_HYPERSWITCH_SCREENSHOT=<file.png> saves the
 * page with the card typed in, before paying.
 */
import { createServer } from 'node:http';
import { type Frame } from 'playwright';
import { startSandbox } from '../sandbox/server.js';
import { launchChromium, listenOnLoopback, onCleanup, runBenchmark } from './browser.js';
import { hyperswitchPageHtml, OFFLINE_RESOLVER_ARG, readHyperswitchBuild, startHyperswitchServer } from './hyperswitch-web.js';
import { Link } from './link.js';

const CARDS = (process.env.BENCH_HYPERSWITCH_CARDS ?? '4242424242424242:succeeded,4000000000000002:failed').split(',').map((entry) => {
  const [number, status] = entry.split(':');
  return { number: number ?? '', status: status ?? 'succeeded' };
});

async function main(): Promise<number> {
  const dir = process.env.BENCH_HYPERSWITCH_DIR;
  if (!dir) throw new Error('BENCH_HYPERSWITCH_DIR is not set: build the SDK with bench/build-hyperswitch-web.sh');
  const build = readHyperswitchBuild(dir);
  console.log(`${build.repository} ${build.commit.slice(0, 8)} (${build.version}), sdk-utils ${build.sdkUtilsCommit.slice(0, 8)}${build.reverted.length ? `, reverted ${build.reverted.map((commit) => commit.slice(0, 8)).join(' ')}` : ''}`);

  // the same three sites as bench/cold-load.ts, through a link without delay (it gives [::1] to the SDK's origin)
  const link = new Link();
  onCleanup(() => link.close());
  let sandboxPort = 0;
  let sdkPort = 0;
  let merchantPort = 0;
  const apiOrigin = `http://localhost:${await link.proxy(() => sandboxPort)}`;
  const sdkOrigin = `http://[::1]:${await link.proxy(() => sdkPort)}`;
  const merchantOrigin = `http://127.0.0.1:${await link.proxy(() => merchantPort)}`;
  const sandbox = await startSandbox({ port: 0, dbPath: ':memory:', log: null, publicUrl: apiOrigin });
  onCleanup(() => sandbox.close());
  sandboxPort = sandbox.port;
  const secretKey = sandbox.demo.secretKey as string;
  sdkPort = await startHyperswitchServer(build, { sdk: sdkOrigin, api: apiOrigin }, listenOnLoopback);
  let clientSecret = '';
  merchantPort = Number(
    new URL(
      await listenOnLoopback(
        createServer((_request, response) => {
          response
            .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
            .end(hyperswitchPageHtml(build, { sdkOrigin, apiOrigin, publishableKey: sandbox.demo.publishableKey, clientSecret }));
        }),
      ),
    ).port,
  );

  const browser = await launchChromium([OFFLINE_RESOLVER_ARG]);
  let failures = 0;
  for (const card of CARDS) {
    const created = await fetch(new URL('/payments', sandbox.url), {
      method: 'POST',
      headers: { 'api-key': secretKey, 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 4999, currency: 'USD', description: 'Order 1042' }),
    });
    const payment = (await created.json()) as { payment_id: string; client_secret: string };
    clientSecret = payment.client_secret;
    const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
    const page = await context.newPage();
    const log: string[] = [];
    const wrong: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') log.push(`console.${message.type()}: ${message.text().slice(0, 300)}`);
    });
    page.on('pageerror', (error) => log.push(`page error: ${error.message}`));
    page.on('requestfailed', (request) => log.push(`failed: ${request.method()} ${request.url().slice(0, 120)} (${request.failure()?.errorText ?? '?'})`));
    page.on('response', async (response) => {
      const url = new URL(response.url());
      const line = `${response.status()} ${response.request().method()} ${url.origin === apiOrigin ? 'api' : url.origin === sdkOrigin ? 'sdk' : url.origin === merchantOrigin ? 'page' : url.origin} ${url.pathname}`;
      log.push(line);
      if (url.origin === apiOrigin && response.status() >= 300 && response.request().method() !== 'OPTIONS') {
        wrong.push(`${line}\n    request: ${(response.request().postData() ?? '').slice(0, 600)}\n    answer: ${(await response.text().catch(() => '?')).slice(0, 600)}`);
      }
    });
    await page.addInitScript({ content: "addEventListener('tender-ready', () => { window.__ready = true; });" });
    const started = Date.now();
    await page.goto(`${merchantOrigin}/checkout.html`);
    await page.waitForFunction(() => (window as unknown as { __ready?: boolean }).__ready === true, undefined, { timeout: 30_000 });
    const readyAfter = Date.now() - started;
    const frame = page.frames().find((candidate: Frame) => candidate.name().startsWith('orca-payment-element-iframeRef-unified-checkout')) ?? null;
    if (!frame) throw new Error(`no payment frame among ${page.frames().map((candidate) => candidate.name()).join(', ')}`);
    const number = frame.locator('input[autocomplete="cc-number"]');
    await number.waitFor({ state: 'visible', timeout: 30_000 });
    await number.pressSequentially(card.number, { delay: 20 });
    await frame.locator('input[autocomplete="cc-exp"]').pressSequentially('1230', { delay: 20 });
    await frame.locator('input[autocomplete="cc-csc"]').pressSequentially('123', { delay: 20 });
    if (process.env.BENCH_HYPERSWITCH_SCREENSHOT) await page.screenshot({ path: process.env.BENCH_HYPERSWITCH_SCREENSHOT, fullPage: true });
    await page.click('#submit');
    await page.waitForFunction(() => (window as unknown as { __hyperswitchResult?: unknown }).__hyperswitchResult !== undefined, undefined, { timeout: 30_000 });
    const result = await page.evaluate(() => JSON.stringify((window as unknown as { __hyperswitchResult?: unknown }).__hyperswitchResult));
    const retrieved = (await (await fetch(new URL(`/payments/${payment.payment_id}`, sandbox.url), { headers: { 'api-key': secretKey } })).json()) as { status: string };
    const ok = retrieved.status === card.status;
    if (!ok) failures++;
    console.log(`\ncard ${card.number.slice(0, 6)}…${card.number.slice(-4)}: ready after ${readyAfter} ms; confirmPayment → ${result.slice(0, 400)}`);
    console.log(`payment ${payment.payment_id}: ${retrieved.status} (expected ${card.status}) ${ok ? 'ok' : 'WRONG'}`);
    console.log(log.map((line) => `  ${line}`).join('\n'));
    if (wrong.length) console.log(`the sandbox's non-2xx answers:\n${wrong.map((line) => `  ${line}`).join('\n')}`);
    await context.close();
  }
  return failures === 0 ? 0 : 1;
}

runBenchmark('hyperswitch-pay', 300_000, main);
