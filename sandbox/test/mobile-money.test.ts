import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventually, startTestSandbox, type TestSandbox } from './helpers.js';

describe('mobile money', () => {
  let sandbox: TestSandbox;
  before(async () => {
    sandbox = await startTestSandbox();
  });
  after(() => sandbox.close());

  const mobileMoney = (phone: string, extra: Record<string, unknown> = {}) =>
    sandbox.request('POST', '/payments', {
      body: {
        amount: 50000,
        currency: 'KES',
        confirm: true,
        payment_method: 'wallet',
        payment_method_type: 'pay_bill',
        payment_method_data: { wallet: { mobile_money: { phone_number: phone } } },
        ...extra,
      },
    });

  const statusOf = async (paymentId: unknown) => (await sandbox.request('GET', `/payments/${paymentId}`)).body;

  it('shows a wait screen and approves by itself for a number ending 0000', async () => {
    const sent = Date.now();
    const created = await mobileMoney('+254700000000');
    const answered = Date.now();
    assert.equal(created.status, 200);
    assert.equal(created.body.status, 'requires_customer_action');
    const nextAction = created.body.next_action as { type: string; display_from_timestamp: number; display_to_timestamp: number; poll_config: { delay_in_secs: number; frequency: number } };
    assert.equal(nextAction.type, 'wait_screen_information');
    assert.ok(nextAction.display_to_timestamp > nextAction.display_from_timestamp);
    const from = nextAction.display_from_timestamp / 1e6;
    assert.ok(from >= sent - 1 && from <= answered + 1, `timestamps are nanoseconds since the epoch: ${from} is not between ${sent} and ${answered}`);
    assert.ok(nextAction.poll_config.delay_in_secs > 0 && nextAction.poll_config.frequency > 0);
    const settled = await eventually(async () => {
      const payment = await statusOf(created.body.payment_id);
      return payment.status === 'requires_customer_action' ? null : payment;
    });
    assert.equal(settled.status, 'succeeded');
    assert.equal(settled.next_action, null);
  });

  it('declines by itself for a number ending 1111, and allows no retry', async () => {
    const created = await mobileMoney('+254711111111');
    const settled = await eventually(async () => {
      const payment = await statusOf(created.body.payment_id);
      return payment.status === 'requires_customer_action' ? null : payment;
    });
    assert.equal(settled.status, 'failed');
    assert.equal(settled.error_code, 'mobile_money_declined');
    assert.equal(settled.manual_retry_allowed, false);
  });

  it('waits for the simulator for any other number: approve', async () => {
    const created = await mobileMoney('+254722123456');
    const approved = await sandbox.request('POST', `/sandbox/mobile_money/${String(created.body.merchant_id)}/${String(created.body.payment_id)}/approve`, { key: null });
    assert.equal(approved.status, 200);
    assert.deepEqual(approved.body, { payment_id: created.body.payment_id, status: 'succeeded' });
    assert.equal((await statusOf(created.body.payment_id)).status, 'succeeded');
    const twice = await sandbox.request('POST', `/sandbox/mobile_money/${String(created.body.merchant_id)}/${String(created.body.payment_id)}/decline`, { key: null });
    assert.equal(twice.status, 400);
    assert.equal((twice.body.error as { code: string }).code, 'IR_16');
  });

  it('waits for the simulator for any other number: decline, with manual capture honoured on approve', async () => {
    const declined = await mobileMoney('+254722123457');
    await sandbox.request('POST', `/sandbox/mobile_money/${String(declined.body.merchant_id)}/${String(declined.body.payment_id)}/decline`, { key: null });
    assert.equal((await statusOf(declined.body.payment_id)).status, 'failed');
    const manual = await mobileMoney('+254722123458', { capture_method: 'manual', payment_method_type: 'pay_till' });
    await sandbox.request('POST', `/sandbox/mobile_money/${String(manual.body.merchant_id)}/${String(manual.body.payment_id)}/approve`, { key: null });
    assert.equal((await statusOf(manual.body.payment_id)).status, 'requires_capture');
  });

  it('shows the phone page and has no confirm call', async () => {
    const created = await mobileMoney('+254722123459');
    const page = await fetch(`${sandbox.url}/sandbox/mobile_money/${String(created.body.merchant_id)}/${String(created.body.payment_id)}`);
    assert.match(await page.text(), /Approve/);
    const confirm = await sandbox.request('POST', `/payments/${created.body.payment_id}/confirm`, { body: {} });
    assert.equal(confirm.status, 400);
    assert.equal((confirm.body.error as { code: string }).code, 'IR_16');
  });

  it('must be created with confirm=true and a phone number', async () => {
    const unconfirmed = await mobileMoney('+254700000000', { confirm: false });
    assert.equal(unconfirmed.status, 422);
    const noPhone = await sandbox.request('POST', '/payments', {
      body: { amount: 100, currency: 'KES', confirm: true, payment_method: 'wallet', payment_method_type: 'pay_bill' },
    });
    assert.deepEqual(noPhone.body, { error: { type: 'invalid_request', code: 'IR_04', message: 'Missing required param: payment_method_data.wallet.mobile_money.phone_number' } });
  });
});
