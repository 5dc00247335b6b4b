import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { card, cardPayment, startTestSandbox, temporaryFolder } from './helpers.js';
import { call, startSandboxProcess } from './process.js';

describe('durability and card data', () => {
  const dir = temporaryFolder('tender-sandbox-');

  it('seeds demo_merchant on first start only, and keeps data across a restart', async () => {
    const dbPath = join(dir(), 'restart.db');
    const first = await startTestSandbox({ dbPath });
    const payment = await first.createPayment({ amount: 777, currency: 'GBP', description: 'survives' });
    await first.close();

    const { startSandbox } = await import('../server.js');
    const second = await startSandbox({ port: 0, dbPath, log: null });
    try {
      assert.equal(second.demo.secretKey, null, 'the secret key is shown on the first start only');
      assert.equal(second.demo.publishableKey, first.publishableKey);
      const response = await fetch(`${second.url}/payments/${payment.payment_id}`, { headers: { 'api-key': first.secretKey } });
      const body = (await response.json()) as Record<string, unknown>;
      assert.equal(body.description, 'survives');
      assert.equal(body.amount, 777);
    } finally {
      await second.close();
    }
  });

  it('loses nothing committed when the process is killed (SIGKILL)', async () => {
    const dbPath = join(dir(), 'crash.db');
    const running = await startSandboxProcess(dbPath, { SANDBOX_LOG: 'off' });
    const secretKey = running.secretKey ?? '';
    const ids: string[] = [];
    for (let i = 0; i < 20; i += 1) {
      const created = await call(running.url, secretKey, 'POST', '/payments', { amount: 100 + i, currency: 'USD', confirm: true, ...cardPayment('4242424242424242') });
      assert.equal(created.status, 200);
      ids.push(String(created.body.payment_id));
    }
    await running.stop('SIGKILL');

    const restarted = await startSandboxProcess(dbPath, { SANDBOX_LOG: 'off' });
    try {
      for (const [i, id] of ids.entries()) {
        const payment = await call(restarted.url, secretKey, 'GET', `/payments/${id}`);
        assert.equal(payment.status, 200);
        assert.equal(payment.body.status, 'succeeded');
        assert.equal(payment.body.amount, 100 + i);
      }
    } finally {
      await restarted.stop();
    }
  });

  it('never writes a full card number or CVC to the database files or the log', async () => {
    const dbPath = join(dir(), 'cards.db');
    const log: string[] = [];
    const sandbox = await startTestSandbox({ dbPath, log: (line) => log.push(line) });
    const numbers = ['4242424242424242', '378282246310005', '4000000000000002', '4000003800000446', '4000000000004012'];
    const cvcs = new Map([['378282246310005', '7391']]);
    for (const number of numbers) {
      const body = { amount: 100, currency: 'USD', confirm: true, payment_method: 'card', payment_method_data: { card: card(number, cvcs.get(number) ?? '864') } };
      await sandbox.createPayment(body);
    }
    // a rejected confirm (bad expiry) must not leave the card behind either
    await sandbox.request('POST', '/payments', { body: { amount: 100, currency: 'USD', confirm: true, payment_method_data: { card: { ...card('5555555555554444', '864'), card_exp_month: '13' } } } });
    // a card saved by the browser with consent, then paid with its token and the CVC alone
    const first = await sandbox.createPayment({ amount: 100, currency: 'USD', customer_id: 'cus_durable' });
    const saving = await sandbox.request('POST', `/payments/${String(first.payment_id)}/confirm`, {
      key: sandbox.publishableKey,
      body: { client_secret: first.client_secret, payment_method: 'card', payment_method_data: { card: card('6011111111111117', '864') }, setup_future_usage: 'on_session', customer_acceptance: { acceptance_type: 'online' } },
    });
    assert.equal(saving.body.status, 'succeeded', saving.text);
    const second = await sandbox.createPayment({ amount: 100, currency: 'USD', customer_id: 'cus_durable' });
    const listed = await sandbox.request<{ customer_payment_methods: { payment_token: string }[] }>('GET', `/payments/${String(second.payment_id)}/client`, { key: sandbox.publishableKey, query: { client_secret: String(second.client_secret) } });
    const token = listed.body.customer_payment_methods[0]?.payment_token;
    const paid = await sandbox.request('POST', `/payments/${String(second.payment_id)}/confirm`, {
      key: sandbox.publishableKey,
      body: { client_secret: second.client_secret, payment_method: 'card', payment_token: token, customer_id: 'cus_durable', payment_method_data: { card_token: { card_cvc: '7391' } } },
    });
    assert.equal(paid.body.status, 'succeeded', paid.text);
    await sandbox.close();

    const files = readdirSync(dir()).filter((name) => name.startsWith('cards.db'));
    assert.ok(files.length >= 1);
    const contents = files.map((name) => readFileSync(join(dir(), name)).toString('latin1')).join('\n');
    assert.ok(contents.includes('4242'), 'the database holds the last four digits');
    for (const number of [...numbers, '5555555555554444', '6011111111111117']) {
      assert.ok(!contents.includes(number), `card number ${number} found in the database`);
    }
    assert.ok(!contents.includes('card_cvc') && !contents.includes('card_token'), 'a CVC member is stored');
    assert.ok(!contents.includes('"864"') && !contents.includes('"7391"'), 'a CVC value is stored');
    assert.ok(log.length >= 6);
    assert.ok(log.every((line) => !/\d{12,}/.test(line) && !line.includes('864')), `log: ${log.join('\n')}`);
  });
});
