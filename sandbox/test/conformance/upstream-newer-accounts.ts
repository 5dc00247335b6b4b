/**
 * Newer specs of the real service's Cypress suite that set a run up — its merchant, API key and
 * customer — replayed with their requests **as sent** and their commands' assertions, the way
 * upstream-newer.ts replays 28/47/54/52. Everything is juspay/hyperswitch as a fork holds it at
 * commit d1688907 (June 2026), under `cypress-tests/cypress/`:
 *
 * - the specs `e2e/spec/Payment/00-CoreFlows.cy.js` (its merchant, API-key, customer,
 *   session-expiry, feature-matrix and payment-method collect link contexts; its connector-account contexts and "Delete calls" are
 *   upstream-newer-connector-accounts.ts's), `01-AccountCreate.cy.js` and `02-CustomerCreate.cy.js`
 *   (each flow's `source` names its file, `context` and `it`);
 * - the commands of `support/commands.js`@d1688907: `merchantCreateCallTest`, `merchantRetrieveCall`,
 *   `merchantUpdateCall`, `apiKeyCreateTest`, `apiKeyUpdateCall`, `apiKeyRetrieveCall`,
 *   `apiKeyListCall`, `apiKeyDeleteCall`, `createCustomerCallTest`, `customerListCall`,
 *   `customerRetrieveCall`, `customerUpdateCall`, `customerDeleteCall`, `UpdateBusinessProfileTest`,
 *   `createRolloutConfig`, `ListConnectorsFeatureMatrixCall`, `paymentMethodCollectLinkCreate`, `paymentMethodCollectLinkRender`
 *   (with pm-collect-link-body.json and Commons.js's `pm_collect_link` config); `createPaymentIntentTest` and `confirmCallTest` are upstream-newer-flow.ts's `Flow`;
 * - the fixtures of `fixtures/`@d1688907: merchant-create-body.json and confirm-body.json are
 *   upstream-newer-fixtures.ts's, create-customer-body.json and create-payment-body.json upstream-fixtures.ts's
 *   (unchanged since); merchant-update-body.json, create-api-key-body.json, update-api-key-body.json and
 *   update-customer-body.json are below;
 * - the connector config `getConnectorDetails("stripe")`@d1688907: Stripe.js's `PaymentIntent`
 *   (upstream-newer.ts's `card_pm`), and Commons.js's `SessionExpiredConfirmPayment` and
 *   `PaymentIntentWithSessionExpiry`, which Stripe.js does not declare (mergeConnectorDetails).
 *
 * `globalState.baseUrl` is taken to be upstream's sandbox environment (`https://sandbox.hyperswitch.io`),
 * which this sandbox stands in for: RequestBodyUtils.validateEnv@d1688907 then makes apiKeyCreateTest
 * expect a `key_id` with `snd_` (its `hyperswitch` entry) and apiKeyListCall does too (a `sandbox` URL).
 *
 * A Cypress run carries one `globalState` through its `context`s: the merchant of "Merchant core
 * flows", the API key of "API key core flows", the customer of "Customer core flows". Each flow here
 * runs on a merchant of its own, so a context's flow first replays the earlier contexts' steps it needs
 * (marked "(context N)"), as upstream sends them. The session-expiry context's payments need none of
 * the connector-account context before it (its confirm is refused for the expired client secret),
 * so that context is not replayed before it. `cy.request` without `failOnStatusCode: false`
 * (apiKeyListCall) fails on a status outside 2xx/3xx, and a command that asserts nothing but the answer
 * (createCustomerCallTest on a status other than 200 and 400) fails here when the replay cannot tell.
 *
 * Not replayed here:
 * - 01-AccountCreate "create-shadow-config-if-shadow-mode-enabled" (createRolloutConfig): sends nothing
 *   unless `globalState.ucsEnabled` is set, which a Stripe run without UCS does not (createUcsConfigs);
 *   with it, `POST /configs/` (kept by the sandbox, not read);
 * - 34-CustomerListTests.cy.js@d1688907 as a whole: it is 00033-CustomerListTests.cy.js@5e54cdc5 renamed,
 *   unchanged (`git diff -M` 0 lines), and customerListWithCountCallTest is the same at both commits;
 *   upstream-customers.test.ts replays it.
 */
import assert from 'node:assert/strict';
import type { ApiResponse, TestSandbox } from '../helpers.js';
import type { UpstreamCase } from './upstream-cases.js';
import { createPaymentBody, customerCreateBody, ok, refused, type Body, type Exchange } from './upstream-fixtures.js';
import { card_pm, commonsNo3DSCard } from './upstream-newer.js';
import { COMMIT, confirmBody, merchantCreateBody, randomString, SPEC } from './upstream-newer-fixtures.js';
import { Flow } from './upstream-newer-flow.js';

// ---- the fixtures at d1688907 that upstream-fixtures.ts and upstream-newer-fixtures.ts do not have -------

/** merchant-update-body.json@d1688907 (merchantUpdateCall replaces its merchant_id). */
const merchantUpdateBody = (): Body => ({
  merchant_id: 'merchant_id',
  merchant_name: 'NewAge Retailer',
  locker_id: 'm0010',
  merchant_details: {
    primary_contact_person: 'joseph Test',
    primary_email: 'josephTest@test.com',
    primary_phone: 'veniam aute officia ullamco esse',
    secondary_contact_person: 'joseph Test2',
    secondary_email: 'josephTest2@test.com',
    secondary_phone: 'proident adipisicing officia nulla',
    website: 'www.example.com',
    about_business: 'Online Retail with a wide selection of organic products for North America',
    address: { line1: '1467', line2: 'Harrison Street', line3: 'Harrison Street', city: 'San Fransico', state: 'California', zip: '94122', country: 'US' },
  },
  return_url: 'https://example.com',
  webhook_details: { webhook_version: '1.0.1', webhook_username: 'ekart_retail', webhook_password: 'password_ekart@123', payment_created_enabled: true, payment_succeeded_enabled: true, payment_failed_enabled: true },
  sub_merchants_enabled: false,
  parent_merchant_id: 'xkkdf909012sdjki2dkh5sdf',
  metadata: { city: 'NY', unit: '245' },
});

/** create-api-key-body.json@d1688907 (apiKeyCreateTest replaces its expiration with tomorrow). */
const apiKeyCreateBody = (): Body => ({ name: 'API Key 1', description: null, expiration: '2069-09-23T01:02:03.000Z' });
/** update-api-key-body.json@d1688907 (apiKeyUpdateCall replaces its expiration with tomorrow). */
const apiKeyUpdateBody = (): Body => ({ name: 'Updated API Key', description: 'My very awesome API key', expiration: null });
/** update-customer-body.json@d1688907 */
const customerUpdateBody = (): Body => ({ email: 'JohnTest@test.com', name: 'John Test', phone_country_code: '+65', phone: '888888888', description: 'First customer', metadata: { city: 'NY', unit: '245' } });

/** RequestBodyUtils.isoTimeTomorrow */
const isoTimeTomorrow = (): string => {
  const tomorrow = new Date();
  tomorrow.setDate(tomorrow.getDate() + 1);
  return tomorrow.toISOString();
};

/** validateEnv(baseUrl, "key_id") and apiKeyListCall's prefix for upstream's sandbox environment. */
const KEY_ID_PREFIX = 'snd_';

// ---- the connector config: Commons.js@d1688907 entries Stripe.js does not declare ---------------------------

const commons = {
  /** Commons.js `SessionExpiredConfirmPayment` */
  SessionExpiredConfirmPayment: {
    Request: { payment_method: 'card', payment_method_data: { card: commonsNo3DSCard }, customer_acceptance: null, setup_future_usage: 'on_session' },
    Response: refused(400, { type: 'invalid_request', message: 'The provided client_secret has expired', code: 'IR_08' }),
  },
  /** Commons.js `PaymentIntentWithSessionExpiry` */
  PaymentIntentWithSessionExpiry: {
    Request: { currency: 'USD', session_expiry: 60 },
    Response: ok({ status: 'requires_payment_method' }),
  },
} satisfies Record<string, Exchange>;

// ---- the commands ---------------------------------------------------------------------------------------------

/** chai's `.not.be.empty`: a string or array with an element, an object with an own member. */
const notEmpty = (value: unknown): boolean =>
  typeof value === 'string' || Array.isArray(value) ? value.length > 0 : typeof value === 'object' && value !== null && Object.keys(value).length > 0;

const isJson = (response: ApiResponse, step: string): void => assert.match(response.headers.get('content-type') ?? '', /application\/json/, `${step}: content-type`);

/** The commands of the admin, API-key and customer steps, beside upstream-newer-flow.ts's payment commands. */
export class AccountFlow extends Flow {
  private organizationId: unknown;
  private merchantDetails: unknown;
  private apiKeyId = '';
  /** globalState's `pmCollectId`. */
  private collectLinkId = '';

  /** `cy.request` with the command's headers: `api-key`, `Content-Type` (set with a body by the client), and `Accept` where the command sends it. */
  private send(method: string, path: string, options: { key: string; body?: Body; accept?: boolean }): Promise<ApiResponse> {
    const headers: Record<string, string> = options.accept ? { Accept: 'application/json' } : {};
    if (options.body === undefined) headers['Content-Type'] = 'application/json';
    return this.sandbox.request(method, path, { key: options.key, headers, ...(options.body === undefined ? {} : { body: options.body }) });
  }

  private get admin(): string {
    return this.sandbox.adminKey;
  }

  /**
   * merchantCreateCallTest (the admin key): merchant-create-body.json with a `cyMerchant_…` id; 200 and
   * product_type orchestration (its defaults).
   */
  async merchantCreate(): Promise<void> {
    const step = 'merchantCreateCallTest';
    const merchantId = randomString('cyMerchant');
    const response = await this.send('POST', '/accounts', { key: this.admin, accept: true, body: { ...merchantCreateBody(), merchant_id: merchantId } });
    assert.equal(response.status, 200, `${step}: status (${response.text.slice(0, 400)})`);
    assert.equal(response.body.product_type, 'orchestration', `${step}: product_type`);
    this.merchantId = merchantId;
    this.profiles.set('profile', String(response.body.default_profile));
    this.publishableKey = String(response.body.publishable_key);
    this.merchantDetails = response.body.merchant_details;
    this.organizationId = response.body.organization_id;
  }

  /** merchantRetrieveCall (the admin key) */
  async merchantRetrieve(): Promise<void> {
    const step = 'merchantRetrieveCall';
    const response = await this.send('GET', `/accounts/${this.merchantId}`, { key: this.admin, accept: true });
    isJson(response, step);
    assert.equal(response.body.merchant_id, this.merchantId, `${step}: merchant_id`);
    // chai's `.to.not.be.null`, read as present (the real service answers each)
    for (const member of ['payment_response_hash_key', 'publishable_key', 'default_profile', 'organization_id'] as const) assert.ok(response.body[member] != null, `${step}: ${member}`);
    this.organizationId = response.body.organization_id;
  }

  /**
   * merchantListCall (the admin key): `GET /accounts/list?organization_id=` the merchant's
   * organization; JSON, each account with a merchant_id, organization_id and default_profile. Beyond
   * the command: the merchant is listed.
   */
  async merchantList(): Promise<void> {
    const step = 'merchantListCall';
    const response = await this.send('GET', `/accounts/list?organization_id=${String(this.organizationId)}`, { key: this.admin, accept: true });
    isJson(response, step);
    const accounts = response.body as unknown as Body[];
    for (const account of accounts) for (const member of ['merchant_id', 'organization_id', 'default_profile']) assert.ok(account[member], `${step}: ${member}`);
    assert.ok(accounts.some((account) => account.merchant_id === this.merchantId), `${step}: the merchant listed`);
  }

  /** merchantDeleteCall (the admin key): the merchant, deleted. */
  async merchantDelete(): Promise<void> {
    const step = 'merchantDeleteCall';
    const response = await this.send('DELETE', `/accounts/${this.merchantId}`, { key: this.admin, accept: true });
    assert.equal(response.body.merchant_id, this.merchantId, `${step}: merchant_id (${response.text.slice(0, 400)})`);
    assert.equal(response.body.deleted, true, `${step}: deleted`);
  }

  /**
   * merchantUpdateCall (the admin key): merchant-update-body.json with the merchant's id; the same
   * merchant, publishable key and organization. Its `merchant_details` `to.not.equal` compares object
   * identity, which no parsed answer shares; read as meant: not the details the create answered.
   */
  async merchantUpdate(): Promise<void> {
    const step = 'merchantUpdateCall';
    const response = await this.send('POST', `/accounts/${this.merchantId}`, { key: this.admin, accept: true, body: { ...merchantUpdateBody(), merchant_id: this.merchantId } });
    isJson(response, step);
    assert.equal(response.body.merchant_id, this.merchantId, `${step}: merchant_id (${response.text.slice(0, 400)})`);
    assert.equal(response.body.publishable_key, this.publishableKey, `${step}: publishable_key`);
    assert.equal(response.body.organization_id, this.organizationId, `${step}: organization_id`);
    assert.notDeepEqual(response.body.merchant_details, this.merchantDetails, `${step}: merchant_details`);
  }

  /** apiKeyCreateTest (the admin key): create-api-key-body.json expiring tomorrow; the key becomes the flow's `apiKey`. */
  async apiKeyCreate(): Promise<void> {
    const step = 'apiKeyCreateTest';
    const body: Body = { ...apiKeyCreateBody(), expiration: isoTimeTomorrow() };
    const response = await this.send('POST', `/api_keys/${this.merchantId}`, { key: this.admin, accept: true, body });
    assert.equal(response.status, 200, `${step}: API Key create call failed ${response.text.slice(0, 400)}`);
    assert.equal(response.body.merchant_id, this.merchantId, `${step}: merchant_id`);
    assert.equal(response.body.description, body.description, `${step}: description`);
    assert.ok(typeof response.body.key_id === 'string' && response.body.key_id.includes(KEY_ID_PREFIX), `${step}: key_id includes ${KEY_ID_PREFIX}`);
    this.apiKeyId = response.body.key_id;
    this.apiKey = String(response.body.api_key);
  }

  /** apiKeyUpdateCall (the admin key): update-api-key-body.json expiring tomorrow. */
  async apiKeyUpdate(): Promise<void> {
    const step = 'apiKeyUpdateCall';
    const response = await this.send('POST', `/api_keys/${this.merchantId}/${this.apiKeyId}`, { key: this.admin, accept: true, body: { ...apiKeyUpdateBody(), expiration: isoTimeTomorrow() } });
    assert.equal(response.status, 200, `${step}: ${response.text.slice(0, 400)}`);
    assert.deepEqual([response.body.name, response.body.merchant_id, response.body.key_id], ['Updated API Key', this.merchantId, this.apiKeyId], `${step}: name, merchant_id, key_id`);
  }

  /** apiKeyRetrieveCall (the admin key) */
  async apiKeyRetrieve(): Promise<void> {
    const step = 'apiKeyRetrieveCall';
    const response = await this.send('GET', `/api_keys/${this.merchantId}/${this.apiKeyId}`, { key: this.admin, accept: true });
    isJson(response, step);
    assert.deepEqual([response.body.name, response.body.key_id, response.body.merchant_id], ['Updated API Key', this.apiKeyId, this.merchantId], `${step}: name, key_id, merchant_id`);
  }

  /** apiKeyListCall (the admin key): a non-empty array of the merchant's keys, each named, with a `snd_` key_id. */
  async apiKeyList(): Promise<void> {
    const step = 'apiKeyListCall';
    const response = await this.send('GET', `/api_keys/${this.merchantId}/list`, { key: this.admin, accept: true });
    assert.ok(response.status >= 200 && response.status < 400, `${step}: status (${response.text.slice(0, 400)})`);
    isJson(response, step);
    assert.ok(Array.isArray(response.body) && response.body.length > 0, `${step}: a non-empty array`);
    for (const key of response.body as unknown as Body[]) {
      assert.ok(notEmpty(key.name), `${step}: name`);
      assert.ok(typeof key.key_id === 'string' && key.key_id.includes(KEY_ID_PREFIX), `${step}: key_id includes ${KEY_ID_PREFIX}`);
      assert.equal(key.merchant_id, this.merchantId, `${step}: merchant_id`);
    }
  }

  /** apiKeyDeleteCall (the admin key) */
  async apiKeyDelete(): Promise<void> {
    const step = 'apiKeyDeleteCall';
    const response = await this.send('DELETE', `/api_keys/${this.merchantId}/${this.apiKeyId}`, { key: this.admin, accept: true });
    isJson(response, step);
    assert.deepEqual([response.body.merchant_id, response.body.key_id, response.body.revoked], [this.merchantId, this.apiKeyId, true], `${step}: merchant_id, key_id, revoked (${response.text.slice(0, 400)})`);
  }

  /** createCustomerCallTest (the API key, no Accept): the customer's id, and what was sent echoed; a 400 "already exists" is IR_12. */
  async customerCreate(): Promise<void> {
    const step = 'createCustomerCallTest';
    const body = customerCreateBody();
    const response = await this.send('POST', '/customers', { key: this.apiKey, body });
    if (response.status === 400) {
      const error = response.body.error as Body;
      assert.ok(String(error.message).includes('already exists'), `${step}: ${response.text}`);
      assert.deepEqual([error.code, error.message], ['IR_12', 'Customer with the given `customer_id` already exists'], `${step}: error`);
      return;
    }
    assert.equal(response.status, 200, `${step}: ${response.text.slice(0, 400)}`);
    this.customerId = String(response.body.customer_id);
    assert.ok(notEmpty(response.body.customer_id), `${step}: customer_id`);
    for (const member of ['email', 'name', 'phone', 'phone_country_code'] as const) assert.equal(body[member], response.body[member], `${step}: ${member}`);
    for (const member of ['metadata', 'address'] as const) assert.deepEqual(body[member], response.body[member], `${step}: ${member}`);
  }

  /** customerListCall (the old `GET /customers/list`): each entry not empty. */
  async customerList(): Promise<void> {
    const response = await this.send('GET', '/customers/list', { key: this.apiKey });
    for (const [key, value] of Object.entries(response.body)) assert.ok(notEmpty(value), `customerListCall: body[${key}] not empty (${response.text.slice(0, 300)})`);
  }

  /** customerRetrieveCall (expectedStatus 200) */
  async customerRetrieve(): Promise<void> {
    const step = 'customerRetrieveCall';
    const response = await this.send('GET', `/customers/${this.customerId}`, { key: this.apiKey });
    assert.equal(response.status, 200, `${step}: ${response.text.slice(0, 400)}`);
    assert.ok(response.body.customer_id === this.customerId && notEmpty(this.customerId), `${step}: customer_id`);
  }

  /** customerUpdateCall: update-customer-body.json; the same customer. */
  async customerUpdate(): Promise<void> {
    const response = await this.send('POST', `/customers/${this.customerId}`, { key: this.apiKey, body: customerUpdateBody() });
    assert.equal(response.body.customer_id, this.customerId, `customerUpdateCall: customer_id (${response.text.slice(0, 400)})`);
  }

  /** ephemeralGenerateCall (the merchant's key): `POST /ephemeral_keys` with the customer; its customer and merchant, an id and a secret. */
  async ephemeralGenerate(): Promise<void> {
    const step = 'ephemeralGenerateCall';
    const response = await this.sandbox.request('POST', '/ephemeral_keys', { key: this.apiKey, body: { customer_id: this.customerId } });
    assert.equal(response.body.customer_id, this.customerId, `${step}: customer_id (${response.text.slice(0, 400)})`);
    assert.equal(response.body.merchant_id, this.merchantId, `${step}: merchant_id`);
    assert.ok(notEmpty(response.body.id), `${step}: id`);
    assert.ok(notEmpty(response.body.secret), `${step}: secret`);
  }

  /**
   * paymentMethodCollectLinkCreate (the API key, Content-Type JSON): pm-collect-link-body.json with
   * the config's `Request` (Commons.js `pm_collect_link.pmCollectLinkCreate`: its return_url) and the
   * customer; a 200 has a `pm_collect_link_id`, a `link` and the `customer_id`, which globalState keeps
   * (`pmCollectId`). Beyond the command (which checks nothing else), the 200 it is configured with.
   */
  async collectLinkCreate(): Promise<void> {
    const step = 'paymentMethodCollectLinkCreate';
    const fixture = { customer_id: '', return_url: 'https://example.com/return' };
    const request = { return_url: 'https://example.com/return' };
    const body = { ...fixture, ...request, customer_id: this.customerId };
    const response = await this.sandbox.request('POST', '/payment_methods/collect', { key: this.apiKey, body });
    assert.match(response.headers.get('content-type') ?? '', /application\/json/, `${step}: content-type`);
    assert.equal(response.status, 200, `${step}: status (${response.text.slice(0, 300)})`);
    for (const member of ['pm_collect_link_id', 'link', 'customer_id'] as const) assert.ok(notEmpty(response.body[member]), `${step}: ${member}`);
    this.collectLinkId = String(response.body.pm_collect_link_id);
  }

  /**
   * paymentMethodCollectLinkRender (no key, Content-Type JSON): `GET /payment_methods/collect/{merchantId}/{pmCollectId}`;
   * a 200 is `text/html` with a string body; a 400 or 404 has each member of the expected body.
   * Beyond the command, the status it is configured with (`expected`'s).
   */
  async collectLinkRender(expected: { status: number; body?: Body }, linkId = this.collectLinkId): Promise<void> {
    const step = 'paymentMethodCollectLinkRender';
    const response = await this.sandbox.request('GET', `/payment_methods/collect/${this.merchantId}/${linkId}`, { key: null, headers: { 'Content-Type': 'application/json' } });
    assert.equal(response.status, expected.status, `${step}: status (${response.text.slice(0, 300)})`);
    if (response.status === 200) {
      assert.match(response.headers.get('content-type') ?? '', /text\/html/, `${step}: content-type`);
      assert.equal(typeof response.body, 'string', `${step}: a string body`);
    } else if (expected.body) {
      for (const [member, value] of Object.entries(expected.body)) assert.deepEqual(response.body[member], value, `${step}: ${member}`);
    }
  }

  /**
   * ListConnectorsFeatureMatrixCall (no key, Accept JSON; `cy.request` fails on a status outside
   * 2xx/3xx): `connectors`, a non-empty array, each with a non-empty description, category and
   * integration_status.
   */
  async featureMatrix(): Promise<void> {
    const step = 'ListConnectorsFeatureMatrixCall';
    const response = await this.sandbox.request('GET', '/feature_matrix', { key: null, headers: { Accept: 'application/json' } });
    assert.ok(response.status >= 200 && response.status < 400, `${step}: status (${response.text.slice(0, 300)})`);
    const connectors = response.body.connectors as Body[] | undefined;
    assert.ok(Array.isArray(connectors) && connectors.length > 0, `${step}: connectors, a non-empty array`);
    for (const item of connectors) for (const member of ['description', 'category', 'integration_status'] as const) assert.ok(notEmpty(item[member]), `${step}: ${member}`);
  }

  /** customerDeleteCall: the customer, its address and its payment methods deleted. */
  async customerDelete(): Promise<void> {
    const step = 'customerDeleteCall';
    const response = await this.send('DELETE', `/customers/${this.customerId}`, { key: this.apiKey });
    const b = response.body;
    assert.ok(b.customer_id === this.customerId && notEmpty(b.customer_id), `${step}: customer_id (${response.text.slice(0, 400)})`);
    assert.deepEqual([b.customer_deleted, b.address_deleted, b.payment_methods_deleted], [true, true, true], `${step}: customer_deleted, address_deleted, payment_methods_deleted`);
  }

  /**
   * UpdateBusinessProfileTest (the API key) with the spec's body and its five switches, to `profileId`
   * (the merchant's default profile); a 200 keeps what the answer says of the collect switches.
   */
  async updateProfileWith(body: Body, agnostic: boolean, billing: boolean, shipping: boolean, alwaysBilling: boolean, alwaysShipping: boolean): Promise<void> {
    const sent = {
      ...body,
      is_connector_agnostic_mit_enabled: agnostic,
      collect_shipping_details_from_wallet_connector: shipping,
      collect_billing_details_from_wallet_connector: billing,
      always_collect_billing_details_from_wallet_connector: alwaysBilling,
      always_collect_shipping_details_from_wallet_connector: alwaysShipping,
    };
    const response = await this.send('POST', `/account/${this.merchantId}/business_profile/${this.profileId()}`, { key: this.apiKey, accept: true, body: sent });
    assert.equal(response.status, 200, `UpdateBusinessProfileTest: Business Profile Update Failed: ${response.text.slice(0, 400)}`);
    const b = response.body;
    this.collect = {
      billing: b.collect_billing_details_from_wallet_connector,
      shipping: b.collect_shipping_details_from_wallet_connector,
      alwaysBilling: b.always_collect_billing_details_from_wallet_connector,
      alwaysShipping: b.always_collect_shipping_details_from_wallet_connector,
    };
  }

  /** `cy.wait(ms)`: the sandbox's clock moved on by `ms`, in place of waiting for it. */
  wait(ms: number): void {
    this.sandbox.advanceClock(ms);
  }

  /** 01-AccountCreate's createRolloutConfig: nothing is sent without `globalState.ucsEnabled` (createUcsConfigs). */
  createRolloutConfig(): void {
    // a Stripe run without UCS: createUcsConfigs logs "UCS rollout config creation skipped" and returns
  }
}

/** The earlier contexts' steps a flow goes on from: "Merchant core flows"' create (1), "API key core flows"' create (2), "Customer core flows"' create (3). */
export async function upTo(cy: AccountFlow, context: 1 | 2 | 3): Promise<void> {
  await cy.merchantCreate();
  if (context >= 2) await cy.apiKeyCreate();
  if (context >= 3) await cy.customerCreate();
}

/** Runs `flow` on a merchant of its own; the spec's create-payment-body.json and confirm-body.json carry members from one call to the next. */
const replay = (flow: (cy: AccountFlow) => Promise<void>) => async (sandbox: TestSandbox) => {
  await flow(new AccountFlow(sandbox, { createPaymentBody: createPaymentBody(), confirmBody: confirmBody() }));
};

// ---- e2e/spec/Payment/00-CoreFlows.cy.js@d1688907 -------------------------------------------------------------

const CORE = `${SPEC}/00-CoreFlows.cy.js@${COMMIT}`;

function coreFlows(): UpstreamCase[] {
  return [
    {
      source: `${CORE} [Merchant core flows] merchant create call`,
      name: 'as sent: merchant create (admin key, merchant-create-body.json without product_type): 200, product_type orchestration',
      run: replay(async (cy) => {
        await cy.merchantCreate();
      }),
    },
    {
      source: `${CORE} [Merchant core flows] merchant retrieve call, merchant list call, merchant update call`,
      name: 'as sent: (merchant create call) -> retrieve -> list (GET /accounts/list of its organization) -> update (merchant-update-body.json): same merchant, publishable key and organization, new details',
      run: replay(async (cy) => {
        await cy.merchantCreate();
        await cy.merchantRetrieve();
        await cy.merchantList();
        await cy.merchantUpdate();
      }),
    },
    {
      source: `${CORE} [API key core flows] API key create call, API key update call, API key retrieve call, API key list call`,
      name: 'as sent: (context 1) -> API key create (expiring tomorrow, key_id snd_) -> update to "Updated API Key" -> retrieve -> list',
      run: replay(async (cy) => {
        await upTo(cy, 1);
        await cy.apiKeyCreate();
        await cy.apiKeyUpdate();
        await cy.apiKeyRetrieve();
        await cy.apiKeyList();
      }),
    },
    {
      source: `${CORE} [Customer core flows] Customer create call, Customer list call, Customer retrieve call, Customer update call, Ephemeral key generate call`,
      name: 'as sent: (contexts 1, 2) -> customer create -> old list, every entry not empty -> retrieve -> update (update-customer-body.json) -> ephemeral key: the customer\'s, an id and a secret',
      run: replay(async (cy) => {
        await upTo(cy, 2);
        await cy.customerCreate();
        await cy.customerList();
        await cy.customerRetrieve();
        await cy.customerUpdate();
        await cy.ephemeralGenerate();
      }),
    },
    {
      source: `${CORE} [Client Secret Session Expiry] Update business profile with session_expiry, Create payment - session expiry inherited from business profile, Confirm payment after session expiry - should fail with ClientSecretExpired`,
      name: "as sent: (contexts 1-3) -> profile update {session_expiry: 60}, all switches false -> payment intent (Stripe PaymentIntent) -> 65 s later (the sandbox's clock moved on, for cy.wait) -> confirm (Commons SessionExpiredConfirmPayment, publishable key): 400 IR_08 The provided client_secret has expired",
      run: replay(async (cy) => {
        await upTo(cy, 3);
        await cy.updateProfileWith({ session_expiry: 60 }, false, false, false, false, false);
        await cy.createPaymentIntent(card_pm.PaymentIntent, 'no_three_ds', 'automatic');
        cy.wait(65_000);
        await cy.confirm(commons.SessionExpiredConfirmPayment);
      }),
    },
    {
      source: `${CORE} [Client Secret Session Expiry] Create payment with session_expiry in request body`,
      name: 'as sent: (contexts 1-3, the context\'s profile update and first intent: the fixture carries setup_future_usage on_session) -> payment intent with session_expiry 60 (Commons PaymentIntentWithSessionExpiry): requires_payment_method',
      run: replay(async (cy) => {
        await upTo(cy, 3);
        await cy.updateProfileWith({ session_expiry: 60 }, false, false, false, false, false);
        await cy.createPaymentIntent(card_pm.PaymentIntent, 'no_three_ds', 'automatic');
        // the context's wait and refused confirm change nothing this step sends (confirm-body.json is not create-payment-body.json)
        await cy.createPaymentIntent(commons.PaymentIntentWithSessionExpiry, 'no_three_ds', 'automatic');
      }),
    },
    {
      source: `${CORE} [List Connector Feature Matrix] List connector feature matrix call`,
      name: 'as sent: GET /feature_matrix (no key): connectors, each with a description, category and integration_status',
      run: replay(async (cy) => {
        await cy.featureMatrix();
      }),
    },
    {
      source: `${CORE} [Payment Method Collect Link core flows] Payment method collect link create and render`,
      name: 'as sent: merchant create -> API key create -> customer create -> collect link create (pm-collect-link-body.json, return_url): an id, a link, the customer -> render: 200 text/html',
      run: replay(async (cy) => {
        await upTo(cy, 3);
        await cy.collectLinkCreate();
        await cy.collectLinkRender({ status: 200 });
      }),
    },
    {
      source: `${CORE} [Payment Method Collect Link core flows] Payment method collect link render with invalid id`,
      name: 'as sent: merchant create -> API key create -> render invalid_collect_id_12345: 404 IR_37 "payment method collect link not found"',
      run: replay(async (cy) => {
        await upTo(cy, 2);
        await cy.collectLinkRender({ status: 404, body: { error: { type: 'invalid_request', code: 'IR_37', message: 'payment method collect link not found' } } }, 'invalid_collect_id_12345');
      }),
    },
  ];
}

// ---- e2e/spec/Payment/01-AccountCreate.cy.js and 02-CustomerCreate.cy.js@d1688907 --------------------------

const ACCOUNT = `${SPEC}/01-AccountCreate.cy.js@${COMMIT}`;
const CUSTOMER = `${SPEC}/02-CustomerCreate.cy.js@${COMMIT}`;

function setupFlows(): UpstreamCase[] {
  return [
    {
      source: `${ACCOUNT} [Account Create flow test] merchant-create-call-test`,
      name: 'as sent: merchant create (admin key, merchant-create-body.json without product_type): 200, product_type orchestration',
      run: replay(async (cy) => {
        await cy.merchantCreate();
      }),
    },
    {
      source: `${ACCOUNT} [Account Create flow test] api-key-create-call-test, create-shadow-config-if-shadow-mode-enabled`,
      name: 'as sent: (merchant-create-call-test) -> API key create (key_id snd_) -> rollout config: nothing sent without ucsEnabled',
      run: replay(async (cy) => {
        await cy.merchantCreate();
        await cy.apiKeyCreate();
        cy.createRolloutConfig();
      }),
    },
    {
      source: `${CUSTOMER} [Customer Create flow test] customer-create-call-test`,
      name: "as sent: (01-AccountCreate's merchant and API key) -> customer create: its id, and what was sent echoed",
      run: replay(async (cy) => {
        await cy.merchantCreate();
        await cy.apiKeyCreate();
        await cy.customerCreate();
      }),
    },
  ];
}

export const UPSTREAM_NEWER_ACCOUNT_FLOWS: UpstreamCase[] = [...coreFlows(), ...setupFlows()];
