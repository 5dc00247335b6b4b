/**
 * The Cypress commands the upstream-newer*.ts replays share (juspay/hyperswitch at d1688907,
 * `cypress-tests/cypress/support/commands.js`), as `Flow`: one spec's `globalState` and its requests.
 * Each command names its upstream counterpart: `merchantCreateCallTest` (with an API key),
 * `createCustomerCallTest`, `createConnectorCallTest`, `createBusinessProfileTest`,
 * `UpdateBusinessProfileTest`, `updateBusinessProfileWebhookCustomHeadersTest`,
 * `createPaymentIntentTest`, `paymentMethodsCallTest`, `confirmCallTest`, `createConfirmPaymentTest`,
 * `retrievePaymentCallTest`, `refundCallTest`, `syncRefundCallTest`, `pollStatusCallTest`.
 *
 * A flow's setup is what the suite's first specs leave in globalState for the others: a merchant made
 * with merchant-create-body.json and its API key (01-AccountCreate; its default profile the
 * `profileId`), a customer (02-CustomerCreate), and a Stripe connector account on that profile
 * (03-ConnectorCreate's createConnectorCallTest: create-connector-body.json, Commons.js's
 * `payment_methods_enabled`, the stand-in credentials of upstream-newer-fixtures.ts) as
 * `merchantConnectorId`. Every payment of the profile goes to that account.
 *
 * The connector a payment answers is checked as the commands check it: `connector` equal to
 * getOriginalConnectorName(globalState's `connectorId`) — `stripe`, the run's CYPRESS_CONNECTOR — and
 * `merchant_connector_id` equal to the account createConnectorCallTest made (`merchantConnectorId`,
 * or the prefix a config's CONNECTOR_CREDENTIAL names). confirmCallTest, saveCardConfirmCallTest and
 * confirmWithSdkAuthTest first store the answer's connector as `connectorId` (updateConnectorState)
 * and then compare with it, which in a Stripe run against upstream is `stripe`: the replay compares
 * with `stripe`, as the run's value, so that the check can fail.
 */
import assert from 'node:assert/strict';
import type { ApiResponse, TestSandbox } from '../helpers.js';
import { checkCreatedIntent, createPaymentBody, customerCreateBody, expectAnswer, noErrorUnlessFailed, nonEmpty, refundBody, type Body, type Exchange } from './upstream-fixtures.js';
import {
  bpCreate,
  bpUpdate,
  confirmBody,
  CONNECTOR_AUTH,
  createConfirmPaymentBody,
  createConnectorBody,
  getOriginalConnectorName,
  merchantCreateBody,
  paymentMethodsEnabled,
  randomString,
} from './upstream-newer-fixtures.js';

/** updateBusinessProfileWebhookCustomHeadersTest's `maskValue`: the first and last two characters of a longer value, else all masked. */
const maskValue = (value: string): string => (value.length > 4 ? value.slice(0, 2) + '*'.repeat(value.length - 4) + value.slice(-2) : '*'.repeat(value.length));

/** A spec's request fixtures, as its commands write into them (members carried from one call to the next). */
export interface CommandFixtures {
  createPaymentBody?: Body;
  confirmBody?: Body;
  createConfirmPaymentBody?: Body;
  refundBody?: Body;
  createConnectorBody?: Body;
}

let merchants = 0;

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
  /** globalState's `connectorId` (the run's CYPRESS_CONNECTOR, which a spec may set) and `originalConnectorId` (createConnectorCallTest sets it). */
  protected connectorId = 'stripe';
  protected originalConnectorId: string | undefined;
  /** `{mcaPrefix}Id`: `merchantConnectorId` (03-ConnectorCreate's account, or a spec's own), `merchantConnectorSecondaryId`, `merchantConnector1Id`, … */
  protected readonly connectors = new Map<string, string>();
  /** Whether setup makes 03-ConnectorCreate's account: false for a spec that makes its merchant's account itself (49, 50). */
  runConnectorAccount = true;

  /**
   * `fixtures`: the request fixtures of one spec, which its commands write into as upstream's do
   * (the imported fixture object carries members from one call to the next within a spec); without
   * it, each command starts from the fixture as the file has it.
   */
  constructor(
    protected readonly sandbox: TestSandbox,
    protected readonly fixtures?: CommandFixtures,
  ) {}

  /**
   * merchantCreateCallTest (merchant-create-body.json, the admin key) with an API key, its default
   * profile as `profileId`; createCustomerCallTest; and, unless the spec makes its own,
   * 03-ConnectorCreate's createConnectorCallTest (`merchantConnectorId`).
   */
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
    // 03-ConnectorCreate's own create-connector-body.json, not the spec's
    if (this.runConnectorAccount) await this.createConnector({ body: createConnectorBody() });
  }

  /**
   * setConfigs (the admin key, `failOnStatusCode: false`): CREATE posts `{key, value}` to `/configs/`,
   * UPDATE `{value}` to `/configs/{key}`, FETCH and DELETE `/configs/{key}`; a 200 has the key and the
   * value, anything else is only logged.
   */
  async setConfigs(key: string, value: string, requestType: 'CREATE' | 'UPDATE' | 'FETCH' | 'DELETE'): Promise<ApiResponse> {
    const method = { CREATE: 'POST', UPDATE: 'POST', FETCH: 'GET', DELETE: 'DELETE' }[requestType];
    const body = requestType === 'CREATE' ? { key, value } : requestType === 'UPDATE' ? { value } : undefined;
    const response = await this.sandbox.request(method, `/configs/${requestType === 'CREATE' ? '' : key}`, { key: this.sandbox.adminKey, ...(body ? { body } : {}) });
    if (response.status === 200) {
      assert.equal(response.body.key, key, `setConfigs ${requestType}: key`);
      assert.equal(response.body.value, value, `setConfigs ${requestType}: value`);
    }
    return response;
  }

  /** globalState's organizationId: the merchant's organization (merchantCreateCallTest keeps it). */
  async merchantOrganization(): Promise<string> {
    const account = await this.sandbox.request('GET', `/accounts/${this.merchantId}`, { key: this.sandbox.adminKey });
    return String(account.body.organization_id);
  }

  protected request(method: string, path: string, body?: Body, key = this.apiKey): Promise<ApiResponse> {
    return this.sandbox.request(method, path, { key, headers: { Accept: 'application/json' }, ...(body ? { body } : {}) });
  }

  protected profileId(prefix = 'profile'): string {
    const id = this.profiles.get(prefix);
    assert.ok(id, `${prefix}Id must be set in globalState`);
    return id;
  }

  /** `{prefix}Id` of a connector account, which must be set. */
  protected connectorAccountId(prefix = 'merchantConnector'): string {
    const id = this.connectors.get(prefix);
    assert.ok(id, `${prefix}Id must be set in globalState`);
    return id;
  }

  /**
   * The payment commands' checks of a processed payment's connector: `connector` equal to
   * getOriginalConnectorName(connectorId), and (unless the command's options skip it)
   * `merchant_connector_id` equal to `merchantConnectorId`.
   */
  protected expectConnector(body: Body, step: string, account = true): void {
    assert.equal(body.connector, getOriginalConnectorName(this.connectorId), `${step}: connector`);
    if (account) assert.equal(body.merchant_connector_id, this.connectorAccountId(), `${step}: connector_id (merchant_connector_id)`);
  }

  /** The spec's `globalState.set("connectorId", …)`. */
  setConnectorId(connectorId: string): void {
    this.connectorId = connectorId;
  }

  /**
   * createConnectorCallTest (the API key) with "payment_processor" (every spec's) and Commons.js's
   * `payment_methods_enabled`: the spec's create-connector-body.json (written into; or the copy a spec
   * passes) with connector_type, profile_id (`{profilePrefix}Id`), connector_name
   * (getOriginalConnectorName of `connectorId`, which becomes `originalConnectorId`),
   * payment_methods_enabled and the creds' connector_account_details (their metadata merged in, had
   * they any). Expecting 200: a 200's connector_name is that name, and its merchant_connector_id
   * becomes `{mcaPrefix}Id`; any other status throws "Connector Create Call Failed {message}".
   * Expecting another status: that status.
   */
  async createConnector(options: { profilePrefix?: string; mcaPrefix?: string; body?: Body; expectedStatus?: number } = {}): Promise<ApiResponse> {
    const { profilePrefix = 'profile', mcaPrefix = 'merchantConnector', expectedStatus = 200 } = options;
    const step = 'createConnectorCallTest';
    this.originalConnectorId = this.connectorId;
    const name = getOriginalConnectorName(this.connectorId);
    const body = options.body ?? this.fixtures?.createConnectorBody ?? createConnectorBody();
    Object.assign(body, { connector_type: 'payment_processor', profile_id: this.profileId(profilePrefix), connector_name: name, payment_methods_enabled: paymentMethodsEnabled() });
    const creds = CONNECTOR_AUTH[this.connectorId];
    assert.ok(creds, `${step}: no credentials for ${this.connectorId} in the creds stand-in`);
    body.connector_account_details = structuredClone(creds.connector_account_details);
    if (creds.metadata) body.metadata = { ...(body.metadata as Body | undefined), ...creds.metadata };
    const response = await this.request('POST', `/account/${this.merchantId}/connectors`, body);
    if (expectedStatus !== 200) {
      assert.equal(response.status, expectedStatus, `${step}: status (${response.text.slice(0, 300)})`);
    } else if (response.status === 200) {
      assert.equal(response.body.connector_name, name, `${step}: connector_name`);
      this.connectors.set(mcaPrefix, String(response.body.merchant_connector_id));
    } else {
      throw new Error(`Connector Create Call Failed ${String((response.body.error as Body | undefined)?.message)}`);
    }
    return response;
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

  /** createPaymentIntentTest: create-payment-body.json (or the body a spec passes), the `Request`, then authentication_type, capture_method, customer_id and profile_id. */
  async createPaymentIntent(data: Exchange, authenticationType: string, captureMethod: string, createBody?: Body): Promise<ApiResponse> {
    const step = 'createPaymentIntentTest';
    const body: Body = Object.assign(createBody ?? this.fixtures?.createPaymentBody ?? createPaymentBody(), structuredClone(data.Request));
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
    if (data.Response.expectBlockedPayment && response.status === 200) {
      // the blocklist case (d1688907): HTTP 200 with an error body, each of the config's members deep-equal
      for (const key of Object.keys(data.Response.body)) assert.deepEqual(response.body[key], data.Response.body[key], `${step}: ${key}`);
      return response;
    }
    if (response.status !== 200) {
      expectAnswer(response, data.Response, step);
      return response;
    }
    assert.equal(response.status, data.Response.status, `${step}: status (${response.text.slice(0, 400)})`);
    const payment = response.body;
    const nextAction = payment.next_action as Body | null;
    if (typeof nextAction?.redirect_to_url === 'string') this.nextActionUrl = nextAction.redirect_to_url;
    if (payment.network_transaction_id != null) assert.notEqual(payment.network_transaction_id, '', `${step}: network_transaction_id`);
    this.expectConnector(payment, step);
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
    this.expectConnector(payment, step);
    assert.ok(nonEmpty(payment.payment_method_data) && nonEmpty(payment.customer) && nonEmpty(payment.billing), `${step}: payment_method_data, customer, billing`);
    assert.ok(payment.profile_id != null && 'status' in payment, `${step}: profile_id, status`);
    noErrorUnlessFailed(payment, data.Response, step);
    return response;
  }

  /**
   * retrievePaymentCallTest (the secret key; `force_sync=true&expand_attempts=true`, only
   * `expand_attempts=true` with `unconfirmedPayment`), with the command's options a spec passes:
   * `Configs.skipBillingAssertion`, `Configs.skipConnectorIdAssertion` (the connector is checked, its
   * account not: merchant_connector_id) and `unconfirmedPayment` (no connector or payment-method-data checks).
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
      this.expectConnector(payment, step, !options.skipConnectorIdAssertion);
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
