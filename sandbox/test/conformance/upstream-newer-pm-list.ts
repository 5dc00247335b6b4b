/**
 * The real service's Cypress suite on the payment-method list, replayed with its requests **as
 * sent** and its commands' assertions. Everything is juspay/hyperswitch as a fork holds it at commit
 * d1688907 (June 2026), under `cypress-tests/cypress/`:
 *
 * - the spec `e2e/spec/PaymentMethodList/00000-PaymentMethodListTests.cy.js` ("Payment Method list
 *   using Constraint Graph flow tests"), its nine contexts in order;
 * - its configs `e2e/configs/PaymentMethodList/Commons.js` (the `payment_methods_enabled` of each
 *   account, the two payment bodies) and `Connector.js` (the `PaymentIntent` data and the expected
 *   `PmListResponse`s);
 * - the commands of `support/commands.js`@d1688907: `merchantCreateCallTest`, `apiKeyCreateTest`,
 *   `createCustomerCallTest` (upstream-newer-accounts.ts's AccountFlow), `createNamedConnectorCallTest`,
 *   `createPaymentIntentTest` (upstream-newer-flow.ts), `paymentMethodListTestLessThanEqualToOnePaymentMethod`
 *   and `paymentMethodListTestTwoConnectorsForOnePaymentMethodCredit`;
 * - the fixtures merchant-create-body.json, create-api-key-body.json, create-customer-body.json and
 *   create-connector-body.json, and in place of the tester's creds.json the stand-in credentials of
 *   upstream-newer-fixtures.ts (Stripe, Cybersource, Novalnet).
 *
 * The contexts share one globalState, as the spec's do: a context without its own customer-create
 * step pays with `customerId` as the last one left it (context 1's customer, of another merchant),
 * which the payment create then makes a customer of this merchant, as upstream's does. So the flows
 * run in the spec's order, one after the other, each on the merchant it creates.
 */
import assert from 'node:assert/strict';
import type { TestSandbox } from '../helpers.js';
import type { UpstreamCase } from './upstream-cases.js';
import type { Body, Exchange } from './upstream-fixtures.js';
import { AccountFlow } from './upstream-newer-accounts.js';
import { COMMIT, CONNECTOR_AUTH, createConnectorBody, getOriginalConnectorName } from './upstream-newer-fixtures.js';

// ---- e2e/configs/PaymentMethodList/Commons.js@d1688907 ---------------------------------------------------------

const MAX = 68607706;
const creditWith = (accepted: Body): Body[] => [
  { payment_method: 'card', payment_method_types: [{ payment_method_type: 'credit', card_networks: ['Visa'], minimum_amount: 0, ...accepted, maximum_amount: MAX, recurring_enabled: false, installment_payment_enabled: true }] },
];
const cardCreditEnabled = (): Body[] => creditWith({ accepted_currencies: { type: 'enable_only', list: ['USD'] } });
const cardCreditEnabledInUsd = (): Body[] => creditWith({ accepted_currencies: { type: 'enable_only', list: ['USD'] } });
const cardCreditEnabledInUs = (): Body[] => creditWith({ accepted_countries: { type: 'enable_only', list: ['US'] } });
const cardCreditEnabledInEur = (): Body[] => creditWith({ accepted_currencies: { type: 'enable_only', list: ['EUR'] } });
const idealType = { payment_method_type: 'ideal', payment_experience: null, card_networks: null, accepted_countries: null, minimum_amount: 0, maximum_amount: MAX, recurring_enabled: true, installment_payment_enabled: false };
const bankRedirectIdealEnabled = (): Body[] => [{ payment_method: 'bank_redirect', payment_method_types: [{ ...idealType }] }];
const bankRedirectIdealAndCreditEnabled = (): Body[] => [
  { payment_method: 'card', payment_method_types: [{ payment_method_type: 'credit', card_networks: ['Visa'], minimum_amount: 0, maximum_amount: MAX, recurring_enabled: false, installment_payment_enabled: true }] },
  { payment_method: 'bank_redirect', payment_method_types: [{ ...idealType }] },
];

const METADATA = { udf1: 'value1', new_customer: 'true', login_date: '2019-09-10T10:11:12Z' };
const createPaymentBodyWithCurrency = (currency: string): Body => ({
  currency,
  amount: 6000,
  authentication_type: 'three_ds',
  description: 'Joseph First Crypto',
  email: 'hyperswitch_sdk_demo_id@gmail.com',
  setup_future_usage: '',
  metadata: { ...METADATA },
  business_label: 'default',
});
const phone = { number: '9123456789', country_code: '+91' };
const createPaymentBodyWithCurrencyCountry = (currency: string, billingCountry: string, shippingCountry: string): Body => ({
  ...createPaymentBodyWithCurrency(currency),
  billing: {
    address: { line1: '1946', line2: 'Gandhi Nagar', line3: 'Ramnagar', city: 'Ranchi', state: 'Jharkhand', zip: '827013', country: billingCountry, first_name: 'Joseph', last_name: 'Doe' },
    phone: { ...phone },
    email: 'example@example.com',
  },
  shipping: {
    address: { line1: '130', line2: 'Koramangala', line3: 'Ramnagar', city: 'Bengaluru', state: 'Karnataka', zip: '560011', country: shippingCountry, first_name: 'John', last_name: 'Joseph' },
    phone: { ...phone },
    email: 'example@example.com',
  },
});

// ---- e2e/configs/PaymentMethodList/Connector.js@d1688907 -------------------------------------------------------

/** `pm_list.PaymentIntent` with the spec's `Request` (RequestCurrencyUSD, …EUR or …INR). */
const paymentIntent = (currency: string): Exchange => ({
  Request: { currency, customer_acceptance: null, setup_future_usage: 'off_session', authentication_type: 'no_three_ds' },
  Response: { status: 200, body: { status: 'requires_payment_method' } },
});
type PmList = { payment_methods: { payment_method: string; payment_method_types: Body[] }[] };
const PmListNull: PmList = { payment_methods: [] };
const PmListWithStripeForIdeal: PmList = {
  payment_methods: [{ payment_method: 'bank_redirect', payment_method_types: [{ payment_method_type: 'ideal', bank_names: [{ eligible_connectors: ['stripe'] }] }] }],
};
const PmListWithCreditOneConnector: PmList = { payment_methods: [{ payment_method: 'card', payment_method_types: [{ payment_method_type: 'credit' }] }] };
const PmListWithCreditTwoConnector: PmList = {
  payment_methods: [{ payment_method: 'card', payment_method_types: [{ payment_method_type: 'credit', card_networks: [{ eligible_connectors: ['stripe', 'cybersource'] }] }] }],
};

// ---- the commands --------------------------------------------------------------------------------------------

/** The spec's globalState between contexts: the customer the last customer-create step made. */
let lastCustomerId = '';

class PmListFlow extends AccountFlow {
  /** The spec's create-connector-body.json, which createNamedConnectorCallTest writes into. */
  private readonly connectorBody = createConnectorBody();

  /** createCustomerCallTest, whose customer stays in globalState for the contexts after. */
  override async customerCreate(): Promise<void> {
    await super.customerCreate();
    lastCustomerId = this.customerId;
  }

  /** The customer globalState holds when a context makes none. */
  inheritCustomer(): void {
    this.customerId = lastCustomerId;
  }

  /**
   * createNamedConnectorCallTest (the API key): create-connector-body.json with profile_id,
   * connector_type, connector_name (getOriginalConnectorName), connector_label and the spec's
   * payment_methods_enabled, and the creds' connector_account_details. A 200: its connector_name;
   * anything else throws "Connector Create Call Failed {message}".
   */
  async createNamedConnector(connectorType: string, paymentMethodsEnabled: Body[], connectorName: string, connectorLabel: string): Promise<void> {
    const name = getOriginalConnectorName(connectorName);
    Object.assign(this.connectorBody, { profile_id: this.profileId(), connector_type: connectorType, connector_name: name, connector_label: connectorLabel, payment_methods_enabled: paymentMethodsEnabled });
    const creds = CONNECTOR_AUTH[connectorName];
    assert.ok(creds, `createNamedConnectorCallTest: no credentials for ${connectorName} in the creds stand-in`);
    this.connectorBody.connector_account_details = structuredClone(creds.connector_account_details);
    const response = await this.request('POST', `/account/${this.merchantId}/connectors`, this.connectorBody);
    if (response.status !== 200) throw new Error(`Connector Create Call Failed ${String((response.body.error as Body | undefined)?.message)}`);
    assert.equal(response.body.connector_name, name, 'createNamedConnectorCallTest: connector_name');
    this.connectors.set('merchantConnector', String(response.body.merchant_connector_id));
  }

  /** `GET /account/payment_methods?client_secret=` with the publishable key, as both list commands send it: JSON, 200 expected. */
  private async list(step: string): Promise<PmList & Body> {
    const response = await this.sandbox.request('GET', `/account/payment_methods?client_secret=${this.clientSecret}`, { key: this.publishableKey, headers: { Accept: 'application/json' } });
    assert.match(response.headers.get('content-type') ?? '', /application\/json/, `${step}: content-type`);
    assert.equal(response.status, 200, `${step}: status (${response.text.slice(0, 300)})`);
    assert.ok('currency' in response.body, `${step}: currency`);
    return response.body as PmList & Body;
  }

  /**
   * paymentMethodListTestLessThanEqualToOnePaymentMethod: with one method expected, the first type
   * of the first method answered is the expected one; with none, no method is answered.
   */
  async listAtMostOne(expected: PmList): Promise<PmList> {
    const step = 'paymentMethodListTestLessThanEqualToOnePaymentMethod';
    const answer = await this.list(step);
    const firstType = (list: PmList) => list.payment_methods[0]?.payment_method_types[0]?.payment_method_type;
    if (expected.payment_methods.length === 1) assert.equal(firstType(answer), firstType(expected), `${step}: payment_method_type (${JSON.stringify(answer.payment_methods)})`);
    else assert.equal(answer.payment_methods.length, 0, `${step}: no payment method (${JSON.stringify(answer.payment_methods)})`);
    return answer;
  }

  /**
   * paymentMethodListTestTwoConnectorsForOnePaymentMethodCredit: the first card network of the first
   * type of the first method, its eligible connectors sorted, are the expected ones (each of the
   * answer's compared with the expected at its place).
   */
  async listTwoConnectors(expected: PmList): Promise<PmList> {
    const step = 'paymentMethodListTestTwoConnectorsForOnePaymentMethodCredit';
    const answer = await this.list(step);
    const connectors = (list: PmList) => [...((list.payment_methods[0]?.payment_method_types[0]?.card_networks as { eligible_connectors: string[] }[] | undefined)?.[0]?.eligible_connectors ?? [])].sort();
    const wanted = connectors(expected);
    const got = connectors(answer);
    assert.ok(got.length > 0, `${step}: eligible_connectors (${JSON.stringify(answer.payment_methods)})`);
    got.forEach((connector, index) => assert.equal(wanted[index], connector, `${step}: eligible_connectors[${index}]`));
    return answer;
  }
}

// ---- e2e/spec/PaymentMethodList/00000-PaymentMethodListTests.cy.js@d1688907 ------------------------------------

const SOURCE = `e2e/spec/PaymentMethodList/00000-PaymentMethodListTests.cy.js@${COMMIT}`;

interface Context {
  title: string;
  /** Whether the context makes its own customer (createCustomerCallTest). */
  customer: boolean;
  accounts: [Body[], string, string][];
  payment: [Body, string, string];
  check(cy: PmListFlow): Promise<PmList>;
  /** Beyond the commands: the types answered (`payment_method/payment_method_type`), and the connectors behind them. */
  types: string[];
  connectors: string[];
}

const CONTEXTS: Context[] = [
  {
    title: 'Stripe ideal, Cybersource credit in USD; EUR, no billing address: only ideal with Stripe',
    customer: true,
    accounts: [[bankRedirectIdealEnabled(), 'stripe', 'stripe_US_default'], [cardCreditEnabled(), 'cybersource', 'cybersource_US_default']],
    payment: [createPaymentBodyWithCurrency('EUR'), 'EUR', 'no_three_ds'],
    check: (cy) => cy.listAtMostOne(PmListWithStripeForIdeal),
    types: ['bank_redirect/ideal'],
    connectors: ['stripe'],
  },
  {
    title: 'Stripe ideal, Cybersource credit in USD; INR, no billing address: nothing',
    customer: false,
    accounts: [[bankRedirectIdealEnabled(), 'stripe', 'stripe_US_default'], [cardCreditEnabledInUsd(), 'cybersource', 'cybersource_US_default']],
    payment: [createPaymentBodyWithCurrency('INR'), 'INR', 'no_three_ds'],
    check: (cy) => cy.listAtMostOne(PmListNull),
    types: [],
    connectors: [],
  },
  {
    title: 'Stripe and Cybersource credit in the US; USD: credit with both',
    customer: false,
    accounts: [[cardCreditEnabledInUs(), 'stripe', 'stripe_US_default'], [cardCreditEnabledInUs(), 'cybersource', 'cybersource_US_default']],
    payment: [createPaymentBodyWithCurrency('USD'), 'USD', 'no_three_ds'],
    check: (cy) => cy.listTwoConnectors(PmListWithCreditTwoConnector),
    types: ['card/credit'],
    connectors: ['stripe', 'cybersource'],
  },
  {
    title: 'Stripe and Cybersource ideal; EUR, billed in the US: nothing',
    customer: false,
    accounts: [[bankRedirectIdealEnabled(), 'stripe', 'stripe_US_default'], [bankRedirectIdealEnabled(), 'cybersource', 'cybersource_US_default']],
    payment: [createPaymentBodyWithCurrencyCountry('EUR', 'US', 'US'), 'EUR', 'no_three_ds'],
    check: (cy) => cy.listAtMostOne(PmListNull),
    types: [],
    connectors: [],
  },
  {
    title: 'Stripe credit, Cybersource credit and ideal; USD, billed in India: credit with both, no ideal',
    customer: false,
    accounts: [[cardCreditEnabled(), 'stripe', 'stripe_US_default'], [bankRedirectIdealAndCreditEnabled(), 'cybersource', 'cybersource_US_default']],
    payment: [createPaymentBodyWithCurrencyCountry('USD', 'IN', 'IN'), 'USD', 'no_three_ds'],
    check: (cy) => cy.listTwoConnectors(PmListWithCreditTwoConnector),
    types: ['card/credit'],
    connectors: ['stripe', 'cybersource'],
  },
  {
    title: 'Stripe and Cybersource credit; USD, no billing address: credit with both',
    customer: false,
    accounts: [[cardCreditEnabled(), 'stripe', 'stripe_US_default'], [cardCreditEnabled(), 'cybersource', 'cybersource_US_default']],
    payment: [createPaymentBodyWithCurrency('USD'), 'USD', 'no_three_ds'],
    check: (cy) => cy.listTwoConnectors(PmListWithCreditTwoConnector),
    types: ['card/credit'],
    connectors: ['stripe', 'cybersource'],
  },
  {
    title: 'Stripe ideal, Cybersource credit in USD; EUR, billed in the Netherlands, shipped to the US: only ideal with Stripe',
    customer: false,
    accounts: [[bankRedirectIdealEnabled(), 'stripe', 'stripe_US_default'], [cardCreditEnabled(), 'cybersource', 'cybersource_US_default']],
    payment: [createPaymentBodyWithCurrencyCountry('EUR', 'NL', 'US'), 'EUR', 'no_three_ds'],
    check: (cy) => cy.listAtMostOne(PmListWithStripeForIdeal),
    types: ['bank_redirect/ideal'],
    connectors: ['stripe'],
  },
  {
    title: 'Stripe credit in USD, Novalnet credit in EUR; USD, no billing address: only credit with Stripe',
    customer: true,
    accounts: [[cardCreditEnabledInUsd(), 'stripe', 'stripe_US_default'], [cardCreditEnabledInEur(), 'novalnet', 'novalnet_DE_default']],
    payment: [createPaymentBodyWithCurrency('USD'), 'USD', 'no_three_ds'],
    check: (cy) => cy.listAtMostOne(PmListWithCreditOneConnector),
    types: ['card/credit'],
    connectors: ['stripe'],
  },
  {
    title: 'Stripe credit in USD, Novalnet credit in EUR; EUR, billed in India, three_ds: only credit with Novalnet',
    customer: true,
    accounts: [[cardCreditEnabledInUsd(), 'stripe', 'stripe_US_default'], [cardCreditEnabledInEur(), 'novalnet', 'novalnet_DE_default']],
    payment: [createPaymentBodyWithCurrencyCountry('EUR', 'IN', 'IN'), 'EUR', 'three_ds'],
    check: (cy) => cy.listAtMostOne(PmListWithCreditOneConnector),
    types: ['card/credit'],
    connectors: ['novalnet'],
  },
];

/** The connectors of every value of `types` answered: which accounts each listed type came from. */
const sources = (list: PmList): string[] =>
  list.payment_methods.flatMap((method) =>
    method.payment_method_types.flatMap((type) => {
      const entries = [...((type.card_networks as Body[] | null) ?? []), ...((type.bank_names as Body[] | null) ?? [])];
      return entries.flatMap((entry) => entry.eligible_connectors as string[]);
    }),
  );

/** One context: merchant, API key (and customer), its two accounts, the payment, the list. */
const replay = (context: Context) => async (sandbox: TestSandbox) => {
  const cy = new PmListFlow(sandbox);
  await cy.merchantCreate();
  await cy.apiKeyCreate();
  if (context.customer) await cy.customerCreate();
  else cy.inheritCustomer();
  for (const [enabled, connector, label] of context.accounts) await cy.createNamedConnector('payment_processor', enabled, connector, label);
  const [body, currency, authentication] = context.payment;
  await cy.createPaymentIntent(paymentIntent(currency), authentication, 'automatic', body);
  const answer = await context.check(cy);
  // beyond the commands: exactly the types the context's title names, from the accounts it names
  const listed = answer.payment_methods.flatMap((method) => method.payment_method_types.map((type) => `${method.payment_method}/${String(type.payment_method_type)}`));
  assert.deepEqual(listed, context.types, 'the types listed');
  assert.deepEqual([...new Set(sources(answer))], context.connectors, 'the connectors behind them');
};

export const UPSTREAM_NEWER_PM_LIST_FLOWS: UpstreamCase[] = CONTEXTS.map((context, index) => ({
  source: `${SOURCE} [context ${index + 1}]`,
  name: `as sent: ${context.title}`,
  run: replay(context),
}));
