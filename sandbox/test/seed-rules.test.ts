// The seed's rules the sandbox had left out, each as upstream keeps it: a secret-key confirm applies
// the create members it accepts; a card sent at create without `confirm` is kept for a bare confirm;
// nested objects answer their unset members as null; country codes are ISO 3166-1 alpha-2; a payment
// link and a scheduled capture are answered as the real service answers them. (Payment ids per
// merchant: payments.test.ts and security.test.ts.)
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { answerChallenge, assertApiError, card, cardPayment, startTestSandbox, type TestSandbox } from './helpers.js';

type Body = Record<string, unknown>;
const ACCEPTANCE = { acceptance_type: 'offline', accepted_at: '2026-11-01T10:00:00Z', online: { ip_address: '127.0.0.1', user_agent: 'node' } };

describe('the seed\'s payment rules', () => {
  let sandbox: TestSandbox;
  before(async () => {
    sandbox = await startTestSandbox();
  });
  after(() => sandbox.close());

  const confirm = (paymentId: unknown, body: Body) => sandbox.request('POST', `/payments/${String(paymentId)}/confirm`, { body });

  describe('a confirm with the secret key applies the create members it accepts', () => {
    it('customer, amounts (net_amount follows), descriptors, order, reference, metadata and mandate', async () => {
      const created = await sandbox.createPayment({ amount: 5000, currency: 'USD', capture_method: 'manual' });
      const response = await confirm(created.payment_id, {
        ...cardPayment('4242424242424242'),
        customer_id: 'cus_confirm_members',
        amount_to_capture: 4000,
        shipping_cost: 700,
        order_tax_amount: 300,
        surcharge_details: { surcharge_amount: 100, tax_amount: 20 },
        statement_descriptor_name: 'TENDER',
        statement_descriptor_suffix: 'SHOP',
        order_details: [{ product_name: 'Lamp', quantity: 2, amount: 2500 }],
        merchant_order_reference_id: 'order-9',
        metadata: { source: 'server' },
        description: 'confirmed with members',
        mandate_data: { customer_acceptance: ACCEPTANCE, mandate_type: { multi_use: { amount: 9000, currency: 'USD' } } },
      });
      assert.equal(response.status, 200, response.text);
      const payment = response.body;
      assert.equal(payment.status, 'requires_capture');
      assert.deepEqual([payment.customer_id, (payment.customer as Body).id], ['cus_confirm_members', 'cus_confirm_members']);
      assert.deepEqual([payment.shipping_cost, payment.order_tax_amount, payment.net_amount], [700, 300, 5000 + 700 + 300 + 100 + 20]);
      assert.deepEqual(payment.surcharge_details, { surcharge_amount: 100, tax_amount: 20 });
      assert.equal(payment.amount_capturable, 4000);
      assert.deepEqual([payment.statement_descriptor_name, payment.statement_descriptor_suffix], ['TENDER', 'SHOP']);
      assert.equal((payment.order_details as Body[])[0]?.product_name, 'Lamp');
      assert.deepEqual([payment.merchant_order_reference_id, payment.metadata, payment.description], ['order-9', { source: 'server' }, 'confirmed with members']);
      assert.match(String(payment.mandate_id), /^man_/);
      assert.equal(payment.payment_type, 'new_mandate');
      assert.equal((await sandbox.request('GET', `/mandates/${String(payment.mandate_id)}`)).body.status, 'active');
      const captured = await sandbox.request('POST', `/payments/${String(created.payment_id)}/capture`, { body: {} });
      assert.equal(captured.body.amount_received, 4000);
    });

    it('with create\'s rules on the payment as it would be: amount_to_capture above the amount, order items that do not add up', async () => {
      const created = await sandbox.createPayment({ amount: 1000, currency: 'USD' });
      assertApiError(await confirm(created.payment_id, { ...cardPayment('4242424242424242'), amount_to_capture: 1001 }), 400, 'IR_05', /amount_to_capture/);
      assertApiError(await confirm(created.payment_id, { ...cardPayment('4242424242424242'), order_details: [{ product_name: 'x', quantity: 1, amount: 1 }] }), 422, 'IR_06', /order_details total/);
      assertApiError(await confirm(created.payment_id, { ...cardPayment('4242424242424242'), mandate_data: { customer_acceptance: ACCEPTANCE, mandate_type: { multi_use: null } } }), 400, 'IR_04', 'Missing required param: customer_id');
      assert.equal((await sandbox.request('GET', `/payments/${String(created.payment_id)}`)).body.status, 'requires_confirmation');
    });
  });

  describe('a card sent at create without confirm', () => {
    it('is kept masked (status requires_confirmation), and a bare confirm {} pays with it', async () => {
      const created = await sandbox.createPayment({ amount: 1000, currency: 'USD', ...cardPayment('4242424242424242') });
      assert.equal(created.status, 'requires_confirmation');
      assert.equal(created.payment_method, 'card');
      assert.equal(((created.payment_method_data as { card: Body }).card).last4, '4242');
      const confirmed = await confirm(created.payment_id, {});
      assert.deepEqual([confirmed.status, confirmed.body.status, confirmed.body.amount_received], [200, 'succeeded', 1000]);
    });

    it('keeps what the simulated processor decides for it: a challenge card challenges, a declined card declines and is spent', async () => {
      const challenged = await sandbox.createPayment({ amount: 1000, currency: 'USD', return_url: 'https://shop.example/back', ...cardPayment('4000003800000446') });
      const pending = await confirm(challenged.payment_id, {});
      assert.equal(pending.body.status, 'requires_customer_action', pending.text);
      const answered = await answerChallenge(String((pending.body.next_action as Body).redirect_to_url), 'complete');
      assert.equal(answered.status, 302);
      assert.equal((await sandbox.request('GET', `/payments/${String(challenged.payment_id)}`)).body.status, 'succeeded');

      const declined = await sandbox.createPayment({ amount: 1000, currency: 'USD', ...cardPayment('4000000000000002') });
      const failed = await confirm(declined.payment_id, {});
      assert.deepEqual([failed.body.status, failed.body.error_code], ['failed', 'card_declined']);
      // the attempt spent the card: a retry brings a card of its own
      assertApiError(await confirm(declined.payment_id, {}), 422, 'IR_06', 'A payment token or payment method data or ctp service details is required');
      assert.equal((await confirm(declined.payment_id, cardPayment('4242424242424242'))).body.status, 'succeeded');
    });

    it('is checked when it is sent, and needs its payment_method, as upstream', async () => {
      assertApiError(await sandbox.request('POST', '/payments', { body: { amount: 1000, currency: 'USD', payment_method_data: { card: card('4242424242424242') } } }), 400, 'IR_04', 'Missing required param: payment_method');
      assertApiError(await sandbox.request('POST', '/payments', { body: { amount: 1000, currency: 'USD', ...cardPayment('4242424242424241') } }), 400, 'IR_06', /invalid card number/);
      assertApiError(await sandbox.request('POST', '/payments', { body: { amount: 1000, currency: 'USD', payment_method: 'card', payment_method_data: { card: { ...card('4242424242424242'), card_exp_month: '13' } } } }), 400, 'IR_16', 'Invalid Expiry Month');
    });
  });

  describe('nested objects answer their unset members as null, as upstream serialises them', () => {
    it('billing, shipping and the payment method\'s billing; order items; surcharge details', async () => {
      const payment = await sandbox.createPayment({
        amount: 1000,
        currency: 'USD',
        billing: { address: { country: 'US', zip: '94107' } },
        shipping: { email: 'ship@example.com' },
        payment_method: 'card',
        payment_method_data: { card: card('4242424242424242'), billing: { phone: { number: '5550100' } } },
        order_details: [{ product_name: 'Mug', quantity: 1, amount: 1000 }],
        surcharge_details: { surcharge_amount: 50 },
      });
      const nulls = { city: null, country: null, line1: null, line2: null, line3: null, zip: null, state: null, first_name: null, last_name: null };
      assert.deepEqual(payment.billing, { address: { ...nulls, country: 'US', zip: '94107' }, phone: { number: null, country_code: null }, email: null });
      assert.deepEqual(payment.shipping, { address: nulls, phone: { number: null, country_code: null }, email: 'ship@example.com' });
      assert.deepEqual((payment.payment_method_data as Body).billing, { address: nulls, phone: { number: '5550100', country_code: null }, email: null });
      const item = (payment.order_details as Body[])[0] as Body;
      assert.deepEqual([item.product_name, item.product_img_link, item.product_id, item.category, item.requires_shipping], ['Mug', null, null, null, null]);
      assert.deepEqual(payment.surcharge_details, { surcharge_amount: 50, tax_amount: null });
    });

    it('a customer\'s address and a merchant account\'s merchant_details', async () => {
      const customer = await sandbox.request('POST', '/customers', { body: { customer_id: 'cus_nulls', address: { city: 'Paris' } } });
      assert.deepEqual(customer.body.address, { city: 'Paris', country: null, line1: null, line2: null, line3: null, zip: null, state: null, first_name: null, last_name: null });
      const account = await sandbox.request('POST', '/accounts', { key: sandbox.adminKey, body: { merchant_id: 'nulls_merchant', merchant_details: { website: 'https://shop.example', address: { country: 'GB' } } } });
      const details = account.body.merchant_details as Body;
      assert.equal(details.website, 'https://shop.example');
      for (const member of ['primary_contact_person', 'primary_phone', 'primary_email', 'secondary_contact_person', 'secondary_phone', 'secondary_email', 'about_business', 'merchant_tax_registration_id']) {
        assert.equal(details[member], null, member);
      }
      assert.deepEqual(details.address, { city: null, country: 'GB', line1: null, line2: null, line3: null, zip: null, state: null, first_name: null, last_name: null });
    });
  });

  describe('country codes are ISO 3166-1 alpha-2 (upstream\'s CountryAlpha2)', () => {
    const unknownVariant = /^Json deserialize error: unknown variant `ZZ`, expected one of `AF`, `AX`, `AL`, .*`ZW`, `US`$/;
    it('ZZ is refused with serde\'s error wherever a country is taken; every real code is accepted', async () => {
      const refusals = [
        sandbox.request('POST', '/payments', { body: { amount: 100, currency: 'USD', billing: { address: { country: 'ZZ' } } } }),
        sandbox.request('POST', '/payments', { body: { amount: 100, currency: 'USD', shipping: { address: { country: 'ZZ' } } } }),
        sandbox.request('POST', '/payments', { body: { amount: 100, currency: 'USD', business_country: 'ZZ' } }),
        sandbox.request('POST', '/customers', { body: { address: { country: 'ZZ' } } }),
        sandbox.request('POST', '/accounts', { key: sandbox.adminKey, body: { merchant_id: 'zz_merchant', primary_business_details: [{ country: 'ZZ', business: 'x' }] } }),
      ];
      for (const response of await Promise.all(refusals)) assertApiError(response, 400, 'IR_06', unknownVariant);
      for (const country of ['AX', 'BQ', 'SS', 'GB']) {
        const accepted = await sandbox.request('POST', '/payments', { body: { amount: 100, currency: 'USD', billing: { address: { country } } } });
        assert.equal(accepted.status, 200, `${country}: ${accepted.text}`);
      }
    });
  });

  describe('payment_link and capture_method scheduled, answered as upstream', () => {
    it('payment_link: true gives the open link and a plink_ id, and the link is the sandbox\'s hosted card page', async () => {
      const payment = await sandbox.createPayment({ amount: 2599, currency: 'USD', payment_link: true, return_url: 'https://shop.example/done', description: 'Order 12' });
      const link = payment.payment_link as Body;
      assert.equal(link.link, `${sandbox.url}/payment_link/${sandbox.demo.merchantId}/${String(payment.payment_id)}?locale=en`);
      assert.equal(link.secure_link, null);
      assert.match(String(link.payment_link_id), /^plink_[A-Za-z0-9]{20}$/);
      assert.deepEqual((await sandbox.request('GET', `/payments/${String(payment.payment_id)}`)).body.payment_link, link);

      const page = await fetch(String(link.link));
      assert.equal(page.status, 200);
      const html = await page.text();
      assert.match(html, /name="card_number"/);
      assert.match(html, /Order 12/);
      const pay = await fetch(String(link.link), {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ card_number: '4242 4242 4242 4242', card_exp_month: card('4242').card_exp_month, card_exp_year: card('4242').card_exp_year, card_cvc: '123' }).toString(),
      });
      assert.equal(pay.status, 302);
      const back = new URL(pay.headers.get('location') ?? '');
      assert.deepEqual([back.origin + back.pathname, back.searchParams.get('status'), back.searchParams.get('payment_id')], ['https://shop.example/done', 'succeeded', payment.payment_id]);
      assert.match(await (await fetch(String(link.link))).text(), /has been used/);
    });

    it('a payment link refuses a bad card on its page, and is 404 for a payment without a link', async () => {
      const payment = await sandbox.createPayment({ amount: 100, currency: 'USD', payment_link: true });
      const refused = await fetch(String((payment.payment_link as Body).link), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ card_number: '4242424242424241', card_exp_month: '12', card_exp_year: '2040', card_cvc: '123' }).toString(),
      });
      assert.equal(refused.status, 400);
      assert.match(await refused.text(), /invalid card number/);
      assert.equal((await sandbox.request('GET', `/payments/${String(payment.payment_id)}`)).body.status, 'requires_confirmation');
      const plain = await sandbox.createPayment({ amount: 100, currency: 'USD' });
      assert.equal((await fetch(`${sandbox.url}/payment_link/${sandbox.demo.merchantId}/${String(plain.payment_id)}`)).status, 404);
    });

    it('payment_link with confirm: true is refused (422 IR_06), and nothing is created', async () => {
      const response = await sandbox.request('POST', '/payments', {
        body: { amount: 100, currency: 'USD', payment_link: true, confirm: true, payment_id: 'pay_link_and_confirm_000000000', ...cardPayment('4242424242424242') },
      });
      assertApiError(response, 422, 'IR_06', 'cannot confirm a payment while creating a payment link');
      assertApiError(await sandbox.request('GET', '/payments/pay_link_and_confirm_000000000'), 404, 'HE_02');
    });

    it('capture_method scheduled is kept on a payment created without confirm; its confirm is what the test connector refuses (400 IR_19)', async () => {
      const created = await sandbox.createPayment({ amount: 100, currency: 'USD', capture_method: 'scheduled' });
      assert.equal(created.capture_method, 'scheduled');
      const refused = await confirm(created.payment_id, cardPayment('4242424242424242'));
      assertApiError(refused, 400, 'IR_19', 'Payment method type not supported');
      assert.equal((refused.body.error as Body).reason, 'scheduled is not supported by phonypay');
      assert.deepEqual(
        [(await sandbox.request('GET', `/payments/${String(created.payment_id)}`)).body.status, (await sandbox.request('GET', `/payments/${String(created.payment_id)}`)).body.attempt_count],
        ['requires_confirmation', 0],
      );
      // the merchant changes the capture method, and the payment goes through
      assert.equal((await sandbox.request('POST', `/payments/${String(created.payment_id)}`, { body: { capture_method: 'automatic' } })).status, 200);
      assert.equal((await confirm(created.payment_id, cardPayment('4242424242424242'))).body.status, 'succeeded');
      const atOnce = await sandbox.request('POST', '/payments', { body: { amount: 100, currency: 'USD', capture_method: 'scheduled', confirm: true, connector: ['fauxpay'], ...cardPayment('4242424242424242') } });
      assertApiError(atOnce, 400, 'IR_19');
      assert.equal((atOnce.body.error as Body).reason, 'scheduled is not supported by fauxpay');
    });
  });

  describe('the processor authorises and captures net_amount (amount + shipping, order tax and surcharge), as upstream', () => {
    it('an automatic capture receives net_amount; amount_capturable is net_amount until then', async () => {
      const created = await sandbox.createPayment({ amount: 6000, currency: 'USD', shipping_cost: 50 });
      assert.deepEqual([created.net_amount, created.amount_capturable], [6050, 6050]);
      const paid = await confirm(created.payment_id, cardPayment('4242424242424242'));
      assert.equal(paid.status, 200, paid.text);
      assert.deepEqual([paid.body.status, paid.body.amount_received, paid.body.amount_capturable], ['succeeded', 6050, 0]);
      // the whole received amount is refundable, shipping included
      const refund = await sandbox.request('POST', '/refunds', { body: { payment_id: created.payment_id } });
      assert.equal(refund.status, 200, refund.text);
      assert.equal(refund.body.amount, 6050);
    });

    it('a manual capture takes net_amount by default; capturing only `amount` leaves the payment partially captured', async () => {
      const whole = await sandbox.createPayment({ amount: 5000, currency: 'USD', capture_method: 'manual', order_tax_amount: 300, surcharge_details: { surcharge_amount: 100, tax_amount: 20 } });
      const authorised = await confirm(whole.payment_id, cardPayment('4242424242424242'));
      assert.deepEqual([authorised.body.status, authorised.body.amount_capturable], ['requires_capture', 5420]);
      const captured = await sandbox.request('POST', `/payments/${String(whole.payment_id)}/capture`, { body: {} });
      assert.deepEqual([captured.body.status, captured.body.amount_received], ['succeeded', 5420], captured.text);

      const part = await sandbox.createPayment({ amount: 5000, currency: 'USD', capture_method: 'manual', shipping_cost: 500 });
      await confirm(part.payment_id, cardPayment('4242424242424242'));
      const partial = await sandbox.request('POST', `/payments/${String(part.payment_id)}/capture`, { body: { amount_to_capture: 5000 } });
      assert.deepEqual([partial.body.status, partial.body.amount_received], ['partially_captured', 5000], partial.text);
    });

    it('net_amount is held to the fee basis like amount: the fee is taken on what is captured', async () => {
      const response = await sandbox.request('POST', '/payments', { body: { amount: 7_000_000_000_000_000, currency: 'USD', shipping_cost: 2_000_000_000_000_000 } });
      assertApiError(response, 422, 'IR_06');
      assert.match(String((response.body.error as Body).message), /^net_amount may be at most 8000000000000000/);
    });
  });
});
