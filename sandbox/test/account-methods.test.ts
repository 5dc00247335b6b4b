// The payment-method lists of a profile with connector accounts (domain/account-methods.ts): what
// the accounts' `payment_methods_enabled` enable for the payment, by its currency and billing
// country, merged by type with each value's connectors, as upstream's list_payment_methods answers;
// and the payments routed only to an account that takes them (`takes`), as upstream's routing graph.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertApiError, cardPayment, startTestSandbox, type TestSandbox } from './helpers.js';

type Body = Record<string, unknown>;

const credit = (members: Body = {}) => ({ payment_method_type: 'credit', card_networks: ['Visa', 'Mastercard'], minimum_amount: 1, maximum_amount: 68607706, ...members });
const ideal = (members: Body = {}) => ({ payment_method_type: 'ideal', payment_experience: null, card_networks: null, accepted_countries: null, ...members });
const CREDS: Record<string, Body> = {
  stripe: { auth_type: 'HeaderKey', api_key: 'sk_test_account_methods' },
  adyen: { auth_type: 'BodyKey', api_key: 'adyen_account_methods', key1: 'AccountMethods' },
};

let merchants = 0;

describe('payment-method lists of connector accounts', () => {
  let sandbox: TestSandbox;
  before(async () => {
    sandbox = await startTestSandbox();
  });
  after(() => sandbox.close());

  /** A merchant with one account per entry ([connector, payment_methods_enabled]), each on its default profile. */
  async function merchantWith(...accounts: [string, Body[] | null][]) {
    const merchantId = `pm_list_${(merchants += 1)}`;
    const made = await sandbox.createMerchant(merchantId);
    for (const [connector, enabled] of accounts) {
      const body = { connector_type: 'payment_processor', connector_name: connector, connector_account_details: CREDS[connector], ...(enabled ? { payment_methods_enabled: enabled } : {}) };
      const created = await sandbox.request('POST', `/account/${merchantId}/connectors`, { key: made.secretKey, body });
      assert.equal(created.status, 200, created.text);
    }
    /** The browser's list (`/account/payment_methods?client_secret=`) of a new payment made of `body`. */
    const list = async (body: Body): Promise<Body> => {
      const payment = await sandbox.request('POST', '/payments', { key: made.secretKey, body: { amount: 6000, ...body } });
      assert.equal(payment.status, 200, payment.text);
      const answer = await sandbox.request('GET', '/account/payment_methods', { key: made.publishableKey, query: { client_secret: String(payment.body.client_secret) } });
      assert.equal(answer.status, 200, answer.text);
      return { ...answer.body, payment: payment.body };
    };
    return { merchantId, made, list };
  }

  /** `payment_method/payment_method_type` of every entry of a list, in order. */
  const types = (list: Body) =>
    (list.payment_methods as { payment_method: string; payment_method_types: { payment_method_type: string }[] }[]).flatMap((method) =>
      method.payment_method_types.map((type) => `${method.payment_method}/${type.payment_method_type}`),
    );
  const billing = (country: string) => ({ billing: { address: { line1: '1 Main St', city: 'Town', zip: '1000', country, first_name: 'Ada', last_name: 'L' } } });

  it('lists what the accounts enable, each card network with the connectors that take it, and leaves out a currency an account refuses', async () => {
    const { made, list } = await merchantWith(
      ['stripe', [{ payment_method: 'card', payment_method_types: [credit({ accepted_currencies: { type: 'enable_only', list: ['USD'] } })] }]],
      ['adyen', [{ payment_method: 'card', payment_method_types: [credit({ card_networks: ['Visa'] }), { payment_method_type: 'debit', card_networks: ['Visa'] }] }, { payment_method: 'wallet', payment_method_types: [{ payment_method_type: 'pay_bill', payment_experience: 'display_wait_screen' }] }]],
    );
    const usd = await list({ currency: 'USD' });
    assert.deepEqual(types(usd), ['card/credit', 'card/debit', 'wallet/pay_bill']);
    const [card, wallet] = usd.payment_methods as Body[] as { payment_method_types: Body[] }[];
    assert.deepEqual(card?.payment_method_types[0]?.card_networks, [
      { card_network: 'Visa', surcharge_details: null, eligible_connectors: ['stripe', 'adyen'] },
      { card_network: 'Mastercard', surcharge_details: null, eligible_connectors: ['stripe'] },
    ]);
    assert.deepEqual(wallet?.payment_method_types[0]?.payment_experience, [{ payment_experience_type: 'display_wait_screen', eligible_connectors: ['adyen'] }]);
    assert.equal(usd.currency, 'USD');
    // Stripe's credit is USD only: in euros only Adyen's Visa is left
    // the merchant's server list (secret key, no payment): the default profile's accounts, every currency
    const merchantList = await sandbox.request('GET', '/account/payment_methods', { key: made.secretKey });
    assert.equal(merchantList.status, 200, merchantList.text);
    assert.deepEqual(types(merchantList.body), ['card/credit', 'card/debit', 'wallet/pay_bill']);
    const eur = await list({ currency: 'EUR' });
    assert.deepEqual((eur.payment_methods as { payment_method_types: Body[] }[])[0]?.payment_method_types[0]?.card_networks, [{ card_network: 'Visa', surcharge_details: null, eligible_connectors: ['adyen'] }]);
  });

  it('holds a billing country to an account’s countries only when the payment has one, and `disable_only` refuses its list', async () => {
    const { list } = await merchantWith(
      ['stripe', [{ payment_method: 'card', payment_method_types: [credit({ accepted_countries: { type: 'enable_only', list: ['US'] } })] }]],
      ['adyen', [{ payment_method: 'card', payment_method_types: [{ payment_method_type: 'debit', card_networks: ['Visa'], accepted_countries: { type: 'disable_only', list: ['DE'] } }] }]],
    );
    assert.deepEqual(types(await list({ currency: 'USD' })), ['card/credit', 'card/debit']);
    assert.deepEqual(types(await list({ currency: 'USD', ...billing('US') })), ['card/credit', 'card/debit']);
    assert.deepEqual(types(await list({ currency: 'USD', ...billing('DE') })), []);
    assert.deepEqual(types(await list({ currency: 'USD', ...billing('FR') })), ['card/debit']);
  });

  it('lists iDEAL only where the scheme pays (the Netherlands, euros) unless the account accepts every currency, with its connectors in bank_names', async () => {
    const { list } = await merchantWith(
      ['stripe', [{ payment_method: 'bank_redirect', payment_method_types: [ideal()] }, { payment_method: 'bank_debit', payment_method_types: [{ payment_method_type: 'sepa' }] }]],
      ['adyen', [{ payment_method: 'bank_redirect', payment_method_types: [ideal({ accepted_currencies: { type: 'all_accepted' } })] }]],
    );
    const eur = await list({ currency: 'EUR', ...billing('NL') });
    assert.deepEqual(types(eur), ['bank_redirect/ideal', 'bank_debit/sepa']);
    const redirect = (eur.payment_methods as { payment_method: string; payment_method_types: Body[] }[])[0];
    assert.equal(redirect?.payment_method, 'bank_redirect');
    assert.deepEqual(redirect?.payment_method_types[0]?.bank_names, [{ bank_name: [], eligible_connectors: ['stripe', 'adyen'] }]);
    assert.equal(redirect?.payment_method_types[0]?.card_networks, null);
    // in dollars only Adyen's account, which accepts every currency, is left (upstream's graph skips the scheme's currencies then)
    const usd = await list({ currency: 'USD', ...billing('NL') });
    assert.deepEqual((usd.payment_methods as { payment_method_types: Body[] }[])[0]?.payment_method_types[0]?.bank_names, [{ bank_name: [], eligible_connectors: ['adyen'] }]);
    // billed in Germany: neither (the country rule still holds for Adyen's); SEPA, which has no such rule, everywhere
    const germany = await list({ currency: 'EUR', ...billing('DE') });
    assert.deepEqual(types(germany), ['bank_debit/sepa']);
    assert.deepEqual((germany.payment_methods as { payment_method_types: Body[] }[])[0]?.payment_method_types[0]?.bank_debits, { eligible_connectors: ['stripe'] });
  });

  it('lists nothing for accounts that enable nothing or only types it cannot offer, and the catalogue again once every account is disabled', async () => {
    const { merchantId, made, list } = await merchantWith(['stripe', null], ['adyen', [{ payment_method: 'card', payment_method_types: [{ payment_method_type: 'credit' }] }]]);
    assert.deepEqual(types(await list({ currency: 'USD' })), []);
    const accounts = await sandbox.request('GET', `/account/${merchantId}/connectors`, { key: made.secretKey });
    for (const account of accounts.body as unknown as Body[]) {
      const disabled = await sandbox.request('POST', `/account/${merchantId}/connectors/${String(account.merchant_connector_id)}`, { key: made.secretKey, body: { connector_type: 'payment_processor', disabled: true } });
      assert.equal(disabled.status, 200, disabled.text);
    }
    assert.deepEqual(types(await list({ currency: 'USD' })), ['card/credit', 'card/debit', 'wallet/pay_bill', 'wallet/pay_till']);
  });

  it('routes a payment to the account that takes its method, network, currency and amount, and refuses one no account takes (400 IR_39)', async () => {
    const { made } = await merchantWith(
      ['stripe', [{ payment_method: 'card', payment_method_types: [credit({ card_networks: ['Visa'], accepted_currencies: { type: 'enable_only', list: ['USD'] }, maximum_amount: 5000 })] }]],
      ['adyen', [{ payment_method: 'card', payment_method_types: [credit({ accepted_currencies: { type: 'disable_only', list: ['USD'] } })] }]],
    );
    const pay = (body: Body) => sandbox.request('POST', '/payments', { key: made.secretKey, body: { amount: 4000, currency: 'USD', confirm: true, ...cardPayment('4242424242424242'), ...body } });
    const routed = async (body: Body) => {
      const paid = await pay(body);
      assert.equal(paid.status, 200, paid.text);
      return paid.body.connector;
    };
    assert.equal(await routed({}), 'stripe');
    assert.equal(await routed({ currency: 'EUR' }), 'adyen');
    assert.equal(await routed({ currency: 'EUR', ...cardPayment('5555555555554444') }), 'adyen');
    const noIneligible = [400, 'IR_39', 'No eligible connector was found for the current payment method configuration'] as const;
    // over Stripe's maximum; a Mastercard Stripe does not take; Adyen named for dollars
    for (const body of [{ amount: 6000 }, cardPayment('5555555555554444'), { connector: ['adyen'] }]) assertApiError(await pay(body), ...noIneligible);
    // mobile money: neither account enables it
    const wallet = { currency: 'KES', payment_method: 'wallet', payment_method_type: 'pay_bill', payment_method_data: { wallet: { mobile_money: { phone_number: '+254700000000' } } } };
    assertApiError(await pay(wallet), ...noIneligible);
  });

  it('routes anything to an account that enables no type, as upstream', async () => {
    const { made } = await merchantWith(['adyen', null]);
    const paid = await sandbox.request('POST', '/payments', { key: made.secretKey, body: { amount: 99999999, currency: 'JPY', confirm: true, ...cardPayment('5555555555554444') } });
    assert.equal(paid.status, 200, paid.text);
    assert.equal(paid.body.connector, 'adyen');
  });

  it('gives the web SDK’s list and configuration the same methods and connectors', async () => {
    const { made, list } = await merchantWith(
      ['stripe', [{ payment_method: 'card', payment_method_types: [credit()] }]],
      ['adyen', [{ payment_method: 'card', payment_method_types: [credit({ card_networks: ['Visa'], accepted_currencies: { type: 'enable_only', list: ['EUR'] } })] }]],
    );
    const { payment } = (await list({ currency: 'USD' })) as { payment: Body };
    const query = { client_secret: String(payment.client_secret) };
    const client = await sandbox.request('GET', `/payments/${String(payment.payment_id)}/client`, { key: made.publishableKey, query });
    assert.equal(client.status, 200, client.text);
    assert.deepEqual(
      (client.body.payment_methods_enabled as Body[]).map(({ payment_method, payment_method_type, card_networks }) => ({ payment_method, payment_method_type, card_networks })),
      [{ payment_method: 'card', payment_method_type: 'credit', card_networks: ['Visa', 'Mastercard'] }],
    );
    const config = await sandbox.request('GET', '/v1/sdk/configs/web/sdk_config.json', { key: made.publishableKey, query });
    assert.equal(config.status, 200, config.text);
    assert.deepEqual(config.body.payment_methods, [
      {
        payment_method: 'card',
        payment_method_types: [
          {
            payment_method_type: 'credit',
            payment_method_criteria: 'card_network',
            criteria_rules: [
              { criteria_value: 'Visa', eligible_connectors: ['stripe'] },
              { criteria_value: 'Mastercard', eligible_connectors: ['stripe'] },
            ],
          },
        ],
      },
    ]);
    assert.deepEqual((config.body.context_used as Body).connector, ['stripe']);
  });
});
