// The merchant's view of its payment links: `GET /payment_link/{payment_link_id}` and
// `POST /payment_link/list` with the secret key, answered as upstream's RetrievePaymentLinkResponse
// (48-PaymentLink.cy.js@d1688907, retrievePaymentLinkTest and listPaymentLinksTest).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertApiError, startTestSandbox, type TestSandbox } from './helpers.js';

type Body = Record<string, unknown>;
type Link = { link: string; secure_link: string | null; payment_link_id: string };

describe('payment links, the merchant’s view', () => {
  let sandbox: TestSandbox;
  before(async () => {
    sandbox = await startTestSandbox();
  });
  after(() => sandbox.close());

  const linked = async (body: Body = {}): Promise<Body & { payment_link: Link }> =>
    (await sandbox.createPayment({ amount: 2599, currency: 'EUR', payment_link: true, description: 'Order 12', ...body })) as Body & { payment_link: Link };

  it('retrieves a link by its id: the payment’s amount, currency and description, the open link, active until the session ends', async () => {
    const payment = await linked({ session_expiry: 900 });
    const response = await sandbox.request('GET', `/payment_link/${payment.payment_link.payment_link_id}`);
    assert.equal(response.status, 200, response.text);
    assert.match(response.headers.get('content-type') ?? '', /application\/json/);
    assert.deepEqual(response.body, {
      payment_link_id: payment.payment_link.payment_link_id,
      merchant_id: payment.merchant_id,
      processor_merchant_id: payment.merchant_id,
      link_to_pay: payment.payment_link.link,
      amount: 2599,
      created_at: payment.created,
      expiry: new Date(Date.parse(String(payment.created)) + 900_000).toISOString(),
      description: 'Order 12',
      status: 'active',
      currency: 'EUR',
      secure_link: null,
    });
    // the link the merchant is given is the page that takes the card
    const page = await fetch(String(response.body.link_to_pay));
    assert.equal(page.status, 200);
    assert.match(await page.text(), /card_number/);
  });

  it('says expired once the payment’s session has ended', async () => {
    const payment = await linked({ session_expiry: 60 });
    sandbox.advanceClock(61_000);
    const response = await sandbox.request('GET', `/payment_link/${payment.payment_link.payment_link_id}`);
    assert.equal(response.status, 200, response.text);
    assert.equal(response.body.status, 'expired');
    // and its page takes no card: the page says so, a form left open is refused, the payment stays
    const page = await fetch(payment.payment_link.link);
    assert.equal(page.status, 200);
    const html = await page.text();
    assert.match(html, /has expired/);
    assert.doesNotMatch(html, /card_number/);
    const paid = await fetch(payment.payment_link.link, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ card_number: '4242424242424242', card_exp_month: '12', card_exp_year: '2040', card_cvc: '123' }).toString(),
    });
    assert.equal(paid.status, 400);
    assert.match(await paid.text(), /has expired/);
    assert.equal((await sandbox.request('GET', `/payments/${String(payment.payment_id)}`)).body.status, 'requires_confirmation');
  });

  it('is the merchant’s own: an unknown id or another merchant’s link is 404 HE_02, the publishable key 401', async () => {
    const payment = await linked();
    const id = payment.payment_link.payment_link_id;
    assertApiError(await sandbox.request('GET', '/payment_link/plink_unknown0000000000'), 404, 'HE_02', 'Payment Link does not exist in our records');
    const other = await sandbox.createMerchant('links_other_shop');
    assertApiError(await sandbox.request('GET', `/payment_link/${id}`, { key: other.secretKey }), 404, 'HE_02', 'Payment Link does not exist in our records');
    assertApiError(await sandbox.request('GET', `/payment_link/${id}`, { key: sandbox.publishableKey }), 401, 'IR_01');
    assertApiError(await sandbox.request('POST', '/payment_link/list', { key: sandbox.publishableKey, body: {} }), 401, 'IR_01');
  });

  it('lists the merchant’s links newest first, payments without a link left out, as upstream’s constraints filter them', async () => {
    const shop = await sandbox.createMerchant('links_list_shop');
    const create = async (body: Body) => {
      const created = await sandbox.request('POST', '/payments', { key: shop.secretKey, body: { amount: 1000, currency: 'USD', ...body } });
      assert.equal(created.status, 200, created.text);
      return created.body as Body & { payment_link?: Link };
    };
    const first = await create({ payment_link: true });
    await create({});
    const second = await create({ payment_link: true });
    const list = (body: Body) => sandbox.request<Body[]>('POST', '/payment_link/list', { key: shop.secretKey, body });

    const all = await list({ limit: 10 });
    assert.equal(all.status, 200, all.text);
    assert.deepEqual(
      all.body.map((link) => link.payment_link_id),
      [second.payment_link?.payment_link_id, first.payment_link?.payment_link_id],
    );
    assert.deepEqual((await list({ limit: 1 })).body.map((link) => link.payment_link_id), [second.payment_link?.payment_link_id]);
    assert.equal((await sandbox.request<Body[]>('POST', '/payment_link/list', { key: shop.secretKey })).body.length, 2, 'an empty body lists them all');
    assert.deepEqual((await list({ 'created.gt': '2999-01-01T00:00:00Z' })).body, []);
    assert.equal((await list({ 'created.lte': '2999-01-01T00:00:00Z' })).body.length, 2);

    const refused = (body: Body) => sandbox.request('POST', '/payment_link/list', { key: shop.secretKey, body });
    assertApiError(await refused({ limit: 10, status: 'active' }), 400, 'IR_06');
    assertApiError(await refused({ created: 'yesterday' }), 400, 'IR_06');
    assertApiError(await refused({ limit: 0 }), 422, 'IR_06');
  });
});
