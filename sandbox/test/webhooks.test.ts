/**
 * Webhook delivery and redirect responses (docs/sandbox.md "Webhooks", "Signed redirects"; spec
 * "Events"): a real receiver on a loopback port records what the sandbox sends; delivery is at
 * least once, retried with back-off, kept across restarts, signed with the merchant's hash key.
 * Then the 3-D Secure answer sent back to the merchant as a signed HTML form POST.
 */
import assert from 'node:assert/strict';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startSandbox } from '../server.js';
import { answerChallenge, cardPayment, eventually, startTestSandbox, type TestSandbox } from './helpers.js';
import { call } from './process.js';

type Body = Record<string, unknown>;

/**
 * Short delivery timings, so retries happen within a test. The attempt timeout leaves room for a
 * loaded CI machine: at 500 ms, and again at 1,500 and 3,000 ms with the whole suite running on two busy cores, a plain 200 answer
 * sometimes came too late and was (rightly) sent again.
 */
const TIMINGS = { everyMs: 50, baseDelayMs: 100, maxDelayMs: 400, timeoutMs: 6000 };
/** Long enough for several outbox cycles and the longest back-off: a duplicate would have shown by then. */
const QUIET_MS = TIMINGS.maxDelayMs + 6 * TIMINGS.everyMs;

const HASH_KEY = 'whsec-known-response-hash-key-0123456789';
const WEBHOOK_USER = 'hook-user';
const WEBHOOK_PASSWORD = 'hook-pass:with-colon';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Delivery {
  eventId: string;
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw body, as the merchant must verify it. */
  body: string;
  arrivedAt: number;
  status: number;
  delayMs: number;
}

interface Answer {
  status: number;
  /** Answer only after this long (longer than TIMINGS.timeoutMs: the sandbox has given up by then). */
  delayMs?: number;
}

interface Receiver {
  url: string;
  deliveries: Delivery[];
  /** How to answer the `attempt`-th request (0-based) carrying `eventId`; may be changed during a test. */
  answer: (attempt: number, eventId: string) => Answer;
  /** Requests answered 2xx within the sandbox's timeout. */
  acknowledged(): Delivery[];
  ofEvent(eventId: string): Delivery[];
  close(): Promise<void>;
}

/** A merchant's webhook endpoint: records method, path, headers and raw body of every request. */
async function startReceiver(answer: Receiver['answer'] = () => ({ status: 200 })): Promise<Receiver> {
  const deliveries: Delivery[] = [];
  const server: Server = createServer((request, response) => {
    const arrivedAt = Date.now();
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const eventId = String(request.headers['x-webhook-event-id'] ?? '');
      const attempt = deliveries.filter((delivery) => delivery.eventId === eventId).length;
      const { status, delayMs = 0 } = receiver.answer(attempt, eventId);
      deliveries.push({
        eventId,
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        arrivedAt,
        status,
        delayMs,
      });
      const reply = () => {
        if (!response.destroyed) response.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'down');
      };
      if (delayMs > 0) setTimeout(reply, delayMs);
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const receiver: Receiver = {
    url: `http://127.0.0.1:${port}/hooks`,
    deliveries,
    answer,
    acknowledged: () => deliveries.filter((d) => d.status >= 200 && d.status < 300 && d.delayMs < TIMINGS.timeoutMs),
    ofEvent: (eventId) => deliveries.filter((d) => d.eventId === eventId),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  return receiver;
}

/** A loopback port nothing listens on (connection refused). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** What a merchant does with a webhook: recompute HMAC-SHA512 of the raw body and compare in constant time. */
function signatureValid(rawBody: string, header: string | string[] | undefined, hashKey = HASH_KEY): boolean {
  if (typeof header !== 'string' || !/^[0-9a-f]{128}$/.test(header)) return false;
  const expected = createHmac('sha512', hashKey).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(header, 'hex'));
}

const basicAuth = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

interface Switches {
  payment_created_enabled?: boolean;
  payment_succeeded_enabled?: boolean;
  payment_failed_enabled?: boolean;
}
const ALL_ON: Switches = { payment_created_enabled: true, payment_succeeded_enabled: true, payment_failed_enabled: true };

/** The body of a merchant account with webhooks to `url` and the response hash on. */
const webhookAccount = (merchantId: string, url: string, switches: Switches = ALL_ON): Body => ({
  merchant_id: merchantId,
  merchant_name: `Hooked ${merchantId}`,
  enable_payment_response_hash: true,
  payment_response_hash_key: HASH_KEY,
  webhook_details: { webhook_url: url, webhook_username: WEBHOOK_USER, webhook_password: WEBHOOK_PASSWORD, webhook_version: '1', ...switches },
});

const parsed = (delivery: Delivery) => JSON.parse(delivery.body) as Body;
const eventTypeOf = (delivery: Delivery) => parsed(delivery)['event_type'];

/** Everything a delivery must carry, whatever the event. */
function assertWellFormed(delivery: Delivery, merchantId: string): Body {
  assert.equal(delivery.method, 'POST');
  assert.equal(delivery.path, '/hooks');
  assert.match(String(delivery.headers['content-type']), /^application\/json/);
  assert.equal(delivery.headers['authorization'], basicAuth(WEBHOOK_USER, WEBHOOK_PASSWORD));
  assert.ok(signatureValid(delivery.body, delivery.headers['x-webhook-signature-512']), 'the signature verifies against the raw body');
  assert.equal(delivery.headers['x-webhook-signature-algorithm'], 'HMAC-SHA512');
  const body = parsed(delivery);
  assert.deepEqual(Object.keys(body).sort(), ['content', 'event_id', 'event_type', 'merchant_id', 'timestamp']);
  assert.equal(body['merchant_id'], merchantId);
  assert.match(String(body['event_id']), /^evt_[0-9A-Za-z]{20}$/);
  assert.equal(delivery.headers['x-webhook-event-id'], body['event_id']);
  assert.equal(delivery.headers['x-webhook-event-type'], body['event_type']);
  assert.ok(['payment_created', 'payment_succeeded', 'payment_failed'].includes(String(body['event_type'])));
  assert.ok(!Number.isNaN(Date.parse(String(body['timestamp']))), 'timestamp is a date-time');
  const content = body['content'] as Body;
  assert.deepEqual(Object.keys(content).sort(), ['object', 'type']);
  assert.equal(content['type'], 'payment_details');
  // no card number or CVC ever leaves the sandbox
  assert.ok(!delivery.body.includes('4242424242424242'), 'no card number in the body');
  assert.ok(!delivery.body.includes('4000000000000002'), 'no card number in the body');
  assert.ok(!/card_number|card_cvc/.test(delivery.body), 'no card_number or card_cvc member');
  return body;
}

/** Waits until the receiver acknowledged `count` distinct events, then a quiet spell, and checks none came twice. */
async function acknowledgedOnce(receiver: Receiver, count: number, timeoutMs = TIMINGS.timeoutMs + 5000): Promise<Delivery[]> {
  await eventually(async () => (new Set(receiver.acknowledged().map((d) => d.eventId)).size >= count ? true : null), timeoutMs, 20);
  await sleep(QUIET_MS);
  const acknowledged = receiver.acknowledged();
  const ids = acknowledged.map((d) => d.eventId);
  assert.equal(new Set(ids).size, count, `expected ${count} events, got ${ids.join(', ')}`);
  assert.equal(ids.length, count, `an acknowledged event was delivered again: ${ids.join(', ')}`);
  const lastAck = Math.max(...acknowledged.map((d) => d.arrivedAt));
  const later = receiver.deliveries.filter((d) => d.arrivedAt > lastAck && ids.includes(d.eventId));
  assert.deepEqual(later, [], 'nothing is sent for an event after it was acknowledged');
  return acknowledged;
}

describe('webhooks', () => {
  let sandbox: TestSandbox;
  let counter = 0;
  const receivers: Receiver[] = [];

  const receiver = async (answer?: Receiver['answer']) => {
    const started = await startReceiver(answer);
    receivers.push(started);
    return started;
  };

  /** A merchant with webhooks to `url` (admin key), and its secret key. */
  async function hookedMerchant(url: string, switches?: Switches): Promise<{ merchantId: string; secretKey: string }> {
    const merchantId = `hooked_${++counter}`;
    const account = await sandbox.request('POST', '/accounts', { key: sandbox.adminKey, body: webhookAccount(merchantId, url, switches) });
    assert.equal(account.status, 200, account.text);
    const key = await sandbox.request('POST', `/api_keys/${merchantId}`, { key: sandbox.adminKey, body: { name: 'server', expiration: 'never' } });
    assert.equal(key.status, 200, key.text);
    return { merchantId, secretKey: String(key.body['api_key']) };
  }

  async function pay(secretKey: string, cardNumber = '4242424242424242', amount = 1500): Promise<Body> {
    const response = await sandbox.request('POST', '/payments', {
      key: secretKey,
      body: { amount, currency: 'USD', confirm: true, ...cardPayment(cardNumber) },
    });
    assert.equal(response.status, 200, response.text);
    return response.body;
  }

  before(async () => {
    sandbox = await startTestSandbox({ webhooks: TIMINGS });
  });
  after(async () => {
    await sandbox.close();
    await Promise.all(receivers.map((r) => r.close()));
  });

  it('a succeeded payment → payment_created and payment_succeeded, signed, with basic auth and the payment as content', async () => {
    const hooks = await receiver();
    const { merchantId, secretKey } = await hookedMerchant(hooks.url);
    const payment = await pay(secretKey);
    assert.equal(payment['status'], 'succeeded');

    const deliveries = await acknowledgedOnce(hooks, 2);
    const bodies = deliveries.map((delivery) => assertWellFormed(delivery, merchantId));
    const byType = new Map(bodies.map((body) => [body['event_type'], body]));
    assert.deepEqual([...byType.keys()].sort(), ['payment_created', 'payment_succeeded']);

    const created = (byType.get('payment_created')?.['content'] as Body)['object'] as Body;
    assert.equal(created['payment_id'], payment['payment_id']);
    assert.equal(created['merchant_id'], merchantId);
    assert.equal(created['status'], 'requires_confirmation');

    const succeeded = (byType.get('payment_succeeded')?.['content'] as Body)['object'] as Body;
    const current = await sandbox.request('GET', `/payments/${payment['payment_id']}`, { key: secretKey });
    assert.deepEqual(succeeded, current.body, 'the object is the payment as GET /payments/{id} shows it');
    assert.equal(((succeeded['payment_method_data'] as Body)['card'] as Body)['last4'], '4242');
    assert.notEqual(bodies[0]?.['event_id'], bodies[1]?.['event_id']);
  });

  it('without the response hash and credentials: no signature and no authorization header', async () => {
    const hooks = await receiver();
    const merchantId = `plain_${++counter}`;
    const account = await sandbox.request('POST', '/accounts', {
      key: sandbox.adminKey,
      // the response hash is on unless the account turns it off
      body: { merchant_id: merchantId, enable_payment_response_hash: false, webhook_details: { webhook_url: hooks.url, payment_succeeded_enabled: true } },
    });
    assert.equal(account.status, 200, account.text);
    const key = await sandbox.request('POST', `/api_keys/${merchantId}`, { key: sandbox.adminKey, body: { name: 'k', expiration: 'never' } });
    await pay(String(key.body['api_key']));
    const [delivery] = await acknowledgedOnce(hooks, 1);
    assert.ok(delivery);
    assert.equal(delivery.headers['authorization'], undefined);
    assert.equal(delivery.headers['x-webhook-signature-512'], undefined);
    assert.equal(delivery.headers['x-webhook-signature-algorithm'], undefined);
    assert.equal(parsed(delivery)['event_type'], 'payment_succeeded');
    assert.equal(delivery.headers['x-webhook-event-id'], parsed(delivery)['event_id']);
  });

  it('a merchant verifies the signature; a changed body or another key does not verify', async () => {
    const hooks = await receiver();
    const { secretKey } = await hookedMerchant(hooks.url, { payment_succeeded_enabled: true });
    await pay(secretKey);
    const [delivery] = await acknowledgedOnce(hooks, 1);
    assert.ok(delivery);
    const header = delivery.headers['x-webhook-signature-512'];
    assert.ok(signatureValid(delivery.body, header));
    assert.ok(!signatureValid(delivery.body.replace('"succeeded"', '"failed"'), header), 'a tampered body fails');
    assert.ok(!signatureValid(delivery.body, header, 'another-key'), 'another key fails');
    assert.equal(header, createHmac('sha512', HASH_KEY).update(delivery.body).digest('hex'));
  });

  it('a declined payment → payment_created and payment_failed with the decline', async () => {
    const hooks = await receiver();
    const { merchantId, secretKey } = await hookedMerchant(hooks.url);
    const payment = await pay(secretKey, '4000000000000002');
    assert.equal(payment['status'], 'failed');
    const deliveries = await acknowledgedOnce(hooks, 2);
    const bodies = deliveries.map((delivery) => assertWellFormed(delivery, merchantId));
    assert.deepEqual(bodies.map((body) => body['event_type']).sort(), ['payment_created', 'payment_failed']);
    const failed = bodies.find((body) => body['event_type'] === 'payment_failed');
    const object = (failed?.['content'] as Body)['object'] as Body;
    assert.equal(object['payment_id'], payment['payment_id']);
    assert.equal(object['status'], 'failed');
    assert.equal(object['error_code'], 'card_declined');
  });

  it('a second decline of the same payment (a retry) → a second payment_failed event', async () => {
    const hooks = await receiver();
    const { secretKey } = await hookedMerchant(hooks.url);
    const payment = await pay(secretKey, '4000000000000002');
    const retry = await sandbox.request('POST', `/payments/${payment['payment_id']}/confirm`, { key: secretKey, body: cardPayment('4000000000009995') });
    assert.equal(retry.body['status'], 'failed');
    const deliveries = await acknowledgedOnce(hooks, 3);
    const failed = deliveries
      .map((delivery) => JSON.parse(delivery.body) as Body)
      .filter((body) => body['event_type'] === 'payment_failed')
      .map((body) => ((body['content'] as Body)['object'] as Body)['error_code']);
    assert.deepEqual(failed.sort(), ['card_declined', 'insufficient_funds']);
  });

  it('sends only the enabled kinds; switching a kind on later takes effect', async () => {
    const hooks = await receiver();
    const { merchantId, secretKey } = await hookedMerchant(hooks.url, {
      payment_created_enabled: false,
      payment_succeeded_enabled: true,
      payment_failed_enabled: false,
    });
    const succeeded = await pay(secretKey);
    const declined = await pay(secretKey, '4000000000000002');
    assert.equal(declined['status'], 'failed');
    const deliveries = await acknowledgedOnce(hooks, 1);
    assert.deepEqual(deliveries.map(eventTypeOf), ['payment_succeeded']);
    assert.equal(((parsed(deliveries[0] as Delivery)['content'] as Body)['object'] as Body)['payment_id'], succeeded['payment_id']);
    assert.equal(hooks.deliveries.length, 1, 'no created or failed event was sent');

    // turn failed on (the other webhook_details members are kept), succeeded off
    const update = await sandbox.request('POST', `/accounts/${merchantId}`, {
      key: sandbox.adminKey,
      body: { webhook_details: { payment_failed_enabled: true, payment_succeeded_enabled: false } },
    });
    assert.equal(update.status, 200, update.text);
    const declinedAgain = await pay(secretKey, '4000000000000002');
    await pay(secretKey);
    const after = await acknowledgedOnce(hooks, 2);
    assert.deepEqual(after.map(eventTypeOf), ['payment_succeeded', 'payment_failed']);
    const failed = after[1] as Delivery;
    assertWellFormed(failed, merchantId);
    assert.equal(((parsed(failed)['content'] as Body)['object'] as Body)['payment_id'], declinedAgain['payment_id']);
    assert.equal(hooks.deliveries.length, 2);
  });

  it('a receiver answering 500 → retried with growing back-off, same event_id and identical body, until acknowledged', async () => {
    const hooks = await receiver((attempt) => ({ status: attempt < 3 ? 500 : 200 }));
    const { merchantId, secretKey } = await hookedMerchant(hooks.url, { payment_succeeded_enabled: true });
    const started = Date.now();
    await pay(secretKey);
    const [acknowledged] = await acknowledgedOnce(hooks, 1);
    assert.ok(acknowledged);
    const attempts = hooks.ofEvent(acknowledged.eventId);
    assert.deepEqual(attempts.map((d) => d.status), [500, 500, 500, 200]);
    assert.equal(hooks.deliveries.length, 4, 'only this event was sent');
    for (const attempt of attempts) {
      assert.equal(attempt.body, acknowledged.body, 'every attempt carries the same bytes');
      assert.equal(attempt.headers['x-webhook-event-id'], acknowledged.eventId);
      assert.equal(attempt.headers['x-webhook-signature-512'], acknowledged.headers['x-webhook-signature-512']);
      assertWellFormed(attempt, merchantId);
    }
    // back-off: base × 2^(n−1) after the n-th failure (100, 200, 400 ms), never sooner
    const gaps = attempts.slice(1).map((d, i) => d.arrivedAt - (attempts[i] as Delivery).arrivedAt);
    const delays = [100, 200, 400];
    gaps.forEach((gap, i) => assert.ok(gap >= (delays[i] as number) - 5, `gap ${i + 1} was ${gap} ms, expected ≥ ${delays[i]} ms (gaps ${gaps.join(', ')})`));
    assert.ok(Date.now() - started < 4000, 'retries happen within the short back-off');
  });

  it('an unreachable receiver (connection refused) → retried; after the account points at a live receiver the queued event arrives', async () => {
    const port = await closedPort();
    const { merchantId, secretKey } = await hookedMerchant(`http://127.0.0.1:${port}/hooks`, { payment_succeeded_enabled: true });
    const payment = await pay(secretKey);
    // the outbox is the only place the undelivered event can be seen
    const queued = await eventually(async () => {
      const events = sandbox.store.eventsOfMerchant(merchantId);
      return events.length === 1 && (events[0]?.attempts ?? 0) >= 2 ? events[0] : null;
    }, 3000, 20);
    assert.equal(queued.delivered_at, null);

    const hooks = await receiver();
    const update = await sandbox.request('POST', `/accounts/${merchantId}`, {
      key: sandbox.adminKey,
      body: { webhook_details: { webhook_url: hooks.url } },
    });
    assert.equal(update.status, 200, update.text);
    const [delivery] = await acknowledgedOnce(hooks, 1);
    assert.ok(delivery);
    assertWellFormed(delivery, merchantId); // the username and password were kept by the update
    assert.equal(delivery.eventId, queued.event_id, 'the queued event, not a new one');
    assert.equal(delivery.body, queued.body, 'with the body fixed when it was queued');
    assert.equal(((parsed(delivery)['content'] as Body)['object'] as Body)['payment_id'], payment['payment_id']);
    const [stored] = sandbox.store.eventsOfMerchant(merchantId);
    assert.ok(stored?.delivered_at, 'the event is marked delivered');
    assert.ok((stored?.attempts ?? 0) >= 3);
  });

  it('a slow receiver (no answer within the timeout) → the attempt counts as failed and the event is sent again', async () => {
    const hooks = await receiver((attempt) => (attempt === 0 ? { status: 200, delayMs: TIMINGS.timeoutMs + 400 } : { status: 200 }));
    const { merchantId, secretKey } = await hookedMerchant(hooks.url, { payment_succeeded_enabled: true });
    await pay(secretKey);
    const [acknowledged] = await acknowledgedOnce(hooks, 1);
    assert.ok(acknowledged);
    const attempts = hooks.ofEvent(acknowledged.eventId);
    assert.equal(attempts.length, 2, 'one slow attempt, one acknowledged retry');
    const [slow, retry] = attempts as [Delivery, Delivery];
    assert.equal(retry.body, slow.body);
    // the sandbox's clock starts when it sends, before the receiver notes the arrival (on a loaded
    // machine up to a few hundred ms before): what must hold is that the retry waited for the timeout
    assert.ok(retry.arrivedAt - slow.arrivedAt >= TIMINGS.timeoutMs - 250, `retried after ${retry.arrivedAt - slow.arrivedAt} ms`);
    assertWellFormed(retry, merchantId);
  });

  it('several payments at once: every event is acknowledged exactly once', async () => {
    const hooks = await receiver((attempt, eventId) => ({ status: attempt === 0 && eventId.charCodeAt(eventId.length - 1) % 2 === 0 ? 503 : 200 }));
    const { merchantId, secretKey } = await hookedMerchant(hooks.url);
    const payments = await Promise.all([1, 2, 3, 4, 5].map((n) => pay(secretKey, n % 2 ? '4242424242424242' : '4000000000000002', 1000 + n)));
    const deliveries = await acknowledgedOnce(hooks, 10, 8000);
    for (const delivery of deliveries) assertWellFormed(delivery, merchantId);
    for (const payment of payments) {
      const types = deliveries
        .filter((d) => ((parsed(d)['content'] as Body)['object'] as Body)['payment_id'] === payment['payment_id'])
        .map(eventTypeOf)
        .sort();
      assert.deepEqual(types, ['payment_created', payment['status'] === 'succeeded' ? 'payment_succeeded' : 'payment_failed']);
    }
  });

  it('events still queued when the sandbox stops are delivered after it starts again on the same file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tender-webhooks-'));
    const dbPath = join(dir, 'sandbox.db');
    const hooks = await receiver(() => ({ status: 500 }));
    let first: Awaited<ReturnType<typeof startSandbox>> | null = null;
    let second: Awaited<ReturnType<typeof startSandbox>> | null = null;
    try {
      first = await startSandbox({ port: 0, dbPath, log: null, webhooks: TIMINGS });
      const merchantId = 'restarted_merchant';
      const account = await call(first.url, first.adminKey, 'POST', '/accounts', webhookAccount(merchantId, hooks.url));
      assert.equal(account.status, 200, JSON.stringify(account.body));
      const key = await call(first.url, first.adminKey, 'POST', `/api_keys/${merchantId}`, { name: 'server', expiration: 'never' });
      const payment = await call(first.url, String(key.body['api_key']), 'POST', '/payments', {
        amount: 2500,
        currency: 'USD',
        confirm: true,
        ...cardPayment('4242424242424242'),
      });
      assert.equal(payment.body['status'], 'succeeded');
      // both events have been tried and refused at least once
      await eventually(async () => (new Set(hooks.deliveries.map((d) => d.eventId)).size === 2 ? true : null), 3000, 20);
      const stopping = first;
      first = null;
      await stopping.close();
      const refused = new Map(hooks.deliveries.map((d) => [d.eventId, d.body]));
      assert.deepEqual(hooks.acknowledged(), []);

      hooks.answer = () => ({ status: 200 });
      const before = hooks.deliveries.length;
      await sleep(2 * TIMINGS.maxDelayMs);
      assert.equal(hooks.deliveries.length, before, 'nothing is sent while the sandbox is down');
      second = await startSandbox({ port: 0, dbPath, log: null, webhooks: TIMINGS });
      const delivered = await acknowledgedOnce(hooks, 2);
      assert.deepEqual(delivered.map((d) => d.eventId).sort(), [...refused.keys()].sort(), 'the same events, not new ones');
      for (const delivery of delivered) {
        assert.equal(delivery.body, refused.get(delivery.eventId), 'with the same body');
        assertWellFormed(delivery, merchantId);
      }
      assert.deepEqual(delivered.map(eventTypeOf).sort(), ['payment_created', 'payment_succeeded']);
    } finally {
      await first?.close();
      await second?.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('webhooks: giving up', () => {
  let sandbox: TestSandbox;
  let hooks: Receiver;
  before(async () => {
    sandbox = await startTestSandbox({ webhooks: { ...TIMINGS, maxAttempts: 3 } });
    hooks = await startReceiver(() => ({ status: 500 }));
  });
  after(async () => {
    await sandbox.close();
    await hooks.close();
  });

  it('after maxAttempts failed attempts the event is kept as abandoned and not sent again', async () => {
    const account = await sandbox.request('POST', '/accounts', {
      key: sandbox.adminKey,
      body: webhookAccount('abandoning', hooks.url, { payment_succeeded_enabled: true }),
    });
    assert.equal(account.status, 200, account.text);
    const key = await sandbox.request('POST', '/api_keys/abandoning', { key: sandbox.adminKey, body: { name: 'k', expiration: 'never' } });
    const payment = await sandbox.request('POST', '/payments', {
      key: String(key.body['api_key']),
      body: { amount: 1000, currency: 'USD', confirm: true, ...cardPayment('4242424242424242') },
    });
    assert.equal(payment.body['status'], 'succeeded');
    await eventually(async () => (hooks.deliveries.length >= 3 ? true : null), 3000, 20);
    await sleep(QUIET_MS + TIMINGS.maxDelayMs);
    assert.equal(hooks.deliveries.length, 3, 'exactly maxAttempts attempts');
    assert.equal(new Set(hooks.deliveries.map((d) => d.eventId)).size, 1);
    const [event] = sandbox.store.eventsOfMerchant('abandoning');
    assert.ok(event);
    assert.equal(event.attempts, 3);
    assert.equal(event.delivered_at, null);
    assert.ok(event.abandoned_at, 'the event is kept, marked abandoned');
  });
});

describe('redirect responses', () => {
  let sandbox: TestSandbox;
  let counter = 0;
  before(async () => {
    sandbox = await startTestSandbox();
  });
  after(() => sandbox.close());

  const RETURN_URL = 'https://merchant.example/return';

  async function postingMerchant(hash: boolean): Promise<string> {
    const merchantId = `posting_${++counter}`;
    const account = await sandbox.request('POST', '/accounts', {
      key: sandbox.adminKey,
      body: {
        merchant_id: merchantId,
        return_url: RETURN_URL,
        redirect_to_merchant_with_http_post: true,
        enable_payment_response_hash: hash,
        payment_response_hash_key: HASH_KEY,
      },
    });
    assert.equal(account.status, 200, account.text);
    const key = await sandbox.request('POST', `/api_keys/${merchantId}`, { key: sandbox.adminKey, body: { name: 'k', expiration: 'never' } });
    assert.equal(key.status, 200, key.text);
    return String(key.body['api_key']);
  }

  /** A 3-D Secure payment waiting on the test page. */
  async function challenged(secretKey: string): Promise<{ payment: Body; url: string }> {
    const created = await sandbox.request('POST', '/payments', {
      key: secretKey,
      body: { amount: 4200, currency: 'EUR', confirm: true, ...cardPayment('4000003800000446') },
    });
    assert.equal(created.status, 200, created.text);
    assert.equal(created.body['status'], 'requires_customer_action');
    const nextAction = created.body['next_action'] as { type: string; redirect_to_url: string };
    assert.equal(nextAction.type, 'redirect_to_url');
    return { payment: created.body, url: nextAction.redirect_to_url };
  }

  /** Answers the 3-D Secure test page as the customer's browser does (opens it, posts its form). */
  const answer = answerChallenge;

  const decode = (value: string) =>
    value.replace(/&(amp|quot|lt|gt|#39);/g, (_, entity: string) => ({ amp: '&', quot: '"', lt: '<', gt: '>', '#39': "'" })[entity] ?? '');

  /** The auto-submitting form of the page: its method, action and hidden fields in order. */
  function formOf(html: string): { method: string; action: string; fields: [string, string][] } {
    const forms = [...html.matchAll(/<form\b[^>]*>/g)];
    assert.equal(forms.length, 1, 'one form');
    const tag = forms[0]?.[0] ?? '';
    const method = /\bmethod="([^"]*)"/.exec(tag)?.[1] ?? '';
    const action = decode(/\baction="([^"]*)"/.exec(tag)?.[1] ?? '');
    const fields = [...html.matchAll(/<input\b[^>]*>/g)].map((match): [string, string] => {
      const input = match[0];
      assert.match(input, /\btype="hidden"/);
      return [decode(/\bname="([^"]*)"/.exec(input)?.[1] ?? ''), decode(/\bvalue="([^"]*)"/.exec(input)?.[1] ?? '')];
    });
    return { method, action, fields };
  }

  /** As documented in sandbox/domain/redirect.ts: the fields the sandbox posts (not the signature's), sorted by name, form-encoded, HMAC-SHA512, constant-time compare. */
  function verifyReturn(fields: [string, string][], hashKey = HASH_KEY): boolean {
    const signature = fields.find(([name]) => name === 'signature')?.[1];
    if (!signature || !/^[0-9a-f]{128}$/.test(signature)) return false;
    const signed = fields
      .filter(([name]) => name !== 'signature' && name !== 'signature_algorithm')
      .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
    const expected = createHmac('sha512', hashKey).update(new URLSearchParams(signed).toString()).digest();
    return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
  }

  it('Complete → an HTML page that POSTs status, payment_id, client secret and manual_retry_allowed (no amount) to return_url, signed', async () => {
    const secretKey = await postingMerchant(true);
    const { payment, url } = await challenged(secretKey);
    const back = await answer(url, 'complete');
    assert.equal(back.status, 200);
    assert.equal(back.headers.get('location'), null, 'a page, not a redirect');
    assert.match(String(back.headers.get('content-type')), /^text\/html/);
    const form = formOf(await back.text());
    assert.equal(form.method.toLowerCase(), 'post');
    assert.equal(form.action, RETURN_URL);
    assert.deepEqual(
      form.fields.map(([name]) => name),
      ['status', 'payment_id', 'payment_intent_client_secret', 'manual_retry_allowed', 'signature', 'signature_algorithm'],
    );
    const values = Object.fromEntries(form.fields);
    assert.equal(values['status'], 'succeeded');
    assert.equal(values['payment_id'], payment['payment_id']);
    assert.equal(values['payment_intent_client_secret'], payment['client_secret']);
    assert.equal(values['manual_retry_allowed'], 'false');
    assert.equal(values['signature_algorithm'], 'HMAC-SHA512');
    assert.ok(verifyReturn(form.fields), 'the signature verifies');
    // a tampered status, or another key, does not
    const tampered = form.fields.map(([name, value]): [string, string] => [name, name === 'status' ? 'failed' : value]);
    assert.ok(!verifyReturn(tampered));
    assert.ok(!verifyReturn(form.fields, 'another-key'));

    const after = await sandbox.request('GET', `/payments/${payment['payment_id']}`, { key: secretKey });
    assert.equal(after.body['status'], 'succeeded');
  });

  it('Reject → the form carries status failed and manual_retry_allowed true, signed', async () => {
    const secretKey = await postingMerchant(true);
    const { payment, url } = await challenged(secretKey);
    const back = await answer(url, 'reject');
    assert.equal(back.status, 200);
    const form = formOf(await back.text());
    assert.equal(form.action, RETURN_URL);
    const values = Object.fromEntries(form.fields);
    assert.equal(values['status'], 'failed');
    assert.equal(values['payment_id'], payment['payment_id']);
    assert.equal(values['manual_retry_allowed'], 'true');
    assert.ok(!('amount' in values));
    assert.ok(verifyReturn(form.fields));
  });

  it('without the response hash the form has no signature fields', async () => {
    const secretKey = await postingMerchant(false);
    const { payment, url } = await challenged(secretKey);
    const back = await answer(url, 'complete');
    assert.equal(back.status, 200);
    const form = formOf(await back.text());
    assert.deepEqual(form.fields, [
      ['status', 'succeeded'],
      ['payment_id', String(payment['payment_id'])],
      ['payment_intent_client_secret', String(payment['client_secret'])],
      ['manual_retry_allowed', 'false'],
    ]);
  });
});
