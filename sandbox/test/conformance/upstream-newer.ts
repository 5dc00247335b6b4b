/**
 * Newer specs of the real service's Cypress suite (the two-digit names), replayed with their requests
 * **as sent** and their commands' assertions, the way upstream-requests.ts and upstream-more.ts
 * replay the older five-digit ones. Everything here is juspay/hyperswitch as a fork holds it at
 * commit d1688907 (June 2026, `chore(version): 2026.06.25.0`), under `cypress-tests/cypress/`:
 *
 * - the specs `e2e/spec/Payment/28-BusinessProfileConfigs.cy.js`, `47-PollConfig.cy.js`,
 *   `54-RefundType.cy.js`, `52-OrderDetails.cy.js` and `43-BillingDescriptor.cy.js` (each flow's header
 *   names its file);
 * - the commands of `support/commands.js`@d1688907: `createBusinessProfileTest`,
 *   `UpdateBusinessProfileTest`, `updateBusinessProfileWebhookCustomHeadersTest`,
 *   `createCustomerCallTest`, `createPaymentIntentTest`, `paymentMethodsCallTest`, `confirmCallTest`,
 *   `createConfirmPaymentTest`, `retrievePaymentCallTest`, `refundCallTest`, `syncRefundCallTest`,
 *   `pollStatusCallTest`; `defaultErrorHandler` of `e2e/configs/Payment/Utils.js`@d1688907;
 * - the fixtures of `fixtures/`@d1688907 (create-payment-body.json and create-customer-body.json are
 *   upstream-fixtures.ts's, unchanged since; confirm-body.json, create-confirm-body.json,
 *   business-profile.json and merchant-create-body.json are below, as they are at d1688907).
 *
 * The connector config: Stripe's, as the suite runs it — `getConnectorDetails("stripe")` of
 * Utils.js@d1688907, which is `e2e/configs/Payment/Stripe.js`@d1688907's `card_pm` with every entry it
 * does not declare taken from `Commons.js`@d1688907 (mergeConnectorDetails). Its requests and its
 * answers both, as a Stripe run sends and expects them (the older ports' answers are Stripe's too);
 * each entry below names the file it comes from. Stripe is the connector these specs include
 * (Utils.js CONNECTOR_LISTS.INCLUDE: POLL_CONFIG, REFUND_TYPE, ORDER_DETAILS and BILLING_DESCRIPTOR name `stripe`), and
 * its test cards are cards of the sandbox as well (378282246310005 pays, 4000000000003220 is
 * challenged). Left out of Stripe's answers: what is Stripe's own, `payment_method_data` (its test
 * card's issuer, country and checks), as upstream-more.ts leaves it out.
 *
 * Upstream's steps that create a connector account (`createConnectorCallTest`) are skipped: the
 * sandbox has one simulated processor and no connector-account routes, as in the older ports.
 * Upstream's assertions on that account and its connector (`connector` equal to `stripe`,
 * `merchant_connector_id` equal to the one it created) become: present, and the same in every answer
 * of the flow. Each flow runs on a merchant of its own, created with merchant-create-body.json as
 * `merchantCreateCallTest` sends it (its default profile is the suite's `profileId`), and a customer
 * (`createCustomerCallTest`). Each command starts from the fixture as the file has it: upstream's
 * commands write into the imported fixture object, which within one spec carries members from one
 * call to the next; every member carried over here is one the next call sets again.
 */
import assert from 'node:assert/strict';
import type { ApiResponse, TestSandbox } from '../helpers.js';
import type { UpstreamCase } from './upstream-cases.js';
import { checkCreatedIntent, createPaymentBody, customerCreateBody, expectAnswer, noErrorUnlessFailed, nonEmpty, ok, refundBody, refused, type Body, type Exchange } from './upstream-fixtures.js';

export const COMMIT = 'd1688907';
export const SPEC = `e2e/spec/Payment`;

// ---- the fixtures at d1688907 that upstream-fixtures.ts does not have ----------------------------------

export const BROWSER = {
  user_agent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  accept_header: 'text/html,application/xhtml+xml,application/xml;q=0.9,image/webp,image/apng,*/*;q=0.8',
  language: 'en-US',
  color_depth: 32,
  screen_height: 1117,
  screen_width: 1728,
  time_zone: -330,
  java_enabled: true,
  java_script_enabled: true,
};
export const ACCEPTANCE = { acceptance_type: 'offline', accepted_at: '1963-05-03T04:07:52.723Z', online: { ip_address: '127.0.0.1', user_agent: 'amet irure esse' } };
export const HARRISON = { line1: '1467', line2: 'Harrison Street', line3: 'Harrison Street', city: 'San Fransico', state: 'California', zip: '94122', country: 'US', first_name: 'john', last_name: 'doe' };

/** confirm-body.json@58a9c9f0 (the same at d1688907). */
export const confirmBody = (): Body => ({
  client_secret: '',
  return_url: 'https://example.com',
  confirm: true,
  customer_acceptance: structuredClone(ACCEPTANCE),
  billing: {
    address: { state: 'New York', city: 'New York', country: 'US', first_name: 'john', last_name: 'doe', zip: '10001', line1: '123', line2: 'Main Street', line3: 'Apt 4B', origin_zip: '10001' },
  },
  email: 'hyperswitch_sdk_demo_id@gmail.com',
  browser_info: { ...BROWSER, ip_address: '127.0.0.1' },
});

/** create-confirm-body.json@5319725c (the same at d1688907). */
export const createConfirmPaymentBody = (): Body => ({
  amount: 6000,
  currency: 'USD',
  confirm: true,
  capture_method: 'automatic',
  capture_on: '2022-09-10T10:11:12Z',
  customer_id: 'john123',
  email: 'guest@example.com',
  name: 'John Doe',
  phone: '999999999',
  phone_country_code: '+65',
  description: 'Its my first payment request',
  authentication_type: 'no_three_ds',
  return_url: 'https://example.com',
  setup_future_usage: 'on_session',
  customer_acceptance: structuredClone(ACCEPTANCE),
  payment_method: 'card',
  payment_method_type: 'debit',
  payment_method_data: { card: { card_number: '4111111111111111', card_exp_month: '03', card_exp_year: '30', card_holder_name: 'joseph Doe', card_cvc: '737' } },
  billing: { address: { ...HARRISON } },
  shipping: { address: { ...HARRISON } },
  statement_descriptor_name: 'joseph',
  statement_descriptor_suffix: 'JS',
  metadata: { udf1: 'value1', new_customer: 'true', login_date: '2019-09-10T10:11:12Z' },
  browser_info: { ip_address: '129.0.0.1', ...BROWSER },
});

/** business-profile.json@2c865156 (the same at d1688907): `bpCreate`, and `bpUpdate` whose five switches UpdateBusinessProfileTest overwrites. */
const bpCreate = (): Body => ({ profile_name: 'default' });
const bpUpdate = (): Body => ({
  is_connector_agnostic_mit_enabled: true,
  collect_shipping_details_from_wallet_connector: true,
  collect_billing_details_from_wallet_connector: true,
  always_collect_billing_details_from_wallet_connector: true,
  always_collect_shipping_details_from_wallet_connector: true,
});

/** merchant-create-body.json@7ad5cd55 (the same at d1688907), without the merchant_id merchantCreateCallTest replaces. */
export const merchantCreateBody = (): Body => ({
  locker_id: 'm0010',
  merchant_name: 'NewAge Retailers',
  merchant_details: {
    primary_contact_person: 'John Test',
    primary_email: 'JohnTest@test.com',
    primary_phone: 'sunt laborum',
    secondary_contact_person: 'John Test2',
    secondary_email: 'JohnTest2@test.com',
    secondary_phone: 'cillum do dolor id',
    website: 'https://www.example.com',
    about_business: 'Online Retail with a wide selection of organic products for North America',
    address: { line1: '1467', line2: 'Harrison Street', line3: 'Harrison Street', city: 'San Francisco', state: 'California', zip: '94122', country: 'US', first_name: 'john', last_name: 'Doe' },
  },
  webhook_details: { webhook_version: '1.0.1', webhook_username: 'ekart_retail', webhook_password: 'password_ekart@123', payment_created_enabled: true, payment_succeeded_enabled: true, payment_failed_enabled: true },
  return_url: 'https://example.com',
  sub_merchants_enabled: false,
  metadata: { city: 'NY', unit: '245' },
  primary_business_details: [{ country: 'US', business: 'default' }],
});

// ---- the connector config: getConnectorDetails("stripe") at d1688907 ------------------------------------

/** Stripe.js `successfulNo3DSCardDetails` (American Express; a success card of the sandbox). */
export const stripeNo3DSCard = { card_number: '378282246310005', card_exp_month: '10', card_exp_year: '50', card_holder_name: 'morino', card_cvc: '737' };
/** Commons.js `successfulNo3DSCardDetails`@d1688907. */
export const commonsNo3DSCard = { card_number: '4111111111111111', card_exp_month: '08', card_exp_year: '30', card_holder_name: 'joseph Doe', card_cvc: '999' };

export const card_pm = {
  /** Stripe.js `PaymentIntent` */
  PaymentIntent: {
    Request: { currency: 'USD', customer_acceptance: null, setup_future_usage: 'on_session' },
    Response: ok({ status: 'requires_payment_method', setup_future_usage: 'on_session' }),
  },
  /** Stripe.js `PaymentIntentOffSession` (its CONNECTOR_CREDENTIAL names the spec connectorAgnosticNTID only: the default profile prefix here) */
  PaymentIntentOffSession: {
    Request: { currency: 'USD', customer_acceptance: null, amount: 6000, authentication_type: 'no_three_ds', setup_future_usage: 'off_session' },
    Response: ok({ status: 'requires_payment_method', setup_future_usage: 'off_session' }),
  },
  /** Stripe.js `No3DSAutoCapture` (without its `payment_method_data`, Stripe's own) */
  No3DSAutoCapture: {
    Request: { payment_method: 'card', payment_method_data: { card: stripeNo3DSCard }, currency: 'USD', customer_acceptance: null, setup_future_usage: 'on_session' },
    Response: ok({ status: 'succeeded', payment_method: 'card', attempt_count: 1 }),
  },
  /** Stripe.js `PollConfig` */
  PollConfig: {
    Request: {
      payment_method: 'card',
      payment_method_data: { card: { card_number: '4000000000003220', card_exp_month: '10', card_exp_year: '27', card_holder_name: 'John Doe', card_cvc: '737' } },
      authentication_type: 'three_ds',
    },
    Response: ok({ status: 'requires_customer_action', authentication_type: 'three_ds' }),
  },
  /** Stripe.js `PollConfigNotFound`, `PollConfigInvalidPollId`, `PollConfigUnauthorized` */
  PollConfigNotFound: { Response: refused(404, { type: 'invalid_request', message: 'Poll does not exist in our records', code: 'HE_02' }) },
  PollConfigInvalidPollId: { Response: refused(404, { type: 'invalid_request', message: 'Poll does not exist in our records', code: 'HE_02' }) },
  PollConfigUnauthorized: { Response: refused(401, { type: 'invalid_request', message: 'API key not provided or invalid API key used', code: 'IR_01' }) },
  /** Commons.js `RefundInstant`, `RefundScheduled` (Stripe.js declares neither) */
  RefundInstant: { Request: { amount: 6000, refund_type: 'instant' }, Response: ok({ status: 'succeeded' }) },
  RefundScheduled: { Request: { amount: 6000, refund_type: 'scheduled' }, Response: ok({ status: 'pending' }) },
  /** Stripe.js `SyncRefund`, `SyncRefundScheduled` */
  SyncRefund: { Response: ok({ status: 'succeeded' }) },
  SyncRefundScheduled: { Response: ok({ status: 'pending' }) },
  /** Stripe.js `PaymentIntentWithBillingDescriptor` */
  PaymentIntentWithBillingDescriptor: {
    Request: {
      currency: 'USD',
      amount: 6540,
      authentication_type: 'no_three_ds',
      capture_method: 'automatic',
      billing_descriptor: { statement_descriptor: 'QA-BillingDesc', statement_descriptor_suffix: 'SUFFIX1' },
    },
    Response: ok({ status: 'requires_payment_method' }),
  },
  /** Stripe.js `PaymentConfirmWithBillingDescriptor` (without its `payment_method_data`, Stripe's own) */
  PaymentConfirmWithBillingDescriptor: {
    Request: { payment_method: 'card', payment_method_data: { card: stripeNo3DSCard }, customer_acceptance: null, setup_future_usage: 'on_session' },
    Response: ok({ status: 'succeeded' }),
  },
  /** Commons.js `OrderDetails`, `OrderDetailsMultipleItems`, `OrderDetailsMissingProductName` (Stripe.js declares none) */
  OrderDetails: {
    Request: { payment_method: 'card', payment_method_data: { card: commonsNo3DSCard }, currency: 'USD', order_details: [{ product_name: 'Test Product', quantity: 1, amount: 6000 }] },
    Response: ok({ status: 'succeeded' }),
  },
  OrderDetailsMultipleItems: {
    Request: {
      payment_method: 'card',
      payment_method_data: { card: commonsNo3DSCard },
      currency: 'USD',
      order_details: [
        { product_name: 'Test Product 1', quantity: 1, amount: 3000 },
        { product_name: 'Test Product 2', quantity: 2, amount: 1500 },
      ],
    },
    Response: ok({ status: 'succeeded' }),
  },
  OrderDetailsMissingProductName: {
    Request: { payment_method: 'card', payment_method_data: { card: commonsNo3DSCard }, currency: 'USD', order_details: [{ quantity: 1, amount: 6000 }] },
    Response: refused(400, { error_type: 'invalid_request', code: 'IR_06' }),
  },
} satisfies Record<string, Exchange>;


// ---- the commands -------------------------------------------------------------------------------------------

/** updateBusinessProfileWebhookCustomHeadersTest's `maskValue`: the first and last two characters of a longer value, else all masked. */
const maskValue = (value: string): string => (value.length > 4 ? value.slice(0, 2) + '*'.repeat(value.length - 4) + value.slice(-2) : '*'.repeat(value.length));

/** RequestBodyUtils.generateRandomString: `{prefix}_` and eight hex digits. */
export const randomString = (prefix: string): string => `${prefix}_${Math.floor(Math.random() * 0x100000000).toString(16).padStart(8, '0')}`;

/** A spec's request fixtures, as its commands write into them (members carried from one call to the next). */
export interface CommandFixtures {
  createPaymentBody?: Body;
  confirmBody?: Body;
  createConfirmPaymentBody?: Body;
  refundBody?: Body;
}

let merchants = 0;

/** The Cypress commands' state (`globalState`) and requests, for one flow on a merchant of its own. */
/** retrievePaymentCallTest's options (its `data.Configs` and `unconfirmedPayment`). */
export interface RetrieveOptions {
  skipBillingAssertion?: boolean;
  skipConnectorIdAssertion?: boolean;
  unconfirmedPayment?: boolean;
}

export class Flow {
  protected merchantId = '';
  protected apiKey = '';
  protected publishableKey = '';
  /** `{prefix}Id`: `profileId` (the merchant's default, or createBusinessProfileTest's), `webhookProfileId`, … */
  protected readonly profiles = new Map<string, string>();
  protected customerId = '';
  protected paymentId = '';
  protected clientSecret = '';
  protected paymentAmount = 0;
  protected refundId = '';
  protected nextActionUrl: string | undefined;
  /** What UpdateBusinessProfileTest keeps of its answer (collectBillingDetails, …). */
  protected collect: Record<'billing' | 'shipping' | 'alwaysBilling' | 'alwaysShipping', unknown> = { billing: undefined, shipping: undefined, alwaysBilling: undefined, alwaysShipping: undefined };
  protected lastResponseHeaders: Body | undefined;
  protected connector: unknown = null;
  protected connectorAccount: unknown = null;

  /**
   * `fixtures`: the request fixtures of one spec, which its commands write into as upstream's do
   * (the imported fixture object carries members from one call to the next within a spec); without
   * it, each command starts from the fixture as the file has it.
   */
  constructor(
    protected readonly sandbox: TestSandbox,
    protected readonly fixtures?: CommandFixtures,
  ) {}

  /** merchantCreateCallTest (merchant-create-body.json, the admin key) with an API key, its default profile as `profileId`; createCustomerCallTest. */
  async setup(): Promise<void> {
    merchants += 1;
    this.merchantId = `upstream_newer_${merchants}_${Date.now().toString(36)}`;
    const merchant = await this.sandbox.createMerchant(this.merchantId, merchantCreateBody());
    this.apiKey = merchant.secretKey;
    this.publishableKey = merchant.publishableKey;
    const profileId = String(merchant.account.default_profile);
    assert.match(profileId, /^pro_/, 'merchantCreateCallTest: default_profile');
    this.profiles.set('profile', profileId);
    await this.createCustomer();
  }

  protected request(method: string, path: string, body?: Body, key = this.apiKey): Promise<ApiResponse> {
    return this.sandbox.request(method, path, { key, headers: { Accept: 'application/json' }, ...(body ? { body } : {}) });
  }

  protected profileId(prefix = 'profile'): string {
    const id = this.profiles.get(prefix);
    assert.ok(id, `${prefix}Id must be set in globalState`);
    return id;
  }

  /** The connector of a processed payment, and its account: the same in every answer of the flow. */
  protected sameConnector(body: Body, step: string): void {
    assert.ok(body.connector != null && body.merchant_connector_id != null, `${step}: connector, merchant_connector_id`);
    this.connector ??= body.connector;
    this.connectorAccount ??= body.merchant_connector_id;
    assert.deepEqual([body.connector, body.merchant_connector_id], [this.connector, this.connectorAccount], `${step}: connector, merchant_connector_id`);
  }

  /** createCustomerCallTest: the customer's id, and what was sent echoed. */
  async createCustomer(): Promise<void> {
    const body = customerCreateBody();
    const response = await this.request('POST', '/customers', body);
    assert.equal(response.status, 200, `createCustomerCallTest: ${response.text}`);
    this.customerId = String(response.body.customer_id);
    assert.ok(this.customerId.length > 0, 'createCustomerCallTest: customer_id');
    for (const member of ['email', 'name', 'phone', 'phone_country_code'] as const) assert.equal(response.body[member], body[member], `createCustomerCallTest: ${member}`);
    for (const member of ['metadata', 'address'] as const) assert.deepEqual(response.body[member], body[member], `createCustomerCallTest: ${member}`);
  }

  /** createBusinessProfileTest: bpCreate named `{prefix}_{stripe_xxxxxxxx}`, with the merchant's API key; the new profile becomes `{prefix}Id`. */
  async createBusinessProfile(prefix = 'profile'): Promise<void> {
    const body = { ...bpCreate(), profile_name: `${prefix}_${randomString('stripe')}` };
    const response = await this.request('POST', `/account/${this.merchantId}/business_profile`, body);
    assert.equal(response.status, 200, `createBusinessProfileTest: Business Profile call failed ${response.text}`);
    assert.ok(response.body.profile_id != null, 'createBusinessProfileTest: profile_id');
    this.profiles.set(prefix, String(response.body.profile_id));
  }

  /** UpdateBusinessProfileTest: bpUpdate with its five switches as passed, to `{prefix}Id`; a 200 keeps what the answer says of the four collect switches. */
  async updateBusinessProfile(agnostic: boolean, billing: boolean, shipping: boolean, alwaysBilling: boolean, alwaysShipping: boolean, prefix = 'profile'): Promise<void> {
    await this.updateBusinessProfileWith(bpUpdate(), agnostic, billing, shipping, alwaysBilling, alwaysShipping, prefix);
  }

  /**
   * UpdateBusinessProfileTest with the body a spec passes (its five switches written into it, as the
   * command writes into the fixture), to `{prefix}Id`; anything but a 200 fails; a 200 keeps what the
   * answer says of the four collect switches. Returns the answer.
   */
  async updateBusinessProfileWith(body: Body, agnostic: boolean, billing: boolean, shipping: boolean, alwaysBilling: boolean, alwaysShipping: boolean, prefix = 'profile'): Promise<Body> {
    Object.assign(body, {
      is_connector_agnostic_mit_enabled: agnostic,
      collect_shipping_details_from_wallet_connector: shipping,
      collect_billing_details_from_wallet_connector: billing,
      always_collect_billing_details_from_wallet_connector: alwaysBilling,
      always_collect_shipping_details_from_wallet_connector: alwaysShipping,
    });
    const response = await this.request('POST', `/account/${this.merchantId}/business_profile/${this.profileId(prefix)}`, body);
    assert.equal(response.status, 200, `UpdateBusinessProfileTest: Business Profile Update Failed: ${response.text}`);
    this.collect = {
      billing: response.body.collect_billing_details_from_wallet_connector,
      shipping: response.body.collect_shipping_details_from_wallet_connector,
      alwaysBilling: response.body.always_collect_billing_details_from_wallet_connector,
      alwaysShipping: response.body.always_collect_shipping_details_from_wallet_connector,
    };
    return response.body;
  }

  /** updateBusinessProfileWebhookCustomHeadersTest: the headers answered masked (none for `{}`), and none of the previous ones kept. */
  async updateWebhookCustomHeaders(headers: Record<string, string>, prefix: string, previousHeaderKeys: string[] | null = null): Promise<void> {
    const step = 'updateBusinessProfileWebhookCustomHeadersTest';
    const response = await this.request('POST', `/account/${this.merchantId}/business_profile/${this.profileId(prefix)}`, { outgoing_webhook_custom_http_headers: headers });
    assert.equal(response.status, 200, `${step}: ${response.text}`);
    const answered = response.body.outgoing_webhook_custom_http_headers as Body | null | undefined;
    if (Object.keys(headers).length === 0) {
      assert.deepEqual(answered ?? {}, {}, `${step}: outgoing_webhook_custom_http_headers`);
    } else {
      assert.ok(answered != null, `${step}: outgoing_webhook_custom_http_headers`);
      for (const [name, value] of Object.entries(headers)) assert.equal(answered[name], maskValue(value), `${step}: outgoing_webhook_custom_http_headers.${name} masked`);
      for (const name of previousHeaderKeys ?? []) assert.ok(!(name in answered), `${step}: ${name} no longer there`);
    }
    this.lastResponseHeaders = answered ?? undefined;
  }

  /** The spec's `Object.keys(globalState.get("lastResponseHeaders") ?? {})`. */
  get previousHeaderKeys(): string[] {
    return Object.keys(this.lastResponseHeaders ?? {});
  }

  /** createPaymentIntentTest: create-payment-body.json, the `Request`, then authentication_type, capture_method, customer_id and profile_id. */
  async createPaymentIntent(data: Exchange, authenticationType: string, captureMethod: string): Promise<ApiResponse> {
    const step = 'createPaymentIntentTest';
    const body: Body = Object.assign(this.fixtures?.createPaymentBody ?? createPaymentBody(), structuredClone(data.Request));
    Object.assign(body, { authentication_type: authenticationType, capture_method: captureMethod, customer_id: this.customerId, profile_id: this.profileId() });
    this.paymentAmount = Number(body.amount);
    const response = await this.request('POST', '/payments', body);
    expectAnswer(response, data.Response, step);
    if (data.Response.status !== 200) return response;
    const payment = response.body;
    assert.ok(typeof payment.client_secret === 'string', `${step}: client_secret`);
    this.clientSecret = payment.client_secret;
    this.paymentId = String(payment.payment_id);
    checkCreatedIntent(payment, body, data.Response, step);
    return response;
  }

  /**
   * paymentMethodsCallTest (the publishable key): `redirect_url` and `payment_methods` there, and
   * each wallet collection true exactly when the last profile update answered its `collect_…` or
   * `always_collect_…` true. Beyond the command, `redirect_url` is checked to be the payment's
   * profile's `return_url`, as upstream's list_payment_methods answers it
   * (crates/router/src/core/payment_methods/cards.rs@d1688907, `redirect_url: business_profile.return_url`).
   */
  async paymentMethodsCall(): Promise<void> {
    const step = 'paymentMethodsCallTest';
    const response = await this.sandbox.request('GET', '/account/payment_methods', { key: this.publishableKey, query: { client_secret: this.clientSecret } });
    assert.equal(response.status, 200, `${step}: ${response.text}`);
    assert.match(response.headers.get('content-type') ?? '', /application\/json/, `${step}: content-type`);
    assert.ok('redirect_url' in response.body && 'payment_methods' in response.body, `${step}: redirect_url, payment_methods`);
    const billing = this.collect.billing === true || this.collect.alwaysBilling === true;
    const shipping = this.collect.shipping === true || this.collect.alwaysShipping === true;
    assert.equal(response.body.collect_billing_details_from_wallets, billing, `${step}: collectBillingDetailsFromWallets`);
    assert.equal(response.body.collect_shipping_details_from_wallets, shipping, `${step}: collectShippingDetailsFromWallets`);
    const profile = await this.request('GET', `/account/${this.merchantId}/business_profile/${this.profileId()}`);
    assert.equal(profile.status, 200, profile.text);
    assert.equal(response.body.redirect_url, profile.body.return_url, `${step}: redirect_url is the payment's profile's return_url`);
  }

  /** confirmCallTest (the publishable key): confirm-body.json with client_secret, confirm (the spec's, true unless said) and profile_id, then the `Request`. */
  async confirm(data: Exchange, confirm = true): Promise<ApiResponse> {
    const step = 'confirmCallTest';
    const body: Body = Object.assign(this.fixtures?.confirmBody ?? confirmBody(), { client_secret: this.clientSecret, confirm, profile_id: this.profileId() }, structuredClone(data.Request));
    if (!data.Request?.setup_future_usage && body.setup_future_usage) delete body.setup_future_usage;
    const response = await this.request('POST', `/payments/${this.paymentId}/confirm`, body, this.publishableKey);
    if (response.status !== 200) {
      expectAnswer(response, data.Response, step);
      return response;
    }
    assert.equal(response.status, data.Response.status, `${step}: status (${response.text.slice(0, 400)})`);
    const payment = response.body;
    const nextAction = payment.next_action as Body | null;
    if (typeof nextAction?.redirect_to_url === 'string') this.nextActionUrl = nextAction.redirect_to_url;
    if (payment.network_transaction_id != null) assert.notEqual(payment.network_transaction_id, '', `${step}: network_transaction_id`);
    this.sameConnector(payment, step);
    assert.equal(payment.payment_id, this.paymentId, `${step}: payment_id`);
    assert.ok(nonEmpty(payment.payment_method_data) && nonEmpty(payment.customer) && nonEmpty(payment.billing), `${step}: payment_method_data, customer, billing`);
    assert.equal(payment.profile_id, this.profileId(), `${step}: profile_id`);
    noErrorUnlessFailed(payment, data.Response, step);
    if (payment.authentication_type === 'three_ds' && nextAction) {
      // neither invoke_ddc nor redirect_inside_popup: a redirect_to_url
      assert.ok(['invoke_ddc', 'redirect_inside_popup'].includes(String(nextAction.type)) || 'redirect_to_url' in nextAction, `${step}: next_action.redirect_to_url`);
    } else if (payment.authentication_type === 'no_three_ds' && nextAction) {
      assert.ok('redirect_to_url' in nextAction, `${step}: next_action.redirect_to_url`);
    }
    assert.ok(['three_ds', 'no_three_ds'].includes(String(payment.authentication_type)), `${step}: Invalid authentication type ${String(payment.authentication_type)}`);
    expectAnswer(response, data.Response, step);
    if (payment.setup_future_usage === 'off_session' && payment.status === 'succeeded' && payment.authentication_type === 'no_three_ds') {
      assert.ok(payment.connector_mandate_id != null, `${step}: connector_mandate_id`);
    }
    return response;
  }

  /**
   * createConfirmPaymentTest (the secret key): create-confirm-body.json (or the body the spec passes),
   * authentication_type, capture_method, profile_id, customer_id, then the `Request`.
   */
  async createConfirm(data: Exchange, authenticationType: string, captureMethod: string, passed?: Body): Promise<ApiResponse> {
    const step = 'createConfirmPaymentTest';
    const body: Body = passed ?? this.fixtures?.createConfirmPaymentBody ?? createConfirmPaymentBody();
    Object.assign(body, { authentication_type: authenticationType, capture_method: captureMethod, profile_id: this.profileId(), customer_id: this.customerId }, structuredClone(data.Request));
    const response = await this.request('POST', '/payments', body);
    expectAnswer(response, data.Response, step);
    if (response.status !== 200) return response;
    const payment = response.body;
    const nextAction = payment.next_action as Body | null;
    if (typeof nextAction?.redirect_to_url === 'string') this.nextActionUrl = nextAction.redirect_to_url;
    this.paymentAmount = Number(body.amount);
    this.paymentId = String(payment.payment_id);
    this.clientSecret = String(payment.client_secret);
    this.sameConnector(payment, step);
    assert.ok(nonEmpty(payment.payment_method_data) && nonEmpty(payment.customer) && nonEmpty(payment.billing), `${step}: payment_method_data, customer, billing`);
    assert.ok(payment.profile_id != null && 'status' in payment, `${step}: profile_id, status`);
    noErrorUnlessFailed(payment, data.Response, step);
    return response;
  }

  /**
   * retrievePaymentCallTest (the secret key; `force_sync=true&expand_attempts=true`, only
   * `expand_attempts=true` with `unconfirmedPayment`), with the command's options a spec passes:
   * `Configs.skipBillingAssertion`, `Configs.skipConnectorIdAssertion` (the connector is checked, its
   * account not) and `unconfirmedPayment` (no connector or payment-method-data checks).
   */
  async retrieve(options: RetrieveOptions = {}): Promise<Body> {
    const step = 'retrievePaymentCallTest';
    const query: Record<string, string> = options.unconfirmedPayment ? { expand_attempts: 'true' } : { force_sync: 'true', expand_attempts: 'true' };
    const response = await this.sandbox.request('GET', `/payments/${this.paymentId}`, { key: this.apiKey, query });
    assert.equal(response.status, 200, `${step}: Retrieve Payment Call Failed ${response.text}`);
    assert.match(response.headers.get('content-type') ?? '', /application\/json/, `${step}: content-type`);
    const payment = response.body;
    assert.deepEqual([payment.payment_id, payment.amount], [this.paymentId, this.paymentAmount], `${step}: payment_id, amount`);
    assert.ok(payment.profile_id != null && nonEmpty(payment.customer), `${step}: profile_id, customer`);
    if (!options.skipBillingAssertion) assert.ok(payment.billing != null, `${step}: billing`);
    if (!options.unconfirmedPayment && ['succeeded', 'processing', 'requires_customer_action'].includes(String(payment.status))) {
      if (options.skipConnectorIdAssertion) {
        assert.ok(payment.connector != null, `${step}: connector`);
        this.connector ??= payment.connector;
        assert.equal(payment.connector, this.connector, `${step}: connector`);
      } else {
        this.sameConnector(payment, step);
      }
      assert.ok(nonEmpty(payment.payment_method_data) && payment.payment_method != null, `${step}: payment_method_data, payment_method`);
    }
    if (typeof payment.payment_method_id === 'string' && payment.payment_method_id !== '') {
      assert.match(payment.payment_method_id, /pm_/, `${step}: payment_method_id`);
      const active = ['succeeded', 'requires_capture', 'partially_captured', ...(['manual', 'manual_multiple'].includes(String(payment.capture_method)) ? ['processing'] : [])];
      assert.equal(payment.payment_method_status, active.includes(String(payment.status)) ? 'active' : 'inactive', `${step}: payment_method_status`);
    }
    return payment;
  }

  /** refundCallTest (the secret key): refund-flow-body.json, the `Request`, then the payment's id. */
  async refund(data: Exchange): Promise<void> {
    const step = 'refundCallTest';
    const body = Object.assign(this.fixtures?.refundBody ?? refundBody(), structuredClone(data.Request), { payment_id: this.paymentId });
    const response = await this.request('POST', '/refunds', body);
    expectAnswer(response, data.Response, step);
    if (response.status !== 200) return;
    this.refundId = String(response.body.refund_id);
    assert.equal(response.body.payment_id, this.paymentId, `${step}: payment_id`);
  }

  /** syncRefundCallTest (the secret key) */
  async syncRefund(data: Exchange): Promise<void> {
    const response = await this.request('GET', `/refunds/${this.refundId}`);
    expectAnswer(response, data.Response, 'syncRefundCallTest');
  }

  /**
   * pollStatusCallTest: GET /poll/status/{poll_id} with the publishable key (or the merchant's API
   * key), the status and each member of the body deeply equal — an `error` as a whole.
   */
  async pollStatus(pollId: string, data: Exchange, usePublishableKey: boolean): Promise<void> {
    const step = 'pollStatusCallTest';
    const response = await this.sandbox.request('GET', `/poll/status/${pollId}`, { key: usePublishableKey ? this.publishableKey : this.apiKey });
    assert.match(response.headers.get('content-type') ?? '', /application\/json/, `${step}: content-type`);
    assert.equal(response.status, data.Response.status, `${step}: status_code (${response.text})`);
    for (const [member, value] of Object.entries(data.Response.body)) assert.deepEqual(response.body[member], value, `${step}: ${member}`);
    if (response.status === 200 && response.body.poll_id) assert.equal(response.body.poll_id, pollId, `${step}: poll_id`);
  }

  get payment(): string {
    return this.paymentId;
  }

  get redirection(): string | undefined {
    return this.nextActionUrl;
  }
}

/** Runs `flow` on a fresh merchant and customer. */
const replay = (flow: (cy: Flow) => Promise<void>) => async (sandbox: TestSandbox) => {
  const cy = new Flow(sandbox);
  await cy.setup();
  await flow(cy);
};

// ---- e2e/spec/Payment/28-BusinessProfileConfigs.cy.js@d1688907 ---------------------------------------------
//
// Each `context` is a flow. The first and the seventh create a business profile (the payments'
// `profileId` from then on), a connector account on it (skipped) and a customer; the five between
// them go on with the first context's profile and customer, so their flows start with those two
// steps of the first context (marked "(context 1)"): every update sets all five switches, so nothing
// else of the earlier contexts carries over. PaymentIntentOffSession is Stripe.js's.

const PROFILES = `${SPEC}/28-BusinessProfileConfigs.cy.js@${COMMIT}`;

function profileConfigFlows(): UpstreamCase[] {
  /** Context 1's "Create Business Profile" and "Create Customer", which contexts 2 to 6 go on from. */
  const contextOne = async (cy: Flow) => {
    await cy.createBusinessProfile();
    await cy.createCustomer();
  };
  const payAndList = async (cy: Flow) => {
    await cy.createPaymentIntent(card_pm.PaymentIntentOffSession, 'no_three_ds', 'automatic');
    await cy.paymentMethodsCall();
  };
  return [
    {
      source: `${PROFILES} [Update collect_billing_details_from_wallet_connector to true …]`,
      name: 'as sent: Create Business Profile -> (connector-create skipped) -> Create Customer -> Update (agnostic, collect billing) -> Create Payment Intent -> payment_methods-call-test: billing true, shipping false',
      run: replay(async (cy) => {
        await contextOne(cy);
        await cy.updateBusinessProfile(true, true, false, false, false);
        await payAndList(cy);
      }),
    },
    {
      source: `${PROFILES} [Update collect_shipping_details_from_wallet_connector to true …]`,
      name: "as sent (the spec's update sets all four collect switches false, despite its title): (context 1) -> Update -> Create Payment Intent -> payment_methods-call-test: both false",
      run: replay(async (cy) => {
        await contextOne(cy);
        await cy.updateBusinessProfile(true, false, false, false, false);
        await payAndList(cy);
      }),
    },
    {
      source: `${PROFILES} [Update always_collect_billing_details_from_wallet_connector to true …]`,
      name: 'as sent: (context 1) -> Update (agnostic, always collect billing) -> Create Payment Intent -> payment_methods-call-test: billing true, shipping false',
      run: replay(async (cy) => {
        await contextOne(cy);
        await cy.updateBusinessProfile(true, false, false, true, false);
        await payAndList(cy);
      }),
    },
    {
      source: `${PROFILES} [Update always_collect_shipping_details_from_wallet_connector to true …]`,
      name: 'as sent: (context 1) -> Update (agnostic, always collect shipping) -> Create Payment Intent -> payment_methods-call-test: billing false, shipping true',
      run: replay(async (cy) => {
        await contextOne(cy);
        await cy.updateBusinessProfile(true, false, false, false, true);
        await payAndList(cy);
      }),
    },
    {
      source: `${PROFILES} [Update always_collect_shipping_details_from_wallet_connector & collect_shipping_details_from_wallet_connector to true …]`,
      name: 'as sent: (context 1) -> Update (agnostic, collect and always collect shipping) -> Create Payment Intent -> payment_methods-call-test: billing false, shipping true',
      run: replay(async (cy) => {
        await contextOne(cy);
        await cy.updateBusinessProfile(true, false, true, false, true);
        await payAndList(cy);
      }),
    },
    {
      source: `${PROFILES} [Update always_collect_billing_details_from_wallet_connector & to collect_billing_details_from_wallet_connector to true …]`,
      name: 'as sent: (context 1) -> Update (agnostic, collect and always collect billing) -> Create Payment Intent -> payment_methods-call-test: billing true, shipping false',
      run: replay(async (cy) => {
        await contextOne(cy);
        await cy.updateBusinessProfile(true, true, false, true, false);
        await payAndList(cy);
      }),
    },
    {
      source: `${PROFILES} [Update all config(Collect address config) to false …]`,
      name: 'as sent: Create Business Profile -> (connector-create skipped) -> Create Customer -> Update all config to false -> Create Payment Intent -> payment_methods-call-test: both false',
      run: replay(async (cy) => {
        await cy.createBusinessProfile();
        await cy.createCustomer();
        await cy.updateBusinessProfile(true, false, false, false, false);
        await payAndList(cy);
      }),
    },
    {
      source: `${PROFILES} [Outgoing Webhook Custom HTTP Headers]`,
      name: 'as sent: Create Business Profile (webhookProfile) -> custom webhook headers answered masked -> new headers answered masked, the old ones gone -> cleared with {}',
      run: replay(async (cy) => {
        await cy.createBusinessProfile('webhookProfile');
        await cy.updateWebhookCustomHeaders({ 'X-Custom-Header': 'long-custom-value-six-chars', 'X-Short': 'secret', 'X-Tiny': 'xy' }, 'webhookProfile');
        await cy.updateWebhookCustomHeaders({ 'X-Updated-Header': 'updated-secret-value-long', 'X-Another-Header': 'another-long-value-string' }, 'webhookProfile', cy.previousHeaderKeys);
        await cy.updateWebhookCustomHeaders({}, 'webhookProfile');
      }),
    },
  ];
}

// ---- e2e/spec/Payment/47-PollConfig.cy.js@d1688907 ------------------------------------------------------------
//
// Stripe is on its POLL_CONFIG list. A 3-D Secure confirm asks for the customer (a redirect), no poll
// is started for it (upstream starts one only for external 3-D Secure authentication), and the poll
// routes answer 404 for any id with the publishable key, 401 with the merchant's API key.

const POLL = `${SPEC}/47-PollConfig.cy.js@${COMMIT}`;

function pollConfigFlows(): UpstreamCase[] {
  return [
    {
      source: `${POLL} [3DS payment confirm triggers polling state]`,
      name: 'as sent: create payment intent (three_ds) -> confirm 3DS payment (PollConfig card) -> verify poll config: next_action redirect URL exists',
      run: replay(async (cy) => {
        await cy.createPaymentIntent(card_pm.PaymentIntent, 'three_ds', 'automatic');
        await cy.confirm(card_pm.PollConfig);
        assert.ok(cy.redirection !== undefined && cy.redirection !== '', 'next_action redirect URL');
      }),
    },
    {
      source: `${POLL} [Poll endpoint with constructed poll_id returns 404 when poll_id not in Redis]`,
      name: 'as sent: create payment intent (three_ds) -> confirm 3DS -> poll external_authentication_{payment_id} (publishable key): 404 HE_02',
      run: replay(async (cy) => {
        await cy.createPaymentIntent(card_pm.PaymentIntent, 'three_ds', 'automatic');
        await cy.confirm(card_pm.PollConfig);
        await cy.pollStatus(`external_authentication_${cy.payment}`, card_pm.PollConfigNotFound, true);
      }),
    },
    {
      source: `${POLL} [Poll endpoint with invalid poll_id] poll with invalid poll_id and publishable key returns 404`,
      name: 'as sent: poll test_poll_invalid (publishable key): 404 HE_02 Poll does not exist in our records',
      run: replay(async (cy) => {
        await cy.pollStatus('test_poll_invalid', card_pm.PollConfigInvalidPollId, true);
      }),
    },
    {
      source: `${POLL} [Poll endpoint with invalid poll_id] poll with invalid poll_id and merchant api key returns 401`,
      name: "as sent: poll test_poll_invalid (the merchant's API key): 401 IR_01",
      run: replay(async (cy) => {
        await cy.pollStatus('test_poll_invalid', card_pm.PollConfigUnauthorized, false);
      }),
    },
    {
      source: `${POLL} [Non-3DS payment does not trigger polling state]`,
      name: 'as sent: create payment intent (no_three_ds) -> confirm non-3DS payment: succeeded, attempt_count 1',
      run: replay(async (cy) => {
        await cy.createPaymentIntent(card_pm.PaymentIntent, 'no_three_ds', 'automatic');
        await cy.confirm(card_pm.No3DSAutoCapture);
      }),
    },
    {
      source: `${POLL} [Force sync retrieves 3DS payment status]`,
      name: 'as sent: create payment intent (three_ds) -> confirm 3DS -> force sync: requires_customer_action, its connector and payment method',
      run: replay(async (cy) => {
        await cy.createPaymentIntent(card_pm.PaymentIntent, 'three_ds', 'automatic');
        await cy.confirm(card_pm.PollConfig);
        const payment = await cy.retrieve();
        // where the confirm left it (the command checks no status; a challenge not answered)
        assert.equal(payment.status, 'requires_customer_action');
      }),
    },
  ];
}

// ---- e2e/spec/Payment/54-RefundType.cy.js@d1688907 ------------------------------------------------------------
//
// Stripe is on its REFUND_TYPE list. RefundInstant and RefundScheduled are Commons.js's (a full
// refund of the 6000 paid, `refund_type` instant or scheduled), SyncRefund and SyncRefundScheduled
// Stripe.js's; neither declares a `ResponseCustom`, so the spec's `ResponseCustom || Response` is the Response.

const REFUND_TYPE = `${SPEC}/54-RefundType.cy.js@${COMMIT}`;


function refundTypeFlows(): UpstreamCase[] {
  const intentConfirmRetrieve = async (cy: Flow) => {
    await cy.createPaymentIntent(card_pm.PaymentIntent, 'no_three_ds', 'automatic');
    await cy.paymentMethodsCall();
    await cy.confirm(card_pm.No3DSAutoCapture);
    await cy.retrieve();
  };
  const createConfirmRetrieve = async (cy: Flow) => {
    await cy.createConfirm(card_pm.No3DSAutoCapture, 'no_three_ds', 'automatic');
    await cy.retrieve();
  };
  return [
    {
      source: `${REFUND_TYPE} [Card - Instant Refund Type flow test for No-3DS]`,
      name: 'as sent: Create Payment Intent -> Payment Methods Call -> Confirm Payment Intent -> Retrieve Payment -> Refund with Instant Type: succeeded -> Sync Refund: succeeded',
      run: replay(async (cy) => {
        await intentConfirmRetrieve(cy);
        await cy.refund(card_pm.RefundInstant);
        await cy.syncRefund(card_pm.SyncRefund);
      }),
    },
    {
      source: `${REFUND_TYPE} [Card - Scheduled Refund Type flow test for No-3DS]`,
      name: 'as sent: Create Payment Intent -> Payment Methods Call -> Confirm Payment Intent -> Retrieve Payment -> Refund with Scheduled Type: pending -> Sync Refund: pending',
      run: replay(async (cy) => {
        await intentConfirmRetrieve(cy);
        await cy.refund(card_pm.RefundScheduled);
        await cy.syncRefund(card_pm.SyncRefundScheduled);
      }),
    },
    {
      source: `${REFUND_TYPE} [Card - Instant Refund Type flow test Create+Confirm for No-3DS]`,
      name: 'as sent: Create and Confirm Payment -> Retrieve Payment -> Refund with Instant Type: succeeded -> Sync Refund: succeeded',
      run: replay(async (cy) => {
        await createConfirmRetrieve(cy);
        await cy.refund(card_pm.RefundInstant);
        await cy.syncRefund(card_pm.SyncRefund);
      }),
    },
    {
      source: `${REFUND_TYPE} [Card - Scheduled Refund Type flow test Create+Confirm for No-3DS]`,
      name: 'as sent: Create and Confirm Payment -> Retrieve Payment -> Refund with Scheduled Type: pending -> Sync Refund: pending',
      run: replay(async (cy) => {
        await createConfirmRetrieve(cy);
        await cy.refund(card_pm.RefundScheduled);
        await cy.syncRefund(card_pm.SyncRefundScheduled);
      }),
    },
  ];
}

// ---- e2e/spec/Payment/52-OrderDetails.cy.js@d1688907 ----------------------------------------------------------
//
// Stripe is on its ORDER_DETAILS list; the three entries are Commons.js's, with Commons' card.

const ORDER = `${SPEC}/52-OrderDetails.cy.js@${COMMIT}`;


function orderDetailsFlows(): UpstreamCase[] {
  return [
    {
      source: `${ORDER} [Create and confirm payment with single order_details item]`,
      name: 'as sent: Create and Confirm Payment with order_details (one item): succeeded -> Retrieve Payment',
      run: replay(async (cy) => {
        await cy.createConfirm(card_pm.OrderDetails, 'no_three_ds', 'automatic');
        await cy.retrieve();
      }),
    },
    {
      source: `${ORDER} [Create and confirm payment with multiple order_details items]`,
      name: 'as sent: Create and Confirm Payment with order_details (two items): succeeded -> Retrieve Payment',
      run: replay(async (cy) => {
        await cy.createConfirm(card_pm.OrderDetailsMultipleItems, 'no_three_ds', 'automatic');
        await cy.retrieve();
      }),
    },
    {
      source: `${ORDER} [Create and confirm payment with missing required order_details field]`,
      name: 'as sent: Create and Confirm Payment with an order_details item without product_name: 400 IR_06 (error_type invalid_request)',
      run: replay(async (cy) => {
        await cy.createConfirm(card_pm.OrderDetailsMissingProductName, 'no_three_ds', 'automatic');
      }),
    },
  ];
}

// ---- e2e/spec/Payment/43-BillingDescriptor.cy.js@d1688907 -----------------------------------------------------
//
// Stripe is on its BILLING_DESCRIPTOR list, so its first context runs; the second ("invalid billing descriptor",
// the phone's length) runs only for BILLING_DESCRIPTOR_INVALID_PHONE (nuvei) and skips itself for Stripe.

const DESCRIPTOR = `${SPEC}/43-BillingDescriptor.cy.js@${COMMIT}`;

function billingDescriptorFlows(): UpstreamCase[] {
  return [
    {
      source: `${DESCRIPTOR} [Card-NoThreeDS payment with billing descriptor]`,
      name: 'as sent: Create Payment Intent with billing descriptor -> Payment Methods -> Confirm Payment -> Retrieve Payment (beyond the commands: the descriptor answered as created)',
      run: replay(async (cy) => {
        await cy.createPaymentIntent(card_pm.PaymentIntentWithBillingDescriptor, 'no_three_ds', 'automatic');
        await cy.paymentMethodsCall();
        await cy.confirm(card_pm.PaymentConfirmWithBillingDescriptor);
        const payment = await cy.retrieve();
        // not asserted by upstream's commands: its PaymentsResponse answers the descriptor, every member of BillingDescriptor
        assert.deepEqual(payment.billing_descriptor, {
          name: null,
          city: null,
          phone: null,
          statement_descriptor: 'QA-BillingDesc',
          statement_descriptor_suffix: 'SUFFIX1',
          reference: null,
        });
      }),
    },
  ];
}

export const UPSTREAM_NEWER_FLOWS: UpstreamCase[] = [...profileConfigFlows(), ...pollConfigFlows(), ...refundTypeFlows(), ...orderDetailsFlows(), ...billingDescriptorFlows()];
