/**
 * The demo merchant's back end, as a real merchant's server would be: it holds the secret key,
 * creates and captures payments with it, and hands the page only what the page may see (the
 * payment's client secret and id, the publishable key, the API's base URL). Served by
 * `scripts/demo.mjs` as Vite middleware; runs in Node only.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** How the back end reaches the payment API. */
export interface MerchantConfig {
  /** Base URL of the payment API, as both this server and the customer's browser reach it. */
  apiBase: string;
  publishableKey: string;
  /** The merchant's secret key: used here, never sent to the page. */
  secretKey: string;
  fetch?: typeof fetch;
}

/** What the page may send to `POST /api/payments`. */
export interface PaymentOrder {
  /** In minor units (cents, yen, fils). */
  amount: number;
  currency: string;
  captureMethod: 'automatic' | 'manual';
  kind: 'card' | 'mobile_money';
  phone: string | null;
  /**
   * The shopper's account with the demo store (a returning customer), or null for a guest: the back
   * end keeps one customer per account (`cus_demo_{account}`) and creates the payment with its
   * `customer_id`, so the form offers to save the card and shows it next time.
   */
  account: string | null;
}

type Middleware = (request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void) => void;

const MAX_BODY_BYTES = 16 * 1024;
const CAPTURE_PATH = /^\/api\/payments\/(pay_[A-Za-z0-9_]+)\/capture$/;

/** A request the page got wrong: answered 400 with the message. */
class OrderError extends Error {}

/**
 * Checks the page's order: an integer amount in minor units, a three-letter currency, a capture
 * method, a payment method kind, and a phone number for mobile money.
 */
export function parseOrder(body: unknown): PaymentOrder {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new OrderError('The body must be a JSON object');
  const order = body as Record<string, unknown>;
  const { amount, currency } = order;
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0) {
    throw new OrderError('amount must be a positive whole number of minor units');
  }
  if (typeof currency !== 'string' || !/^[A-Z]{3,4}$/.test(currency)) throw new OrderError('currency must be an ISO 4217 code');
  const captureMethod = order.capture_method ?? 'automatic';
  if (captureMethod !== 'automatic' && captureMethod !== 'manual') throw new OrderError('capture_method must be automatic or manual');
  const kind = order.kind ?? 'card';
  if (kind !== 'card' && kind !== 'mobile_money') throw new OrderError('kind must be card or mobile_money');
  let phone: string | null = null;
  if (kind === 'mobile_money') {
    if (typeof order.phone !== 'string' || !/^\+?[0-9 ]{6,20}$/.test(order.phone.trim())) {
      throw new OrderError('phone must be a phone number (digits, an optional leading +)');
    }
    phone = order.phone.trim();
  }
  const account = order.account ?? null;
  if (account !== null && (typeof account !== 'string' || !/^[A-Za-z0-9_]{1,40}$/.test(account))) {
    throw new OrderError('account must be 1 to 40 letters, digits or underscores');
  }
  return { amount, currency, captureMethod, kind, phone, account };
}

/** The payment API's customer of a demo-store account. */
export function customerIdFor(account: string): string {
  return `cus_demo_${account}`;
}

/** The `POST /payments` body the merchant's server sends for an order. */
export function paymentRequest(order: PaymentOrder, returnUrl: string): Record<string, unknown> {
  const common = {
    amount: order.amount,
    currency: order.currency,
    capture_method: order.captureMethod,
    description: 'Tender demo store order',
    return_url: returnUrl,
    metadata: { source: 'tender-demo' },
    ...(order.account ? { customer_id: customerIdFor(order.account) } : {}),
  };
  if (order.kind === 'card') return common;
  return {
    ...common,
    confirm: true,
    payment_method: 'wallet',
    payment_method_type: 'pay_bill',
    payment_method_data: { wallet: { mobile_money: { phone_number: order.phone } } },
  };
}

/** The `/api/*` routes of the demo merchant. Anything else goes on to the next middleware. */
export function merchantBackend(config: MerchantConfig): Middleware {
  const apiFetch = config.fetch ?? fetch;
  const apiBase = config.apiBase.replace(/\/+$/, '');

  async function callApi(path: string, body: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
    const answer = await apiFetch(`${apiBase}${path}`, {
      method: 'POST',
      headers: { 'api-key': config.secretKey, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await answer.text();
    let json: Record<string, unknown>;
    try {
      json = JSON.parse(text) as Record<string, unknown>;
    } catch {
      json = { error: { type: 'api', code: 'demo_bad_answer', message: `The payment API answered ${answer.status} without JSON` } };
    }
    return { status: answer.status, json };
  }

  async function route(request: IncomingMessage, response: ServerResponse): Promise<boolean> {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    if (!path.startsWith('/api/')) return false;

    if (path === '/api/config' && request.method === 'GET') {
      send(response, 200, { apiBase, publishableKey: config.publishableKey });
      return true;
    }

    if (path === '/api/payments' && request.method === 'POST') {
      const order = parseOrder(await readJson(request));
      if (order.account) {
        // a returning shopper: their customer is created once (an existing one is 400 IR_12, and kept)
        const customer = await callApi('/customers', { customer_id: customerIdFor(order.account), name: 'Demo shopper', description: 'A returning customer of the Tender demo store' });
        if (customer.status !== 200 && (customer.json.error as { code?: unknown } | undefined)?.code !== 'IR_12') {
          send(response, customer.status >= 500 ? 502 : customer.status, { error: apiError(customer.json) });
          return true;
        }
      }
      const { status, json } = await callApi('/payments', paymentRequest(order, returnUrlFor(request)));
      if (status !== 200) {
        send(response, status >= 500 ? 502 : status, { error: apiError(json) });
        return true;
      }
      // only what the page needs: never the whole API response of a secret-key call (the merchant id
      // names the payment on the sandbox's phone simulator)
      send(response, 200, { client_secret: json.client_secret, payment_id: json.payment_id, merchant_id: json.merchant_id });
      return true;
    }

    const capture = CAPTURE_PATH.exec(path);
    if (capture && request.method === 'POST') {
      const paymentId = capture[1] ?? '';
      const { status, json } = await callApi(`/payments/${paymentId}/capture`, {});
      if (status !== 200) {
        send(response, status >= 500 ? 502 : status, { error: apiError(json) });
        return true;
      }
      send(response, 200, {
        payment_id: json.payment_id,
        status: json.status,
        amount: json.amount,
        amount_received: json.amount_received,
        currency: json.currency,
      });
      return true;
    }

    send(response, 404, { error: { code: 'demo_not_found', message: `No demo route ${request.method ?? ''} ${path}` } });
    return true;
  }

  return (request, response, next) => {
    route(request, response).then(
      (handled) => {
        if (!handled) next();
      },
      (error: unknown) => {
        if (error instanceof OrderError) send(response, 400, { error: { code: 'demo_bad_order', message: error.message } });
        else send(response, 502, { error: { code: 'demo_api_unreachable', message: `The payment API at ${apiBase} could not be reached` } });
      },
    );
  };
}

/** The demo page itself: the customer comes back there from 3-D Secure. */
function returnUrlFor(request: IncomingMessage): string {
  const host = request.headers.host ?? 'localhost';
  return `http://${host}/`;
}

/** The API's error envelope, passed on (it never holds a key); anything else becomes a plain message. */
function apiError(json: Record<string, unknown>): { code: string; message: string } {
  const error = json.error as { code?: unknown; message?: unknown } | undefined;
  return {
    code: typeof error?.code === 'string' ? error.code : 'demo_api_error',
    message: typeof error?.message === 'string' ? error.message : 'The payment API refused the request',
  };
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new OrderError('The body is too large');
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    throw new OrderError('The body must be JSON');
  }
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.statusCode = status;
  response.setHeader('content-type', 'application/json; charset=utf-8');
  response.setHeader('cache-control', 'no-store');
  response.end(JSON.stringify(body));
}

/** A new secret key for `merchantId`, made with the admin key (`POST /api_keys/{merchant_id}`). */
export async function createSecretKey(
  apiBase: string,
  adminKey: string,
  merchantId: string,
  apiFetch: typeof fetch = fetch,
): Promise<{ secretKey: string; keyId: string }> {
  const answer = await apiFetch(`${apiBase.replace(/\/+$/, '')}/api_keys/${encodeURIComponent(merchantId)}`, {
    method: 'POST',
    headers: { 'api-key': adminKey, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'demo', description: 'npm run demo (revoked when the demo stops)', expiration: 'never' }),
  });
  const json = (await answer.json()) as { api_key?: string; key_id?: string; error?: { message?: string } };
  if (!answer.ok || !json.api_key || !json.key_id) {
    throw new Error(`Could not create a secret key for ${merchantId}: ${json.error?.message ?? `HTTP ${answer.status}`}`);
  }
  return { secretKey: json.api_key, keyId: json.key_id };
}

/** Revokes a key made by `createSecretKey` (`DELETE /api_keys/{merchant_id}/{key_id}`). */
export async function revokeSecretKey(apiBase: string, adminKey: string, merchantId: string, keyId: string, apiFetch: typeof fetch = fetch): Promise<void> {
  await apiFetch(`${apiBase.replace(/\/+$/, '')}/api_keys/${encodeURIComponent(merchantId)}/${encodeURIComponent(keyId)}`, {
    method: 'DELETE',
    headers: { 'api-key': adminKey },
  });
}

/** The merchant's publishable key, read with the admin key (`GET /accounts/{merchant_id}`). */
export async function readPublishableKey(apiBase: string, adminKey: string, merchantId: string, apiFetch: typeof fetch = fetch): Promise<string> {
  const answer = await apiFetch(`${apiBase.replace(/\/+$/, '')}/accounts/${encodeURIComponent(merchantId)}`, { headers: { 'api-key': adminKey } });
  const json = (await answer.json()) as { publishable_key?: string; error?: { message?: string } };
  if (!answer.ok || !json.publishable_key) {
    throw new Error(`Could not read the publishable key of ${merchantId}: ${json.error?.message ?? `HTTP ${answer.status}`}`);
  }
  return json.publishable_key;
}
