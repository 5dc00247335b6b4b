// The sandbox's 3-D Secure page inside a frame, in real Chromium, without the widget: a merchant
// page (strict CSP, only `frame-src` for the sandbox) frames the `popup_url` of a payment confirmed
// with `is_iframe_redirection_enabled`, the customer answers, and the page's served script tells
// the merchant page, on the merchant's origin only, that the challenge ended, and posts the web
// SDK's `openurl_if_required`. A stand-in for the SDK's own modal, on an origin of its own between
// the shop and the challenge, forwards that message the way the SDK's modal does
// (hyperswitch-web ThreeDSRedirectionModal.res, UtilityHooks.res `useSendEventsToParent`). Also: a
// merchant that lists its allowed origins keeps other sites from framing its pages.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { CHALLENGE_FINISHED } from '../../src/api/schemas.js';
import { sandbox } from './support.js';

const CHALLENGE_CARD = { card_number: '4000003800000446', card_exp_month: '12', card_exp_year: String(new Date().getUTCFullYear() + 3), card_cvc: '123' };

let server: Server;
let port = 0;
test.beforeAll(async () => {
  // one server, two origins: http://127.0.0.1:port and http://localhost:port
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const src = url.searchParams.get('src') ?? 'about:blank';
    if (url.pathname === '/sdk-modal') {
      // the SDK's modal: frames the challenge, forwards every message with the key openurl_if_required to its parent
      response.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': `default-src 'none'; script-src 'unsafe-inline'; frame-src ${new URL(sandbox().url).origin}; base-uri 'none'`,
      });
      response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>SDK modal</title>
<script>window.addEventListener('message', (event) => {
  const data = event.data;
  if (data && typeof data === 'object' && Object.keys(data).includes('openurl_if_required')) window.parent.postMessage(data, '*');
});</script></head>
<body><iframe title="Bank" src="${src.replaceAll('&', '&amp;').replaceAll('"', '&quot;')}" width="600" height="500"></iframe></body></html>`);
      return;
    }
    response.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      // the sandbox, and the SDK modal's stand-in on this server's other origin
      'content-security-policy': `default-src 'none'; frame-src ${new URL(sandbox().url).origin} http://localhost:${port}; base-uri 'none'`,
    });
    response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Merchant</title></head>
<body><iframe title="Bank" src="${src.replaceAll('&', '&amp;').replaceAll('"', '&quot;')}" width="600" height="500"></iframe></body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function api<T>(method: string, path: string, key: string, body?: unknown): Promise<T> {
  const response = await fetch(`${sandbox().url}${path}`, {
    method,
    headers: { 'api-key': key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

interface PopupPayment {
  payment_id: string;
  next_action: { type: string; popup_url: string; redirect_response_url: string };
}

/** A challenged payment confirmed with is_iframe_redirection_enabled, returning to `returnOrigin`. */
const popupPayment = (secretKey: string, returnOrigin: string) =>
  api<PopupPayment>('POST', '/payments', secretKey, {
    amount: 4200,
    currency: 'EUR',
    confirm: true,
    is_iframe_redirection_enabled: true,
    return_url: `${returnOrigin}/checkout`,
    payment_method: 'card',
    payment_method_data: { card: CHALLENGE_CARD },
  });

/** Opens the merchant page on `origin` framing `src`, recording every message the page receives. */
async function merchantPage(page: Page, origin: string, src: string): Promise<void> {
  await page.addInitScript(() => {
    const received: unknown[] = [];
    Object.assign(window, { received });
    window.addEventListener('message', (event) => {
      const frame = document.querySelector('iframe');
      received.push({ origin: event.origin, data: event.data as unknown, fromFrame: event.source === frame?.contentWindow });
    });
  });
  await page.goto(`${origin}/?src=${encodeURIComponent(src)}`);
}
const received = (page: Page) => page.evaluate(() => (window as unknown as { received: unknown[] }).received);

test('a framed challenge ends by telling the merchant page, on its origin, which payment to retrieve', async ({ page }) => {
  const merchantOrigin = `http://127.0.0.1:${port}`;
  const payment = await popupPayment(sandbox().secretKey, merchantOrigin);
  expect(payment.next_action.type).toBe('redirect_inside_popup');
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/.test(message.text())) violations.push(message.text());
  });
  await merchantPage(page, merchantOrigin, payment.next_action.popup_url);

  const bank = page.frameLocator('iframe');
  await expect(bank.getByRole('heading', { name: 'Test Payment Page' })).toBeVisible();
  await bank.getByRole('button', { name: 'Complete Payment' }).click();

  await expect.poll(() => received(page)).toEqual([
    { origin: new URL(sandbox().url).origin, data: { type: CHALLENGE_FINISHED, payment_id: payment.payment_id }, fromFrame: true },
    { origin: new URL(sandbox().url).origin, data: { openurl_if_required: expect.stringContaining(`${merchantOrigin}/checkout?status=succeeded&payment_id=${payment.payment_id}&payment_intent_client_secret=`) }, fromFrame: true },
  ]);
  await expect(bank.getByRole('heading', { name: 'Authentication finished' })).toBeVisible();
  expect(page.url().startsWith(merchantOrigin), 'the merchant page never navigated').toBe(true);
  expect((await api<{ status: string }>('GET', `/payments/${payment.payment_id}`, sandbox().secretKey)).status).toBe('succeeded');
  expect(violations).toEqual([]);
});

test("a page on another origin that frames the challenge never hears the element's message", async ({ page }) => {
  // the payment returns to 127.0.0.1 and the merchant lists no origins; the framing page is on localhost
  const payment = await popupPayment(sandbox().secretKey, `http://127.0.0.1:${port}`);
  await merchantPage(page, `http://localhost:${port}`, payment.next_action.popup_url);
  const bank = page.frameLocator('iframe');
  await bank.getByRole('button', { name: 'Reject Payment' }).click();
  await expect(bank.getByRole('heading', { name: 'Authentication finished' })).toBeVisible();
  const frame = page.frames().find((candidate) => candidate !== page.mainFrame());
  await frame?.waitForLoadState('load');
  // a marker posted after the page's script ran: any message of the script would arrive first
  await frame?.evaluate(() => window.parent.postMessage('marker', '*'));
  await expect.poll(async () => (await received(page)).length).toBeGreaterThan(1);
  // only the SDK's message, to the window that framed the page (which had the link, so its client secret)
  const messages = (await received(page)) as { data: unknown }[];
  expect(messages.map((message) => message.data)).toEqual([{ openurl_if_required: expect.stringContaining('status=failed') }, 'marker']);
});

test("inside the web SDK's modal on an origin the merchant lists, the challenge ends by the SDK's message, forwarded to the shop", async ({ page }) => {
  const shop = `http://127.0.0.1:${port}`;
  const sdk = `http://localhost:${port}`;
  const merchantId = `sdk_modal_${Date.now()}`;
  await api('POST', '/accounts', sandbox().adminKey, { merchant_id: merchantId, allowed_origins: [shop, sdk] });
  const key = await api<{ api_key: string }>('POST', `/api_keys/${merchantId}`, sandbox().adminKey, { name: 'e2e', expiration: 'never' });
  const payment = await popupPayment(key.api_key, shop);
  await merchantPage(page, shop, `${sdk}/sdk-modal?src=${encodeURIComponent(payment.next_action.popup_url)}`);

  // frame-ancestors lets the challenge sit inside the SDK's frame inside the shop's page
  const bank = page.frameLocator('iframe').frameLocator('iframe');
  await expect(bank.getByRole('heading', { name: 'Test Payment Page' })).toBeVisible();
  await bank.getByRole('button', { name: 'Complete Payment' }).click();
  await expect(bank.getByRole('heading', { name: 'Authentication finished' })).toBeVisible();

  // the shop hears the return URL with its query from the SDK's frame, which the loader would retrieve on
  await expect.poll(() => received(page)).toEqual([
    { origin: sdk, data: { openurl_if_required: expect.stringContaining(`${shop}/checkout?status=succeeded&payment_id=${payment.payment_id}`) }, fromFrame: true },
  ]);
  expect((await api<{ status: string }>('GET', `/payments/${payment.payment_id}`, key.api_key)).status).toBe('succeeded');
});

test("a merchant's allowed_origins keep other sites from framing its challenge", async ({ page }) => {
  const allowed = `http://127.0.0.1:${port}`;
  const merchantId = `framing_${Date.now()}`;
  await api('POST', '/accounts', sandbox().adminKey, { merchant_id: merchantId, allowed_origins: [allowed] });
  const key = await api<{ api_key: string }>('POST', `/api_keys/${merchantId}`, sandbox().adminKey, { name: 'e2e', expiration: 'never' });
  const payment = await popupPayment(key.api_key, allowed);

  const refused = page.waitForEvent('console', (message) => message.text().includes('frame-ancestors'));
  const blocked = page.waitForEvent('framenavigated', (frame) => frame !== page.mainFrame() && frame.url().startsWith('chrome-error:'));
  await merchantPage(page, `http://localhost:${port}`, payment.next_action.popup_url);
  expect((await refused).text()).toContain(`"frame-ancestors ${allowed}"`);
  await blocked;
  await expect(page.frameLocator('iframe').getByRole('heading', { name: 'Test Payment Page' })).toHaveCount(0);

  // on an allowed origin, a fresh link (the refused load spent the first) shows the page
  const fresh = await api<PopupPayment>('GET', `/payments/${payment.payment_id}`, key.api_key);
  await merchantPage(page, allowed, fresh.next_action.popup_url);
  await expect(page.frameLocator('iframe').getByRole('heading', { name: 'Test Payment Page' })).toBeVisible();
});
