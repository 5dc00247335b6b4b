/**
 * What a checkout fetches from the payment API before it can show a payable form: request count and
 * response sizes, for `<tender-checkout>` and for the Hyperswitch web SDK, against a real sandbox on
 * loopback. A measurement, not a budget (docs/performance.md, "Start-up requests").
 *
 * - The element (billing, email and phone `auto`, the defaults): the card form asks for the payment
 *   and, beside it, the payment-method list its billing fields read (card-form.ts, method-list.ts);
 *   once the payment names a customer, that customer's saved cards (saved-cards.ts). This script
 *   makes those calls through the real headless client with a counting `fetch`, in that order. The
 *   isolated frame's page for a payment carries the first two answers (ADR 0098): on that path the
 *   frame page is the request instead.
 * - The Hyperswitch web SDK: the three calls it makes at start-up with the publishable key, all at
 *   once, in its order (hyperswitch-web `src/Payments/PreMountLoader.res`
 *   `getMessageHandlerV1Elements`: `POST /payments/session_tokens`, the SDK configuration,
 *   `GET /payments/{id}/client`), each with the headers its `fetchApiWithLogging` sends
 *   (`src/Utilities/Utils.res` `getHeaders`: `api-key`, `content-type` and `X-*`), so a browser
 *   sends a CORS preflight before each: 3 requests and 3 preflights. It retrieves the payment only
 *   later, after a redirect back or when its 3-D Secure modal ends (`src/hyper-loader/Elements.res`).
 * - For comparison: the classic `GET /account/payment_methods` alone.
 *
 * Sizes are the JSON bodies as sent (the sandbox does not compress) and gzipped (level 6, what a
 * compressing proxy would send). Two payments: "minimal" (amount and currency) and "typical"
 * (customer, billing address, description, metadata, return URL).
 *
 *   npx tsx bench/startup-requests.ts
 *
 * Prints a table and writes `.bench/startup-requests.json`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { createClient } from '../src/api/client.js';
import { startSandbox } from '../sandbox/server.js';

interface Exchange {
  request: string;
  status: number;
  bytes: number;
  gzip: number;
  /** A CORS preflight (`OPTIONS`) the browser sends before the request. */
  preflight?: boolean;
}

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const sandbox = await startSandbox({ port: 0, dbPath: ':memory:', log: null });
const secretKey = sandbox.demo.secretKey ?? '';
const publishableKey = sandbox.demo.publishableKey;

/** A `fetch` that records every exchange (path without the query, status, body size). */
function countingFetch(log: Exchange[]): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    const body = Buffer.from(await response.clone().arrayBuffer());
    const url = new URL(input instanceof Request ? input.url : String(input));
    log.push({ request: `${init?.method ?? 'GET'} ${url.pathname}`, status: response.status, bytes: body.length, gzip: gzipSync(body).length });
    return response;
  };
}

async function createPayment(body: Record<string, unknown>): Promise<{ payment_id: string; client_secret: string }> {
  const response = await fetch(new URL('/payments', sandbox.url), {
    method: 'POST',
    headers: { 'api-key': secretKey, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== 200) throw new Error(`create payment: ${response.status} ${await response.text()}`);
  return (await response.json()) as { payment_id: string; client_secret: string };
}

async function element(clientSecret: string): Promise<Exchange[]> {
  const log: Exchange[] = [];
  const client = createClient({ publishableKey, baseUrl: sandbox.url, fetch: countingFetch(log) });
  const [payment, list] = await Promise.all([client.retrievePayment(clientSecret), client.listPaymentMethods(clientSecret)]);
  if (!payment.ok) throw new Error(`element start-up failed: ${payment.error.code}`);
  if (!list.ok) throw new Error(`element start-up failed (payment-method list): ${list.error.code}`);
  if (payment.payment.customer_id) {
    const saved = await client.listSavedCards(clientSecret);
    if (!saved.ok) throw new Error(`element start-up failed (saved cards): ${saved.error.code}`);
  }
  return log;
}

/** The headers of every call of the SDK (Utils.res `getHeaders`), with the publishable key. */
const SDK_HEADERS = {
  'content-type': 'application/json',
  'x-client-version': '0.132.0',
  'x-payment-confirm-source': 'sdk',
  'x-browser-name': 'Chrome',
  'x-browser-version': '131.0.0.0',
  'x-client-platform': 'web',
  'api-key': publishableKey,
};
/** Where the SDK runs (its own origin, not the API's): every call is cross-origin. */
const SDK_ORIGIN = 'https://beta.hyperswitch.io';

/** The CORS preflight a browser sends before `method url` with `headers`, recorded as such. */
async function preflight(log: Exchange[], url: URL, method: string, headers: Record<string, string>): Promise<void> {
  const response = await fetch(url, {
    method: 'OPTIONS',
    headers: { origin: SDK_ORIGIN, 'access-control-request-method': method, 'access-control-request-headers': Object.keys(headers).sort().join(',') },
  });
  const body = Buffer.from(await response.arrayBuffer());
  log.push({ request: `OPTIONS ${url.pathname}`, status: response.status, bytes: body.length, gzip: 0, preflight: true });
}

async function hyperswitchSdk(payment: { payment_id: string; client_secret: string }): Promise<Exchange[]> {
  const log: Exchange[] = [];
  const counted = countingFetch(log);
  const query = `client_secret=${encodeURIComponent(payment.client_secret)}`;
  const call = async (url: URL, method: 'GET' | 'POST', headers: Record<string, string>, body?: string) => {
    await preflight(log, url, method, headers);
    await counted(url, { method, headers: { origin: SDK_ORIGIN, ...headers }, ...(body === undefined ? {} : { body }) });
  };
  // PreMountLoader.res: the three promises are made together, before the form mounts
  await Promise.all([
    call(new URL('/payments/session_tokens', sandbox.url), 'POST', { ...SDK_HEADERS, 'x-merchant-domain': 'shop.example' },
      JSON.stringify({ payment_id: payment.payment_id, wallets: [], delayed_session_token: false, client_secret: payment.client_secret })),
    call(new URL(`/v1/sdk/configs/web/sdk_config.json?${query}`, sandbox.url), 'GET', SDK_HEADERS),
    call(new URL(`/payments/${payment.payment_id}/client?${query}`, sandbox.url), 'GET', SDK_HEADERS),
  ]);
  // one line per call, in the SDK's order, each after its preflight
  const order = ['/payments/session_tokens', '/v1/sdk/configs/web/sdk_config.json', `/payments/${payment.payment_id}/client`];
  const rank = (exchange: Exchange) => order.findIndex((path) => exchange.request.endsWith(` ${path}`)) * 2 + (exchange.preflight ? 0 : 1);
  return log.sort((a, b) => rank(a) - rank(b));
}

async function classicList(clientSecret: string): Promise<Exchange[]> {
  const log: Exchange[] = [];
  await countingFetch(log)(new URL(`/account/payment_methods?client_secret=${encodeURIComponent(clientSecret)}`, sandbox.url), {
    headers: { 'api-key': publishableKey },
  });
  return log;
}

const payments = {
  minimal: { amount: 6540, currency: 'USD' },
  typical: {
    amount: 6540,
    currency: 'EUR',
    description: 'Order 1042',
    return_url: 'https://shop.example/checkout/return',
    metadata: { order_id: '1042', channel: 'web' },
    customer: { id: 'cus_bench_startup', email: 'ada@example.com', name: 'Ada Lovelace' },
    billing: {
      address: { line1: '12 Rue de Rivoli', city: 'Paris', zip: '75004', country: 'FR', first_name: 'Ada', last_name: 'Lovelace' },
      email: 'ada@example.com',
    },
  },
};

const results: Record<string, Record<string, Exchange[]>> = {};
try {
  for (const [kind, body] of Object.entries(payments)) {
    const payment = await createPayment(body);
    results[kind] = {
      'tender-checkout': await element(payment.client_secret),
      'Hyperswitch web SDK': await hyperswitchSdk(payment),
      'classic list alone': await classicList(payment.client_secret),
    };
  }
} finally {
  await sandbox.close();
}

const rows: string[][] = [];
for (const [kind, byClient] of Object.entries(results)) {
  for (const [clientName, log] of Object.entries(byClient)) {
    for (const exchange of log) rows.push([kind, clientName, exchange.request, String(exchange.status), String(exchange.bytes), String(exchange.gzip)]);
    const total = (key: 'bytes' | 'gzip') => String(log.reduce((sum, exchange) => sum + exchange[key], 0));
    const preflights = log.filter((exchange) => exchange.preflight).length;
    const requests = `= ${log.length - preflights} request(s)${preflights ? ` + ${preflights} preflight(s)` : ''}`;
    rows.push([kind, clientName, requests, '', total('bytes'), total('gzip')]);
  }
}
const header = ['payment', 'client', 'request', 'status', 'bytes', 'gzip'];
const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => row[column]?.length ?? 0)));
const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
console.log(line(header));
console.log(line(widths.map((width) => '-'.repeat(width))));
for (const row of rows) console.log(line(row));

const file = join(root, '.bench', 'startup-requests.json');
mkdirSync(dirname(file), { recursive: true });
writeFileSync(file, `${JSON.stringify({ date: new Date().toISOString(), results }, null, 2)}\n`);
console.log(`\nwritten to ${file}`);
