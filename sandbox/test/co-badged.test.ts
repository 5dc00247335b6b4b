/**
 * Co-badged cards (Cartes Bancaires with Visa or Mastercard): the customer's choice of network comes
 * as `payment_method_data.card.card_network` on the confirm; the sandbox records it and returns it on
 * the payment, and lists Cartes Bancaires among the merchant's networks.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { card, startTestSandbox, type TestSandbox } from './helpers.js';

interface PaidCard {
  card_network: string | null;
  last4: string;
  card_isin: string;
}
const paidCard = (payment: Record<string, unknown>) => (payment.payment_method_data as { card: PaidCard }).card;

describe('co-badged cards', () => {
  let sandbox: TestSandbox;
  before(async () => {
    sandbox = await startTestSandbox();
  });
  after(() => sandbox.close());

  /** Creates a payment and confirms it from the browser (publishable key), with `card_network` when given. */
  async function payFromBrowser(number: string, network?: string) {
    const created = await sandbox.createPayment({ amount: 2500, currency: 'EUR' });
    const confirmed = await sandbox.request('POST', `/payments/${created.payment_id}/confirm`, {
      key: sandbox.publishableKey,
      body: {
        client_secret: created.client_secret,
        payment_method: 'card',
        payment_method_data: { card: { ...card(number), ...(network === undefined ? {} : { card_network: network }) } },
      },
    });
    assert.equal(confirmed.status, 200, confirmed.text);
    return { created, confirmed: confirmed.body };
  }

  for (const [number, brand] of [
    ['4000002500001001', 'Visa'],
    ['5555552500001001', 'Mastercard'],
    ['4035501000000008', 'Visa'],
  ] as const) {
    it(`${number}: pays on Cartes Bancaires when chosen, and returns the network on the confirm, the client's and the merchant's retrieve`, async () => {
      const { created, confirmed } = await payFromBrowser(number, 'CartesBancaires');
      assert.equal(confirmed.status, 'succeeded');
      assert.equal(paidCard(confirmed).card_network, 'CartesBancaires');
      assert.equal(paidCard(confirmed).last4, number.slice(-4));
      const byClient = await sandbox.request('GET', `/payments/${created.payment_id}`, { key: sandbox.publishableKey, query: { client_secret: String(created.client_secret) } });
      assert.equal(paidCard(byClient.body).card_network, 'CartesBancaires');
      const byMerchant = await sandbox.request('GET', `/payments/${created.payment_id}`);
      assert.equal(paidCard(byMerchant.body).card_network, 'CartesBancaires');
    });

    it(`${number}: pays on ${brand} when ${brand} is chosen, or when no network is named`, async () => {
      assert.equal(paidCard((await payFromBrowser(number, brand)).confirmed).card_network, brand);
      assert.equal(paidCard((await payFromBrowser(number)).confirmed).card_network, brand);
      assert.equal(paidCard((await payFromBrowser(number, null as unknown as string)).confirmed).card_network, brand);
    });
  }

  it('a network the card is not on is not recorded: the card keeps its brand', async () => {
    assert.equal(paidCard((await payFromBrowser('4000002500001001', 'Mastercard')).confirmed).card_network, 'Visa');
    assert.equal(paidCard((await payFromBrowser('4242424242424242', 'CartesBancaires')).confirmed).card_network, 'Visa');
  });

  it('the merchant-side confirm (secret key) records the choice too', async () => {
    const created = await sandbox.createPayment({ amount: 900, currency: 'EUR' });
    const confirmed = await sandbox.request('POST', `/payments/${created.payment_id}/confirm`, {
      body: { payment_method: 'card', payment_method_data: { card: { ...card('5555552500001001'), card_network: 'CartesBancaires' } } },
    });
    assert.equal(confirmed.status, 200);
    assert.equal(paidCard(confirmed.body).card_network, 'CartesBancaires');
  });

  it('lists Cartes Bancaires among the networks of the payment-method list', async () => {
    const created = await sandbox.createPayment({ amount: 900, currency: 'EUR' });
    const list = await sandbox.request<{ payment_methods: { payment_method: string; payment_method_types: { card_networks: { card_network: string }[] | null }[] }[] }>(
      'GET',
      '/account/payment_methods',
      { key: sandbox.publishableKey, query: { client_secret: String(created.client_secret) } },
    );
    assert.equal(list.status, 200);
    const networks = list.body.payment_methods
      .filter((method) => method.payment_method === 'card')
      .flatMap((method) => method.payment_method_types.flatMap((type) => (type.card_networks ?? []).map((entry) => entry.card_network)));
    assert.ok(networks.includes('CartesBancaires'), networks.join(', '));
    assert.ok(networks.includes('Visa') && networks.includes('Mastercard'));
  });
});
