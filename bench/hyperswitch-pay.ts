/**
 * Checks that the Hyperswitch web SDK built from its source (bench/build-hyperswitch-web.sh) works
 * against the sandbox in Chromium before bench/cold-load.ts measures it: on the merchant page of
 * bench/hyperswitch-web.ts (three sites on loopback, no emulated delay) its card form mounts, says
 * `ready`, takes a card number, and a test card pays (the 3-D Secure card through the sandbox's
 * challenge page, answered *Complete Payment*, back to the page's return URL); a customer's saved card (saved by the
 * merchant's server, off-session and on-session) is listed and pays, with its CVC when it was saved
 * on-session; a card pays on a merchant whose profile has a Stripe connector account enabling cards
 * (the SDK's lists are then that account's, and the payment must go to it); each payment is then
 * retrieved with the secret key. Prints every request the SDK and
 * the page made (method, path, status) and each of the sandbox's answers that was not a 2xx, and
 * exits 0 when every payment ended as expected, 1 otherwise.
 *
 *   BENCH_HYPERSWITCH_DIR=<output dir>/sdk npx tsx bench/hyperswitch-pay.ts
 *
 * BENCH_HYPERSWITCH_CARDS: comma-separated `number:expected status` (default
 * `4242424242424242:succeeded,4000000000000002:failed,4000003800000446:succeeded`); BENCH_HYPERSWITCH_SAVED=0 leaves out the
 * saved cards; BENCH_HYPERSWITCH_SCREENSHOT=<file.png> saves the page with the card typed in, before
 * paying.
 */
import { createServer } from 'node:http';
import { type Frame } from 'playwright';
import { startSandbox } from '../sandbox/server.js';
import { launchChromium, listenOnLoopback, onCleanup, runBenchmark } from './browser.js';
import { hyperswitchPageHtml, OFFLINE_RESOLVER_ARG, readHyperswitchBuild, startHyperswitchServer } from './hyperswitch-web.js';
import { Link } from './link.js';

/**
 * One payment to make through the SDK: a new card typed in, or the customer's card saved before
 * (`off_session`: no CVC; `on_session`: the CVC typed; `added`: saved by `POST /payment_methods`,
 * on-session, the CVC typed); `save`: a new card of a customer, with the SDK's *Save card details*
 * ticked, which must then be the customer's saved card.
 */
interface Case {
  label: string;
  number: string;
  saved: 'off_session' | 'on_session' | 'added' | null;
  save?: boolean;
  /** The payment must go through the challenge page (a saved challenge card is challenged again). */
  challenged?: boolean;
  /** The page gives the SDK the payment's `sdk_authorization` instead of its client secret (upstream's newer flow). */
  sdkAuthorization?: boolean;
  /**
   * A merchant of its own whose profile has a Stripe connector account enabling cards (as upstream's
   * Cypress creates one): the SDK's lists are that account's, and the payment must go to it.
   */
  connectorAccount?: boolean;
  status: string;
}

const CASES: Case[] = [
  ...(process.env.BENCH_HYPERSWITCH_CARDS ?? '4242424242424242:succeeded,4000000000000002:failed,4000003800000446:succeeded').split(',').map((entry): Case => {
    const [number = '', status = 'succeeded'] = entry.split(':');
    return { label: `card ${number.slice(0, 6)}…${number.slice(-4)}`, number, saved: null, status };
  }),
  ...(process.env.BENCH_HYPERSWITCH_SAVED === '0'
    ? []
    : [
        ...(['off_session', 'on_session'] as const).map((saved): Case => ({ label: `saved card (${saved})`, number: '4242424242424242', saved, status: 'succeeded' })),
        { label: 'new card saved by the SDK', number: '4242424242424242', saved: null, save: true, status: 'succeeded' },
        // a saved challenge card: the payment (three_ds, the default) is challenged again, on the challenge page
        { label: 'saved challenge card (added)', number: '4000003800000446', saved: 'added', challenged: true, status: 'succeeded' } satisfies Case,
      ]),
  // the SDK authorization flow: the SDK sends `Authorization` instead of the publishable key and the client secret
  { label: 'card 424242…4242 (sdkAuthorization)', number: '4242424242424242', saved: null, sdkAuthorization: true, status: 'succeeded' },
  { label: 'card 400000…0446 (sdkAuthorization)', number: '4000003800000446', saved: null, sdkAuthorization: true, challenged: true, status: 'succeeded' },
  { label: 'card 424242…4242 (a Stripe connector account)', number: '4242424242424242', saved: null, connectorAccount: true, status: 'succeeded' },
];

/** The cards a Stripe connector account enables (Commons.js's card entries of upstream's Cypress suite). */
const CARD_NETWORKS = ['AmericanExpress', 'Discover', 'Interac', 'JCB', 'Mastercard', 'Visa', 'DinersClub', 'UnionPay', 'RuPay'];
const CARD_TYPES = ['credit', 'debit'].map((payment_method_type) => ({ payment_method_type, card_networks: CARD_NETWORKS, minimum_amount: 1, maximum_amount: 68607706, recurring_enabled: true, installment_payment_enabled: true }));

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
  let sdkAuthorization: string | undefined;
  // the merchant of the case: the demo merchant, or one with a connector account
  let publishableKey = sandbox.demo.publishableKey;
  let merchantKey = secretKey;
  merchantPort = Number(
    new URL(
      await listenOnLoopback(
        createServer((_request, response) => {
          response
            .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
            .end(hyperswitchPageHtml(build, { sdkOrigin, apiOrigin, publishableKey, clientSecret, ...(sdkAuthorization ? { sdkAuthorization } : {}) }));
        }),
      ),
    ).port,
  );

  const browser = await launchChromium([OFFLINE_RESOLVER_ARG]);
  let failures = 0;
  const api = async (method: string, path: string, body?: unknown, key = merchantKey): Promise<Record<string, unknown>> => {
    const response = await fetch(new URL(path, sandbox.url), {
      method,
      headers: { 'api-key': key, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const answer = (await response.json()) as Record<string, unknown>;
    if (response.status !== 200) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(answer)}`);
    return answer;
  };
  /** A merchant with a Stripe connector account on its default profile: its keys and the account's id. */
  const merchantWithAccount = async () => {
    const merchantId = 'hs_bench_connector_account';
    const account = await api('POST', '/accounts', { merchant_id: merchantId, merchant_name: 'Bench Shop', return_url: `${merchantOrigin}/checkout.html` }, sandbox.adminKey);
    const key = await api('POST', `/api_keys/${merchantId}`, { name: 'bench', expiration: 'never' }, sandbox.adminKey);
    const created = await api(
      'POST',
      `/account/${merchantId}/connectors`,
      { connector_type: 'payment_processor', connector_name: 'stripe', connector_account_details: { auth_type: 'HeaderKey', api_key: 'sk_test_bench_stand_in' }, payment_methods_enabled: [{ payment_method: 'card', payment_method_types: CARD_TYPES }] },
      String(key.api_key),
    );
    return { publishableKey: String(account.publishable_key), secretKey: String(key.api_key), accountId: String(created.merchant_connector_id) };
  };
  let withAccount: Awaited<ReturnType<typeof merchantWithAccount>> | null = null;
  for (const testCase of CASES) {
    if (testCase.connectorAccount) withAccount ??= await merchantWithAccount();
    publishableKey = testCase.connectorAccount && withAccount ? withAccount.publishableKey : sandbox.demo.publishableKey;
    merchantKey = testCase.connectorAccount && withAccount ? withAccount.secretKey : secretKey;
    // a saved card: the merchant's server pays once for a customer with setup_future_usage and the customer's consent
    let customerId: string | null = null;
    let savedCard: unknown = null;
    if (testCase.save) customerId = String((await api('POST', '/customers', { name: 'Ann Lee', email: 'ann@example.com' })).customer_id);
    if (testCase.saved === 'added') {
      customerId = String((await api('POST', '/customers', { name: 'Ann Lee', email: 'ann@example.com' })).customer_id);
      const added = await api('POST', '/payment_methods', {
        payment_method: 'card',
        payment_method_type: 'credit',
        customer_id: customerId,
        card: { card_number: testCase.number, card_exp_month: '12', card_exp_year: '2030', card_holder_name: 'Ann Lee' },
      });
      savedCard = added.payment_method_id;
    } else if (testCase.saved) {
      customerId = String((await api('POST', '/customers', { name: 'Ann Lee', email: 'ann@example.com' })).customer_id);
      const first = await api('POST', '/payments', {
        amount: 1000,
        currency: 'USD',
        customer_id: customerId,
        confirm: true,
        setup_future_usage: testCase.saved,
        payment_method: 'card',
        payment_method_data: { card: { card_number: testCase.number, card_exp_month: '12', card_exp_year: '2030', card_cvc: '123', card_holder_name: 'Ann Lee' } },
        customer_acceptance: { acceptance_type: 'online', accepted_at: new Date().toISOString(), online: { ip_address: '127.0.0.1', user_agent: 'bench' } },
      });
      savedCard = first.payment_method_id;
    }
    const payment = await api('POST', '/payments', { amount: 4999, currency: 'USD', description: 'Order 1042', ...(customerId ? { customer_id: customerId } : {}) });
    clientSecret = String(payment.client_secret);
    sdkAuthorization = testCase.sdkAuthorization ? String(payment.sdk_authorization) : undefined;
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
    // the SDK authorization flow: every call of the SDK to the API carries `Authorization`, and no publishable key or client secret
    const authorizedCalls: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      // the SDK's own calls (the challenge page's document and stylesheet are the sandbox's, not the SDK's)
      if (url.origin !== apiOrigin || request.method() === 'OPTIONS' || !['fetch', 'xhr'].includes(request.resourceType())) return;
      const headers = request.headers();
      const line = `${request.method()} ${url.pathname}`;
      if (!testCase.sdkAuthorization) return;
      if (headers['authorization'] !== sdkAuthorization) log.push(`${line} without the SDK authorization`);
      else if (headers['api-key'] || url.searchParams.has('client_secret') || (request.postData() ?? '').includes(clientSecret)) log.push(`${line} also sent the key or the client secret`);
      else authorizedCalls.push(line);
    });
    await page.addInitScript({ content: "addEventListener('tender-ready', () => { window.__ready = true; });" });
    const started = Date.now();
    await page.goto(`${merchantOrigin}/checkout.html`);
    await page.waitForFunction(() => (window as unknown as { __ready?: boolean }).__ready === true, undefined, { timeout: 30_000 });
    const readyAfter = Date.now() - started;
    const frame = page.frames().find((candidate: Frame) => candidate.name().startsWith('orca-payment-element-iframeRef-unified-checkout')) ?? null;
    if (!frame) throw new Error(`no payment frame among ${page.frames().map((candidate) => candidate.name()).join(', ')}`);
    if (testCase.saved) {
      // the saved card is listed, chosen, and asks for its CVC only when it was saved on-session
      const cvc = frame.locator('input[autocomplete="cc-csc"]:visible');
      await frame.getByText(testCase.number.slice(-4), { exact: true }).first().waitFor({ state: 'visible', timeout: 30_000 });
      if (testCase.saved !== 'off_session') await cvc.first().pressSequentially('123', { delay: 20 });
      else if ((await cvc.count()) > 0) log.push('a CVC field is shown for an off-session card');
    } else {
      const number = frame.locator('input[autocomplete="cc-number"]');
      await number.waitFor({ state: 'visible', timeout: 30_000 });
      await number.pressSequentially(testCase.number, { delay: 20 });
      await frame.locator('input[autocomplete="cc-exp"]').pressSequentially('1230', { delay: 20 });
      await frame.locator('input[autocomplete="cc-csc"]').pressSequentially('123', { delay: 20 });
      if (testCase.save) await frame.getByText('Save card details', { exact: true }).click();
    }
    if (process.env.BENCH_HYPERSWITCH_SCREENSHOT) await page.screenshot({ path: process.env.BENCH_HYPERSWITCH_SCREENSHOT, fullPage: true });
    await page.click('#submit');
    // a card the issuer challenges: the SDK sends the page to the sandbox's 3-D Secure page, whose
    // *Complete Payment* sends it back to the return URL (this page, with the payment in its query)
    const challenged = page.waitForURL((url) => url.origin === apiOrigin, { timeout: 30_000 }).then(
      () => true,
      () => false,
    );
    const answered = page
      .waitForFunction(() => (window as unknown as { __hyperswitchResult?: unknown }).__hyperswitchResult !== undefined, undefined, { timeout: 30_000 })
      .then(() => false);
    let result: string;
    const wentToChallenge = await Promise.race([challenged, answered]);
    if (testCase.challenged && !wentToChallenge) log.push('the payment was not challenged');
    if (wentToChallenge) {
      await page.getByRole('button', { name: 'Complete Payment' }).click();
      await page.waitForURL((url) => url.origin === merchantOrigin && url.searchParams.has('payment_intent_client_secret'), { timeout: 30_000 });
      const back = new URL(page.url());
      result = `challenge completed; back at the return URL with status=${back.searchParams.get('status') ?? '?'}`;
      if (back.searchParams.get('payment_intent_client_secret') !== clientSecret) log.push('the return URL names another payment');
    } else {
      result = await page.evaluate(() => JSON.stringify((window as unknown as { __hyperswitchResult?: unknown }).__hyperswitchResult));
    }
    const retrieved = await api('GET', `/payments/${String(payment.payment_id)}`);
    // a saved card's payment is paid with that card (the same payment method), not with a new one
    // the SDK authorization flow: its calls (at least the list and the confirm) carried Authorization alone
    const authorizedOnly = !testCase.sdkAuthorization || (authorizedCalls.some((call) => call.endsWith('/confirm')) && !log.some((line) => / without the SDK authorization| also sent the key/.test(line)));
    if (testCase.sdkAuthorization) log.push(`calls with Authorization alone: ${authorizedCalls.join(', ')}`);
    let ok = retrieved.status === testCase.status && authorizedOnly && wentToChallenge === (testCase.challenged ?? wentToChallenge) && (!testCase.saved || (typeof savedCard === 'string' && retrieved.payment_method_id === savedCard));
    if (testCase.save) {
      // the card the SDK asked to save is the customer's saved card now
      const listed = (await api('GET', `/customers/${String(customerId)}/payment_methods`)).customer_payment_methods as { payment_method_id?: unknown }[] | undefined;
      const saved = typeof retrieved.payment_method_id === 'string' && (listed ?? []).some((method) => method.payment_method_id === retrieved.payment_method_id);
      if (!saved) log.push(`the card was not saved: payment_method_id ${String(retrieved.payment_method_id)}, the customer's list ${JSON.stringify(listed ?? null).slice(0, 200)}`);
      ok &&= saved;
    }
    if (testCase.connectorAccount) {
      // routed to the profile's account, as upstream routes to the one its Cypress suite creates
      const routed = retrieved.connector === 'stripe' && retrieved.merchant_connector_id === withAccount?.accountId;
      if (!routed) log.push(`not routed to the Stripe account: connector ${String(retrieved.connector)}, merchant_connector_id ${String(retrieved.merchant_connector_id)}`);
      ok &&= routed;
    }
    if (!ok) failures++;
    console.log(`\n${testCase.label}: ready after ${readyAfter} ms; confirmPayment → ${result.slice(0, 300)}`);
    console.log(`payment ${String(payment.payment_id)}: ${String(retrieved.status)}${testCase.saved || testCase.save ? ` with ${String(retrieved.payment_method_id)}` : ''} (expected ${testCase.status}) ${ok ? 'ok' : 'WRONG'}`);
    console.log(log.map((line) => `  ${line}`).join('\n'));
    if (wrong.length) console.log(`the sandbox's non-2xx answers:\n${wrong.map((line) => `  ${line}`).join('\n')}`);
    await context.close();
  }
  return failures === 0 ? 0 : 1;
}

runBenchmark('hyperswitch-pay', 300_000, main);
