// The official Hyperswitch Node SDK (@juspay-tech/hyperswitch-node, a dev dependency), unchanged,
// against a real sandbox process (`npm run sandbox`'s entry point on a free loopback port): the calls
// a merchant's server makes, the seed's stepwise flow among them (create → update with the card →
// confirm → capture), each checked for the answer it gets.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { FUTURE } from './helpers.js';
import { startSandboxProcess, type SandboxProcess } from './process.js';

type Json = Record<string, unknown>;
type Call = (...args: unknown[]) => Promise<Json>;
type Resource = Record<string, Call>;

/** The part of the SDK's surface this test uses (its own typings are Stripe's, not the API's bodies). */
interface HyperswitchClient {
  /** Stripe's name for payments, which the SDK keeps (path `payments`). */
  paymentIntents: Resource;
  refunds: Resource;
  mandates: Resource;
  customers: Resource;
  paymentMethods: Resource;
  setHost(host: string, port: number, protocol: string): void;
}
interface HyperswitchSdk {
  new (apiKey: string): HyperswitchClient;
  HyperswitchResource: { extend(spec: Record<string, unknown>): new (client: HyperswitchClient) => Resource; method(spec: { method: string; path: string }): Call };
}

const Hyperswitch = createRequire(import.meta.url)('@juspay-tech/hyperswitch-node') as HyperswitchSdk;
const SDK_VERSION = (createRequire(import.meta.url)('@juspay-tech/hyperswitch-node/package.json') as { version: string }).version;

const CARD = { card_number: '4242424242424242', card_cvc: '123', card_holder_name: 'Ada Lovelace', ...FUTURE };
const ACCEPTANCE = { acceptance_type: 'offline', accepted_at: '2026-01-01T00:00:00Z', online: { ip_address: '127.0.0.1', user_agent: 'node-sdk-test' } };

describe(`the official Node SDK (@juspay-tech/hyperswitch-node ${SDK_VERSION}) against a sandbox process`, () => {
  let dir: string;
  let sandbox: SandboxProcess;
  let client: HyperswitchClient;
  /** The SDK's own warnings (deprecations, "GET method had non-zero contentLength"), kept off the console. */
  const sdkWarnings: string[] = [];
  const emitWarning = process.emitWarning;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tender-node-sdk-'));
    sandbox = await startSandboxProcess(join(dir, 'sdk.db'), { SANDBOX_LOG: 'off' });
    process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
      if (rest[0] === 'Hyperswitch') sdkWarnings.push(String(warning));
      else (emitWarning as (...args: unknown[]) => void).call(process, warning, ...rest);
    }) as typeof process.emitWarning;
    client = new Hyperswitch(sandbox.secretKey ?? '');
    // 2.0.0's constructor ignores its config object (it calls _getPropsFromConfig() without it), so
    // the only public way to another host is the deprecated setHost
    const { hostname, port } = new URL(sandbox.url);
    client.setHost(hostname, Number(port), 'http');
  });
  after(async () => {
    process.emitWarning = emitWarning;
    await sandbox.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Runs one SDK call and records whether it worked; a failure keeps the SDK's error for the report. */
  const outcomes: [string, 'ok' | string][] = [];
  async function sdk(name: string, run: () => Promise<Json>): Promise<Json> {
    try {
      const answer = await run();
      outcomes.push([name, 'ok']);
      return answer;
    } catch (error) {
      const { statusCode, code, message } = error as { statusCode?: number; code?: string; message?: string };
      outcomes.push([name, `${statusCode ?? '?'} ${code ?? ''} ${message ?? String(error)}`]);
      throw error;
    }
  }

  it('makes every call of a merchant server work: 16 of the SDK’s 16 API calls', async (t) => {
    const customerId = `cus_sdk_${Date.now()}`;
    const customer = await sdk('customers.create', () => client.customers.create!({ customer_id: customerId, name: 'Ada Lovelace', email: 'ada@example.com' }));
    assert.equal(customer.customer_id, customerId);
    assert.equal((await sdk('customers.retrieve', () => client.customers.retrieve!(customerId))).email, 'ada@example.com');
    assert.equal((await sdk('customers.update', () => client.customers.update!(customerId, { description: 'VIP' }))).description, 'VIP');

    // the seed's stepwise flow: create, update (attach the card), confirm, capture
    const created = await sdk('paymentIntents.create', () =>
      client.paymentIntents.create!({ amount: 6540, currency: 'USD', customer_id: customerId, capture_method: 'manual', description: 'stepwise' }),
    );
    const paymentId = String(created.payment_id);
    assert.equal(created.status, 'requires_confirmation');
    const updated = await sdk('paymentIntents.update', () =>
      client.paymentIntents.update!(paymentId, { amount: 7000, shipping_cost: 500, payment_method: 'card', payment_method_data: { card: CARD } }),
    );
    assert.deepEqual([updated.amount, updated.net_amount, updated.status], [7000, 7500, 'requires_confirmation']);
    assert.equal((updated.payment_method_data as { card: { last4: string } }).card.last4, '4242');
    const confirmed = await sdk('paymentIntents.confirm', () => client.paymentIntents.confirm!(paymentId, {}));
    assert.equal(confirmed.status, 'requires_capture');
    assert.equal((await sdk('paymentIntents.retrieve', () => client.paymentIntents.retrieve!(paymentId))).status, 'requires_capture');
    assert.equal(confirmed.amount_capturable, 7500, 'the processor authorised net_amount, shipping included');
    const captured = await sdk('paymentIntents.capture', () => client.paymentIntents.capture!(paymentId, { amount_to_capture: 7500 }));
    assert.deepEqual([captured.status, captured.amount_received], ['succeeded', 7500]);

    const refund = await sdk('refunds.create', () => client.refunds.create!({ payment_id: paymentId, amount: 1000, reason: 'damaged' }));
    const refundId = String(refund.refund_id);
    assert.equal((await sdk('refunds.retrieve', () => client.refunds.retrieve!(refundId))).amount, 1000);
    const refundUpdated = await sdk('refunds.update', () => client.refunds.update!(refundId, { reason: 'returned', metadata: { ticket: '7' } }));
    assert.deepEqual([refundUpdated.reason, refundUpdated.metadata], ['returned', { ticket: '7' }]);

    const toCancel = await client.paymentIntents.create!({ amount: 1200, currency: 'USD' });
    const cancelled = await sdk('paymentIntents.cancel', () => client.paymentIntents.cancel!(String(toCancel.payment_id), { cancellation_reason: 'requested_by_customer' }));
    assert.equal(cancelled.status, 'cancelled');

    const saved = await sdk('paymentMethods.create', () =>
      client.paymentMethods.create!({ payment_method: 'card', payment_method_type: 'credit', customer_id: customerId, card: { ...CARD, card_cvc: undefined, card_number: '5555555555554444' } }),
    );
    assert.match(String(saved.payment_method_id), /^pm_/);
    assert.equal((saved.card as { last4_digits: string }).last4_digits, '4444');
    const listed = await sdk('customers.listPaymentMethods', () => client.customers.listPaymentMethods!(customerId));
    assert.deepEqual((listed.customer_payment_methods as Json[]).map((method) => method.payment_method_id), [saved.payment_method_id]);

    const mandated = await client.paymentIntents.create!({
      amount: 1000,
      currency: 'USD',
      confirm: true,
      customer_id: customerId,
      payment_method: 'card',
      payment_method_data: { card: CARD },
      mandate_data: { customer_acceptance: ACCEPTANCE, mandate_type: { multi_use: { amount: 10000, currency: 'USD' } } },
    });
    const mandate = await sdk('mandates.retrieve', () => client.mandates.retrieve!(String(mandated.mandate_id)));
    assert.deepEqual([mandate.status, mandate.payment_method], ['active', 'card']);

    // upstream refuses to delete a customer with an active mandate; revoked, it deletes
    await assert.rejects(client.customers.del!(customerId), (error: { statusCode?: number; code?: string }) => error.statusCode === 400 && error.code === 'IR_10');
    const revoke = new (Hyperswitch.HyperswitchResource.extend({ path: 'mandates', revoke: Hyperswitch.HyperswitchResource.method({ method: 'POST', path: '/revoke/{mandate}' }) }))(client);
    assert.equal((await revoke.revoke!(String(mandated.mandate_id))).status, 'revoked');
    const deleted = await sdk('customers.del', () => client.customers.del!(customerId));
    assert.deepEqual(deleted, { customer_id: customerId, customer_deleted: true, address_deleted: true, payment_methods_deleted: true });

    const failed = outcomes.filter(([, outcome]) => outcome !== 'ok');
    t.diagnostic(`Node SDK ${SDK_VERSION}: ${outcomes.length - failed.length} of ${outcomes.length} calls work`);
    assert.deepEqual(failed, []);
    assert.equal(outcomes.length, 16);
  });

  it("reports the sandbox's errors through the SDK's own error classes", async () => {
    const payment = await client.paymentIntents.create!({ amount: 500, currency: 'USD', confirm: true, payment_method: 'card', payment_method_data: { card: CARD } });
    await assert.rejects(client.paymentIntents.update!(String(payment.payment_id), { description: 'too late' }), (error: { type?: string; statusCode?: number; code?: string; message?: string }) => {
      assert.equal(error.statusCode, 400);
      assert.equal(error.code, 'IR_16');
      assert.equal(error.message, 'You cannot update this payment because it has status succeeded');
      return true;
    });
    await assert.rejects(client.mandates.retrieve!('man_nobody'), (error: { statusCode?: number; code?: string }) => error.statusCode === 404 && error.code === 'HE_02');
  });

  it('reaches the lists it has no method for (upstream’s /payments/list, /refunds/list) through its resource extension', async () => {
    const lists = new (Hyperswitch.HyperswitchResource.extend({
      path: '',
      payments: Hyperswitch.HyperswitchResource.method({ method: 'GET', path: 'payments/list' }),
      refunds: Hyperswitch.HyperswitchResource.method({ method: 'POST', path: 'refunds/list' }),
    }))(client);
    const first = await client.paymentIntents.create!({ amount: 100, currency: 'EUR', customer_id: 'cus_sdk_lists' });
    const second = await client.paymentIntents.create!({ amount: 200, currency: 'EUR', customer_id: 'cus_sdk_lists' });
    const page = await lists.payments!({ customer_id: 'cus_sdk_lists', limit: 10 });
    assert.deepEqual([page.size, (page.data as Json[]).map((payment) => payment.payment_id)], [2, [second.payment_id, first.payment_id]]);
    const refunds = await lists.refunds!({ limit: 5 });
    assert.ok(typeof refunds.total_count === 'number' && Array.isArray(refunds.data));
  });

  it('keeps its own warnings to itself (none reached the console)', () => {
    // the deprecated setHost, and a "{}" body on every GET and DELETE the SDK sends
    assert.ok(sdkWarnings.some((warning) => warning.includes('setHost')), sdkWarnings.join('\n'));
  });
});
