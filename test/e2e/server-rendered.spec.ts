// The fastest page (docs/integration.md § The fastest page): the merchant's server writes the card
// frame's <iframe> inside <tender-checkout>, so the browser fetches the frame with the page, and the
// script-tag bundle adopts it. On its own site (127.0.0.1; the API on localhost: an out-of-process
// frame), under the strict merchant CSP, against the real sandbox: the payment succeeds in the adopted
// frame, a foreign iframe is refused, and the client secret travels in no Referer and in no URL the
// browser sends to another origin than the API's (the frame's page, for this payment, is asked for with it
// in its query: the API's host answers it inside that page, no-store; docs/decisions/0098).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect, type Page, type Request } from '@playwright/test';
import { card, createPayment, merchantCsp, sandbox, serveStatic, type StaticServer } from './support.js';

const SANDBOX = 'allow-scripts allow-same-origin allow-forms';

/** The page's own script: every tender-* event to the console (no inline script: the CSP forbids it). */
const LOGGER = `for (const type of ['tender-ready', 'tender-result', 'tender-error']) {
  document.addEventListener(type, (event) => console.info('tender-event', type, JSON.stringify(event.detail)));
}
`;

/** The host's protocol chunk, by its name in the package's sri.json, as a merchant's server finds it. */
const PROTOCOL_CHUNK = Object.keys((JSON.parse(readFileSync(new URL('../../dist/sri.json', import.meta.url), 'utf8')) as { files: Record<string, string> }).files).find((file) =>
  /^chunks\/protocol-\w+\.js$/.test(file),
);

/** The checkout page as the merchant's server renders it: the snippet of docs/integration.md, the protocol chunk preloaded with it. */
function checkoutPage(clientSecret: string, iframeSrc?: string): string {
  const { url, publishableKey } = sandbox();
  const src = iframeSrc ?? `${url}/frame/card?key=${publishableKey}&amp;client_secret=${clientSecret}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Checkout</title>
<script type="module" src="/logger.js"></script>
<link rel="modulepreload" href="/dist/${PROTOCOL_CHUNK}">
<script type="module" src="/dist/tender-checkout.js"></script>
</head>
<body>
<main>
<h1>Pay for order 1042</h1>
<tender-checkout publishable-key="${publishableKey}" client-secret="${clientSecret}" api-base="${url}">
<iframe slot="frame" src="${src}" sandbox="${SANDBOX}" title="Card payment form"></iframe>
</tender-checkout>
</main>
</body>
</html>
`;
}

interface Opened {
  events: { type: string; detail: Record<string, unknown> }[];
  requests: Request[];
  problems: string[];
}

let server: StaticServer;
let pages: string;
let base: string;

test.beforeAll(async () => {
  pages = mkdtempSync(join(tmpdir(), 'tender-server-rendered-'));
  writeFileSync(join(pages, 'logger.js'), LOGGER);
  server = await serveStatic({ csp: merchantCsp(sandbox().url), pagesDir: pages });
  // another site than the API's (localhost): the card frame runs out of process, as on a real shop
  base = server.url.replace('//localhost:', '//127.0.0.1:');
});
test.afterAll(async () => {
  await server.close();
  rmSync(pages, { recursive: true, force: true });
});

async function open(page: Page, html: string): Promise<Opened> {
  const name = `checkout-${Date.now()}-${Math.random().toString(36).slice(2, 8)}.html`;
  writeFileSync(join(pages, name), html);
  const opened: Opened = { events: [], requests: [], problems: [] };
  page.on('console', (message) => {
    const logged = /^tender-event (tender-[a-z]+) (.*)$/s.exec(message.text());
    if (logged) opened.events.push({ type: logged[1] ?? '', detail: JSON.parse(logged[2] ?? '{}') as Record<string, unknown> });
    else if (/Content Security Policy|Refused/i.test(message.text())) opened.problems.push(message.text());
  });
  page.on('pageerror', (error) => opened.problems.push(error.message));
  page.context().on('request', (request) => opened.requests.push(request));
  await page.goto(`${base}/${name}`);
  return opened;
}

const eventOf = async (opened: Opened, type: string) => {
  await expect.poll(() => opened.events.some((event) => event.type === type), { message: `no ${type}`, timeout: 15_000 }).toBe(true);
  return opened.events.find((event) => event.type === type)!.detail;
};

test('the adopted server-rendered frame takes the payment, and the client secret travels in no Referer and no URL but the API’s own', async ({ page }) => {
  const payment = await createPayment({ amount: 4999, currency: 'EUR' });
  const opened = await open(page, checkoutPage(payment.client_secret));
  expect(await eventOf(opened, 'tender-ready')).toMatchObject({ paymentId: payment.payment_id });
  // the iframe the server wrote is the element's frame: no second one
  await expect(page.locator('tender-checkout > iframe')).toHaveCount(1);
  await expect(page.locator('tender-checkout > iframe')).toHaveAttribute('part', 'frame');
  const form = page.frameLocator('tender-checkout > iframe').locator('tender-card-form');
  const typed = card('4242424242424242');
  await form.locator('input#number').pressSequentially(typed.number);
  await form.locator('input#expiry').pressSequentially(typed.expiry);
  await form.locator('input#cvc').pressSequentially(typed.cvc);
  await form.locator('button[part="button"]').click();
  expect(await eventOf(opened, 'tender-result')).toMatchObject({ paymentId: payment.payment_id, status: 'succeeded' });
  expect(opened.events.filter((event) => event.type === 'tender-error')).toEqual([]);
  expect(opened.problems).toEqual([]);

  const api = new URL(sandbox().url).origin;
  const secret = payment.client_secret;
  for (const request of opened.requests) {
    const referer = (await request.allHeaders())['referer'] ?? '';
    expect(referer, `the Referer of ${request.method()} ${request.url()}`).not.toContain(secret);
    const url = new URL(request.url());
    if (url.origin !== api) expect(request.url(), 'a URL sent to another origin than the API’s').not.toContain(secret);
  }
  const framePage = opened.requests.filter((request) => new URL(request.url()).pathname === '/frame/card');
  expect(framePage.length, 'the frame page, once').toBe(1);
  // the payment's own page: asked for with the secret, to the API's host, kept by no cache and carried by no Referer
  expect(new URL(framePage[0]!.url()).searchParams.get('client_secret')).toBe(secret);
  const frameHeaders = (await framePage[0]!.response())!.headers();
  expect(frameHeaders['cache-control']).toBe('no-store');
  expect(frameHeaders['referrer-policy']).toBe('no-referrer');
  // and it carried the payment and its list: the frame asked the API for neither
  expect(opened.requests.filter((request) => request.method() === 'GET' && /^\/payments\/pay_[^/]+$/.test(new URL(request.url()).pathname)).length).toBe(0);
  expect(opened.requests.filter((request) => new URL(request.url()).pathname === '/account/payment_methods').length).toBe(0);
  // and the files the form needs next, after its script (ADR 0100): the frame fetched neither the late file nor the billing fields
  const assets = opened.requests.map((request) => new URL(request.url()).pathname).filter((path) => path.startsWith('/frame/assets/'));
  expect(assets.filter((path) => /\/(late|billing-fields)-[A-Z0-9]{8}\.js$/.test(path))).toEqual([]);
  // the page's preload of the host's protocol chunk is the one the host imports: asked for once
  expect(PROTOCOL_CHUNK).toBeTruthy();
  expect(opened.requests.filter((request) => new URL(request.url()).pathname === `/dist/${PROTOCOL_CHUNK}`).length).toBe(1);
});

test('the snippet with the secret in the frame URL’s fragment still pays: the page asked for without it, the payment asked for once', async ({ page }) => {
  const payment = await createPayment({ amount: 1250, currency: 'EUR' });
  const { url, publishableKey } = sandbox();
  const opened = await open(page, checkoutPage(payment.client_secret, `${url}/frame/card?key=${publishableKey}#client_secret=${payment.client_secret}`));
  expect(await eventOf(opened, 'tender-ready')).toMatchObject({ paymentId: payment.payment_id, amount: 1250 });
  const framePage = opened.requests.filter((request) => new URL(request.url()).pathname === '/frame/card');
  expect(framePage.length).toBe(1);
  expect(framePage[0]!.url()).not.toContain(payment.client_secret);
  expect(opened.requests.filter((request) => request.method() === 'GET' && /^\/payments\/pay_[^/]+$/.test(new URL(request.url()).pathname)).length).toBe(1);
  expect(opened.problems).toEqual([]);
});

test('an iframe that is not the element’s card frame is refused with a configuration error', async ({ page }) => {
  const payment = await createPayment({ amount: 4999, currency: 'EUR' });
  const opened = await open(page, checkoutPage(payment.client_secret, `${base}/logger.js`));
  const error = await eventOf(opened, 'tender-error');
  expect(error).toMatchObject({ code: 'configuration', recoverable: false });
  expect(String(error['message'])).toContain('not its card frame');
  await expect(page.locator('tender-checkout iframe')).toHaveCount(0);
  expect(opened.events.some((event) => event.type === 'tender-ready')).toBe(false);
});
