/** Test support: a real sandbox on an ephemeral loopback port, and a small HTTP client for it. */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before } from 'node:test';
import { ErrorEnvelope, PaymentMethodListResponse, PaymentResponse } from '../../src/api/schemas.js';
import type { Hono } from 'hono';
import { createApp } from '../app.js';
import { CustomerService } from '../domain/customers.js';
import { MerchantService } from '../domain/merchants.js';
import { PaymentService } from '../domain/payments/service.js';
import { RefundService } from '../domain/refunds.js';
import { startSandbox, type Sandbox, type SandboxOptions } from '../server.js';
import type { Store } from '../store/repo.js';
import { checkResponse } from './conformance/openapi.js';

/**
 * Every answer a sandbox test receives is also parsed with the schemas the client uses (src/api/
 * schemas.ts): error envelopes, payments (alone, in lists and under `payment`), payment-method lists.
 * A response shape that would break the widget fails whichever test saw it.
 */
export function assertParsesAsTheClientWould(url: URL, body: unknown): void {
  if (typeof body !== 'object' || body === null) return;
  const record = body as Record<string, unknown>;
  const check = (schema: { safeParse(value: unknown): { success: boolean; error?: unknown } }, value: unknown, what: string): void => {
    const result = schema.safeParse(value);
    if (!result.success) throw new Error(`${url.pathname}: the ${what} does not parse as the client expects: ${String(result.error)}`);
  };
  if ('error' in record) return check(ErrorEnvelope, record, 'error envelope');
  if (url.pathname === '/account/payment_methods') return check(PaymentMethodListResponse, record, 'payment-method list');
  if (!url.pathname.startsWith('/payments')) return;
  const payments = Array.isArray(record.data) ? record.data : [record];
  for (const payment of payments) {
    if (typeof payment === 'object' && payment !== null && 'payment_id' in payment && 'status' in payment) {
      check(PaymentResponse, payment, 'payment');
    }
  }
}

/**
 * Every answer a sandbox test receives is also checked against the real service's OpenAPI response
 * schema for its operation and status, apart from the reasoned allow-list
 * (sandbox/test/conformance/). A member the real service's typed clients need cannot go missing.
 */
export function assertMatchesTheOpenApiDocument(method: string, url: URL, status: number, body: unknown): void {
  const { violations } = checkResponse(method, url.pathname, status, body);
  if (violations.length === 0) return;
  const lines = violations.map((v) => `${v.operation} ${v.status} ${v.instancePath || '(root)'}: ${v.message}`);
  throw new Error(`${url.pathname}: the answer does not match the real service's OpenAPI schema:\n${lines.join('\n')}`);
}

export interface ApiResponse<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
  text: string;
}

export interface RequestOptions {
  key?: string | null;
  body?: unknown;
  /** Sent as is (not JSON-encoded) when a string. */
  rawBody?: string;
  query?: Record<string, string>;
  headers?: Record<string, string>;
}

export interface TestSandbox extends Sandbox {
  secretKey: string;
  publishableKey: string;
  request<T = Record<string, unknown>>(method: string, path: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  /** POST /payments with the demo secret key; fails the test on anything but 200. */
  createPayment(body: Record<string, unknown>): Promise<Record<string, unknown>>;
  /** POST /accounts with the admin key (`members` beside the id), then a secret key for it; fails the test on anything but 200. */
  createMerchant(merchantId: string, members?: Record<string, unknown>): Promise<{ secretKey: string; publishableKey: string; account: Record<string, unknown> }>;
  /** Moves the sandbox's clock on by `ms` (what a test would otherwise wait for), unless it was started with its own `now`. */
  advanceClock(ms: number): void;
}

export async function startTestSandbox(options: SandboxOptions = {}): Promise<TestSandbox> {
  let skew = 0;
  const sandbox = await startSandbox({ port: 0, dbPath: ':memory:', log: null, now: () => Date.now() + skew, ...options });
  const secretKey = sandbox.demo.secretKey;
  if (!secretKey) throw new Error('a fresh test sandbox must create the demo secret key');
  const request = async <T>(method: string, path: string, opts: RequestOptions = {}): Promise<ApiResponse<T>> => {
    const url = new URL(path, sandbox.url);
    for (const [name, value] of Object.entries(opts.query ?? {})) url.searchParams.set(name, value);
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.key !== null) headers['api-key'] = opts.key ?? secretKey;
    let body: string | undefined;
    if (opts.rawBody !== undefined) body = opts.rawBody;
    else if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(url, { method, headers, body, redirect: 'manual' });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON (an HTML page or a redirect): the text is the body
    }
    assertParsesAsTheClientWould(url, parsed);
    assertMatchesTheOpenApiDocument(method, url, response.status, parsed);
    return { status: response.status, body: parsed as T, headers: response.headers, text };
  };
  return {
    ...sandbox,
    secretKey,
    publishableKey: sandbox.demo.publishableKey,
    request,
    async createPayment(body) {
      const response = await request<Record<string, unknown>>('POST', '/payments', { body });
      if (response.status !== 200) throw new Error(`create payment failed: ${response.status} ${response.text}`);
      return response.body;
    },
    async createMerchant(merchantId, members = {}) {
      const admin = { key: sandbox.adminKey };
      const account = await request<Record<string, unknown>>('POST', '/accounts', { ...admin, body: { merchant_id: merchantId, ...members } });
      if (account.status !== 200) throw new Error(`create merchant failed: ${account.status} ${account.text}`);
      const key = await request<{ api_key: string }>('POST', `/api_keys/${merchantId}`, { ...admin, body: { name: 'k', expiration: 'never' } });
      if (key.status !== 200) throw new Error(`create API key failed: ${key.status} ${key.text}`);
      return { secretKey: key.body.api_key, publishableKey: String(account.body.publishable_key), account: account.body };
    },
    advanceClock(ms) {
      skew += ms;
    },
  };
}

/** A future expiry for test cards. */
export const FUTURE = { card_exp_month: '12', card_exp_year: String(new Date().getUTCFullYear() + 3) };

export function card(number: string, cvc = number.startsWith('3') && number.length === 15 ? '1234' : '123') {
  return { card_number: number, card_cvc: cvc, card_holder_name: 'Ada Lovelace', ...FUTURE };
}

export const cardPayment = (number: string) => ({ payment_method: 'card', payment_method_data: { card: card(number) } });

/** Polls `check` until it returns a value or `timeoutMs` passes. */
export async function eventually<T>(check: () => Promise<T | null | undefined>, timeoutMs = 6000, everyMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value != null) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/**
 * The member that carries an error envelope's type: upstream answers JSON deserialisation errors
 * with `error_type` in place of `type` (its Cypress expectations, Commons.js:1031 and :1139), every
 * other error with `type`.
 */
export const typeMemberOf = (error: Record<string, unknown>): 'type' | 'error_type' =>
  String(error['message']).startsWith('Json deserialize error:') ? 'error_type' : 'type';

/** The exact body of every refused key (the real service's answer; its Cypress suite calls it `InvalidPublishableKey`). */
export const UNAUTHORIZED = { error: { type: 'invalid_request', message: 'API key not provided or invalid API key used', code: 'IR_01' } };

/**
 * Asserts an error answer exactly: the status, a JSON body with one `error` member holding exactly
 * `code`, `message` and the type member (`type`, or `error_type` for parse errors; upstream adds
 * `reason` where its message is fixed), the type `api` for 5xx and `invalid_request` otherwise, a
 * non-empty message, and the message itself when given (a string exactly, a RegExp by match).
 */
export function assertApiError(response: ApiResponse, status: number, code: string, message?: string | RegExp): void {
  const context = `${response.status} ${response.text.slice(0, 500)}`;
  assert.equal(response.status, status, context);
  assert.match(response.headers.get('content-type') ?? '', /^application\/json/, context);
  assert.equal(typeof response.body, 'object', context);
  assert.deepEqual(Object.keys(response.body as object), ['error'], context);
  const error = (response.body as Record<string, unknown>)['error'] as Record<string, unknown>;
  assert.deepEqual(Object.keys(error).filter((key) => key !== 'reason').sort(), ['code', 'message', typeMemberOf(error)].sort(), context);
  assert.equal(error[typeMemberOf(error)], status >= 500 ? 'api' : 'invalid_request', context);
  assert.equal(error['code'], code, context);
  assert.equal(typeof error['message'], 'string', context);
  assert.ok(String(error['message']).length > 0, context);
  if (typeof message === 'string') assert.equal(error['message'], message, context);
  else if (message) assert.match(String(error['message']), message, context);
}

/**
 * Answers the 3-D Secure test page as the customer's browser does: opens the link (which spends its
 * token), then posts the page's form with the page's own token. The answer is not followed.
 */
export async function answerChallenge(url: string, choice: 'complete' | 'reject'): Promise<Response> {
  const html = await (await fetch(url)).text();
  const pageToken = /name="page_token" value="([^"]+)"/.exec(html)?.[1];
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (!pageToken || !action) throw new Error(`${url} did not show the challenge page: ${html}`);
  return fetch(new URL(action.replaceAll('&amp;', '&'), url), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ answer: choice, page_token: pageToken }).toString(),
  });
}

/**
 * A temporary folder for the enclosing `describe`: made before its first test, removed with its
 * contents after its last. Returns the folder's path, to call from inside a test.
 */
export function temporaryFolder(prefix: string): () => string {
  let dir = '';
  before(() => {
    dir = mkdtempSync(join(tmpdir(), prefix));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));
  return () => dir;
}

/**
 * The sandbox's HTTP application on a store of the test's own, without a server, a checkpointer or
 * timers: `app.request()` calls it in-process. Its services read `now` (default: the real clock) and
 * its links point at http://localhost.
 */
export function appOnStore(store: Store, options: { adminKey: string; now?: () => number; errorLog?: (line: string) => void }): Hono {
  const now = options.now ?? Date.now;
  return createApp({
    store,
    merchants: new MerchantService(store, now),
    payments: new PaymentService(store, { publicUrl: 'http://localhost', now }),
    customers: new CustomerService(store, now),
    refunds: new RefundService(store, now),
    adminKey: options.adminKey,
    publicUrl: 'http://localhost',
    now,
    log: null,
    ...(options.errorLog ? { errorLog: options.errorLog } : {}),
  });
}
