/**
 * The framework of the newer client-side replays (upstream-newer-client.ts: juspay/hyperswitch at
 * d1688907, `cypress-tests/cypress/`, as a Stripe run sends them): upstream-newer-core-flow.ts's
 * `CoreFlow` (upstream-newer-flow.ts's commands on one spec's `globalState`), extended as `ClientFlow`
 * with the commands these specs add, each as `support/commands.js`@d1688907 defines it:
 * `sessionTokenCall`, `paymentsEligibilityCheck`, `confirmWithSdkAuthTest`, `verifyIframeRedirection`,
 * `confirmUpiCall` (with `defaultErrorHandler`'s switch to the unsupported answer),
 * `UpdateBusinessProfileTest` with the body a spec passes, `fetchPaymentResponseHashConfig`,
 * `assertPaymentResponseHashEnabled`, `captureRedirectReturnUrl`, `verifyRedirectSignature`,
 * `computeAndVerifyRedirectSignature`, `verifyTamperedSignatureFails`, `verifyWrongKeySignatureFails`;
 * and `confirmCallTest`'s bookkeeping the older port leaves out (`paymentIntentStatus`,
 * `nextActionType`, a `redirect_inside_popup`'s `popup_url` as `nextActionUrl`); and the fixtures and
 * config entries of these specs, each naming its file.
 */
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import type { ApiResponse } from '../helpers.js';
import { expectAnswer, nonEmpty, noErrorUnlessFailed, ok, refused, type Body, type Exchange } from './upstream-fixtures.js';
import { card_pm as stripe, CoreFlow, specFixtures, specState, threeDSCard } from './upstream-newer-core-flow.js';

// ---- the fixtures at d1688907 these specs add ------------------------------------------------------------

/** eligibility-check-body.json@d1688907 (`eligibilityCheckBody`) */
const eligibilityCheckBody = (): Body => ({
  client_secret: '',
  payment_method_type: 'card',
  payment_method_data: {
    card: { card_number: '', card_exp_month: '', card_exp_year: '', card_holder_name: '', card_cvc: '', card_network: '' },
    billing: {
      address: { line1: '', line2: '', line3: '', city: '', state: '', zip: '', country: '', first_name: '', last_name: '' },
      phone: { number: '', country_code: '' },
    },
  },
});

/** Commons.js@d1688907 `successfulNo3DSCardDetails`, `standardBillingAddress` */
const commonsNo3DSCard = { card_number: '4111111111111111', card_exp_month: '08', card_exp_year: '30', card_holder_name: 'joseph Doe', card_cvc: '999' };
const standardBillingAddress = {
  address: { line1: '1467', line2: 'Harrison Street', line3: 'Harrison Street', city: 'San Fransico', state: 'CA', zip: '94122', country: 'US', first_name: 'John', last_name: 'Doe' },
  phone: { number: '8056594427', country_code: '+91' },
};

const UNAUTHORIZED = refused(401, { type: 'invalid_request', message: 'API key not provided or invalid API key used', code: 'IR_01' });

// ---- the connector config: getConnectorDetails("stripe") at d1688907 ------------------------------------

export const card_pm = {
  PaymentIntent: stripe.PaymentIntent,
  No3DSAutoCapture: stripe.No3DSAutoCapture,
  '3DSAutoCapture': stripe['3DSAutoCapture'],
  /** Stripe.js `SessionToken`: the command compares the list's length and each token's wallet_name and connector. */
  SessionToken: ok({ session_token: [{ wallet_name: 'apple_pay', connector: 'stripe' }, { wallet_name: 'google_pay', connector: 'stripe' }] }),
  /** Commons.js `ClientSessionInvalidConfirm` (Stripe.js takes Commons'). */
  ClientSessionInvalidConfirm: {
    Request: { payment_method: 'card', payment_method_data: { card: commonsNo3DSCard }, currency: 'USD', customer_acceptance: null, setup_future_usage: 'on_session' },
    Response: UNAUTHORIZED,
  },
  /** Modifiers.js `getIframeRedirectionConfig({ cardDetails })` (see the header), with Stripe.js's 3-D Secure card. */
  IframeRedirectionCreate: { Request: { amount: 6000, currency: 'USD', is_iframe_redirection_enabled: true }, Response: ok({ status: 'requires_payment_method' }) },
  IframeRedirection: {
    Request: { payment_method: 'card', payment_method_data: { card: threeDSCard }, currency: 'USD', customer_acceptance: null, setup_future_usage: 'on_session', is_iframe_redirection_enabled: true },
    Response: ok({ status: 'requires_customer_action', setup_future_usage: 'on_session' }),
  },
} satisfies Record<string, Exchange | Exchange['Response']>;

/** Commons.js@d1688907 `eligibility_api` (35 imports it for every connector). */
export const eligibility_api = {
  PaymentIntentForBlocklist: { Request: { currency: 'USD', amount: 6500 }, Response: ok({ status: 'requires_payment_method' }) },
  NonBlocklistedCardAllowed: { Request: { payment_method_type: 'card', payment_method_data: { card: commonsNo3DSCard, billing: standardBillingAddress } }, Response: ok({}) },
  /** Commons.js `blocklistedCardDetails` (4242…, BIN 424242) */
  BlocklistedCardDenied: {
    Request: { payment_method_type: 'card', payment_method_data: { card: { card_number: '4242424242424242', card_exp_month: '01', card_exp_year: '2050', card_holder_name: 'John Smith', card_cvc: '349', card_network: 'Visa' }, billing: standardBillingAddress } },
    Response: ok({ sdk_next_action: { next_action: { deny: { message: "We're unable to accept this card, please try another card or a different payment method" } } } }),
  },
} satisfies Record<string, Exchange>;

/** Modifiers.js's default exchange: 501 IR_00 with `normalize("stripe")`; and getUnsupportedExchange's, which defaultErrorHandler switches to on a 400 "Payment method type not supported". */
const NOT_IMPLEMENTED = refused(501, { type: 'invalid_request', message: 'Selected payment method through stripe is not implemented', code: 'IR_00' });
const UNSUPPORTED = refused(400, { type: 'invalid_request', message: 'Payment method type not supported', code: 'IR_19' });

/** Commons.js@d1688907 `upi_pm` (Stripe.js declares none). */
export const upi_pm = {
  PaymentIntent: { Request: { currency: 'INR' }, Response: ok({ status: 'requires_payment_method' }) },
  UpiCollect: { Request: { payment_method: 'upi', payment_method_type: 'upi_collect', payment_method_data: { upi: { upi_collect: { vpa_id: 'successtest@iata' } } } }, Response: NOT_IMPLEMENTED },
} satisfies Record<string, Exchange>;

/** 52-MerchantRedirectMethod.cy.js's `bpUpdateRedirectPost` / `bpUpdateRedirectGet`. */
export const bpUpdateRedirect = (post: boolean): Body => ({
  is_connector_agnostic_mit_enabled: true,
  collect_shipping_details_from_wallet_connector: false,
  collect_billing_details_from_wallet_connector: false,
  always_collect_billing_details_from_wallet_connector: false,
  always_collect_shipping_details_from_wallet_connector: false,
  redirect_to_merchant_with_http_post: post,
});

/** utils/paymentHelpers.js's and commands.js's constants: HMAC-SHA512, 128 hex digits. */
const EXPECTED_ALGORITHM = 'HMAC-SHA512';

/** should_continue_further (Utils.js): false when the config's answer carries an error. */
export const shouldContinueFurther = (data: Exchange): boolean => !['error', 'error_code', 'error_message'].some((member) => member in data.Response.body);

// ---- the commands these specs add -------------------------------------------------------------------------

export class ClientFlow extends CoreFlow {
  /** globalState's sdkAuthorization, paymentIntentStatus, nextActionType, redirectReturnUrl, … */
  private sdkAuthorization: string | undefined;
  private paymentIntentStatus: unknown;
  private nextActionType: string | undefined;
  private redirectReturnUrl: string | undefined;
  private enablePaymentResponseHash: boolean | undefined;
  private paymentResponseHashKey: string | undefined;
  private computedSignature: string | undefined;
  private computedSigningPayload: string | undefined;

  /** createPaymentIntentTest, which also keeps the answer's `sdk_authorization` when there is one. */
  override async createPaymentIntent(data: Exchange, authenticationType: string, captureMethod: string): Promise<ApiResponse> {
    const response = await super.createPaymentIntent(data, authenticationType, captureMethod);
    if (response.status === 200 && response.body.sdk_authorization) this.sdkAuthorization = String(response.body.sdk_authorization);
    return response;
  }

  /** The spec's `cy.wait(61000)`: the sandbox's clock moved on instead. */
  advanceClock(ms: number): void {
    this.sandbox.advanceClock(ms);
  }

  /** createPaymentIntentTest with the body the spec passes: a copy of create-payment-body.json with `more` (the command writes into the copy). */
  async createPaymentIntentFrom(more: Body, data: Exchange, authenticationType: string, captureMethod: string): Promise<ApiResponse> {
    const fixture = this.spec.createPaymentBody;
    this.spec.createPaymentBody = { ...structuredClone(fixture), ...more };
    try {
      return await this.createPaymentIntent(data, authenticationType, captureMethod);
    } finally {
      this.spec.createPaymentBody = fixture;
    }
  }

  /**
   * confirmCallTest, with its bookkeeping: the status as `paymentIntentStatus`; an automatic or
   * manual three_ds answer's `redirect_inside_popup` must have a `popup_url`, which becomes
   * `nextActionUrl` (`nextActionType` redirect_inside_popup); a no_three_ds answer's redirect makes
   * `nextActionType` redirect_to_url. Nothing is reset: what an earlier context set stays.
   */
  override async confirm(data: Exchange, confirm = true): Promise<ApiResponse> {
    const response = await super.confirm(data, confirm);
    if (response.status !== 200) return response;
    const payment = response.body;
    const nextAction = payment.next_action as Body | null;
    this.paymentIntentStatus = payment.status;
    if (nextAction && payment.authentication_type === 'three_ds' && nextAction.type === 'redirect_inside_popup') {
      assert.ok('popup_url' in nextAction, 'confirmCallTest: next_action.popup_url');
      this.nextActionType = 'redirect_inside_popup';
      this.nextActionUrl = String(nextAction.popup_url);
    } else if (nextAction && payment.authentication_type === 'no_three_ds') {
      const redirect = nextAction.redirect_to_url ?? nextAction.url ?? nextAction.redirect_url;
      if (redirect) this.nextActionType = 'redirect_to_url';
    }
    return response;
  }

  /** verifyIframeRedirection: the status the last confirm left, and a popup next action and URL in globalState (or neither). */
  verifyIframeRedirection(expectRedirectInsidePopup = true, expectedStatus = 'requires_customer_action'): void {
    const step = 'verifyIframeRedirection';
    assert.equal(this.paymentIntentStatus, expectedStatus, `${step}: paymentIntentStatus`);
    if (expectRedirectInsidePopup) {
      assert.equal(this.nextActionType, 'redirect_inside_popup', `${step}: nextActionType`);
      assert.ok(this.nextActionUrl != null, `${step}: nextActionUrl`);
    } else {
      assert.notEqual(this.nextActionType, 'redirect_inside_popup', `${step}: nextActionType`);
      assert.equal(this.nextActionUrl ?? null, null, `${step}: nextActionUrl`);
    }
  }

  /** sessionTokenCall (the publishable key, the SDK's headers): session-token.json with the payment's id and client secret; as many tokens as the config's, each its wallet_name and connector. */
  async sessionTokenCall(expected: Exchange['Response']): Promise<void> {
    const step = 'sessionTokenCall';
    const body = { payment_id: this.paymentId, client_secret: this.clientSecret, wallets: [] };
    const headers = { Accept: 'application/json', 'x-merchant-domain': 'hyperswitch - demo - store.netlify.app', 'x-client-platform': 'web' };
    const response = await this.sandbox.request('POST', '/payments/session_tokens', { key: this.publishableKey, body, headers });
    if (response.status !== 200) return expectAnswer(response, expected, step);
    const wanted = expected.body.session_token as Body[];
    const tokens = response.body.session_token as Body[];
    assert.equal(tokens.length, wanted.length, `${step}: arrayLength (${response.text.slice(0, 300)})`);
    wanted.forEach((token, index) => assert.deepEqual([tokens[index]?.wallet_name, tokens[index]?.connector], [token.wallet_name, token.connector], `${step}: wallet_name, connector`));
  }

  /** blocklistCreateRule: POST /blocklist `{type: card_bin, data}` (blocklist-create-body.json); a 200 naming the BIN as fingerprint_id, data_kind card_bin, a created_at; else it throws. */
  async blocklistCreateRule(cardBin: string): Promise<void> {
    const response = await this.sandbox.request('POST', '/blocklist', { key: this.apiKey, body: { type: 'card_bin', data: cardBin } });
    assert.equal(response.status, 200, `blocklistCreateRule: Blocklist create rule failed with status: ${response.status} and message: ${response.text}`);
    assert.equal(response.body.fingerprint_id, cardBin, 'blocklistCreateRule: fingerprint_id');
    assert.equal(response.body.data_kind, 'card_bin', 'blocklistCreateRule: data_kind');
    assert.notStrictEqual(response.body.created_at ?? null, null, 'blocklistCreateRule: created_at');
  }

  /** blocklistDeleteRule: DELETE /blocklist `{type, data}`; anything but a 200 throws. */
  async blocklistDeleteRule(type: string, data: string): Promise<void> {
    const response = await this.sandbox.request('DELETE', '/blocklist', { key: this.apiKey, body: { type, data } });
    assert.equal(response.status, 200, `blocklistDeleteRule: Blocklist delete failed with status: ${response.status} and message: ${response.text}`);
  }

  /** paymentsEligibilityCheck (the publishable key): eligibility-check-body.json, the client secret, then the `Request`; a 200 for this payment, denied exactly when the config says so. */
  async eligibilityCheck(data: Exchange): Promise<void> {
    const step = 'paymentsEligibilityCheck';
    const body = { ...eligibilityCheckBody(), client_secret: this.clientSecret, ...structuredClone(data.Request) };
    const response = await this.sandbox.request('POST', `/payments/${this.paymentId}/eligibility`, { key: this.publishableKey, body });
    assert.match(response.headers.get('content-type') ?? '', /application\/json/, `${step}: content-type`);
    assert.equal(response.status, 200, `${step}: Eligibility check failed ${response.text}`);
    assert.equal(response.body.payment_id, this.paymentId, `${step}: payment_id`);
    const deny = (data.Response.body.sdk_next_action as { next_action?: { deny?: { message: string } } } | undefined)?.next_action?.deny;
    const answered = (response.body.sdk_next_action as { next_action?: { deny?: { message?: string } } } | undefined)?.next_action?.deny;
    if (deny) assert.equal(answered?.message, deny.message, `${step}: sdk_next_action.next_action.deny.message`);
    else assert.ok(!answered, `${step}: Expected no deny action for non-blocklisted card`);
  }

  /**
   * confirmWithSdkAuthTest: the payment's `sdk_authorization` (base64 of `key=value,…`) as the
   * Authorization header, or a tampered one (`invalid_session`: the same members with
   * `client_session_id=cs_invalid_tampered_session_id`), or none (`missing_session`, or no
   * sdk_authorization kept): then the publishable key and the client secret in the body, as
   * confirm-body.json gets them. A 200: the connector, the payment, its payment_method_data and the
   * config's members; else defaultErrorHandler (a 200 expected fails).
   */
  async confirmWithSdkAuth(data: Exchange, confirm: boolean, override?: 'invalid_session' | 'missing_session'): Promise<void> {
    const step = 'confirmWithSdkAuthTest';
    const sdkAuth = this.sdkAuthorization ?? '';
    const parts: Record<string, string> = {};
    if (sdkAuth) {
      for (const part of Buffer.from(sdkAuth, 'base64').toString('latin1').split(',')) {
        const [key = '', ...value] = part.split('=');
        parts[key.trim()] = value.join('=').trim();
      }
    }
    const publishableKey = parts.publishable_key || this.publishableKey;
    const clientSecret = parts.client_secret || this.clientSecret;
    let authorization: string | undefined;
    if (override === 'missing_session') authorization = undefined;
    else if (override === 'invalid_session') {
      let header = `profile_id=${parts.profile_id || this.profileId()},publishable_key=${publishableKey},client_secret=${clientSecret},client_session_id=cs_invalid_tampered_session_id`;
      if (parts.customer_id) header += `,customer_id=${parts.customer_id}`;
      if (parts.payment_id) header += `,payment_id=${parts.payment_id}`;
      authorization = Buffer.from(header, 'latin1').toString('base64');
    } else authorization = sdkAuth;
    const body = this.spec.confirmBody;
    if (!authorization) body.client_secret = clientSecret;
    Object.assign(body, { confirm, profile_id: this.profileId() }, structuredClone(data.Request));
    if (!data.Request?.setup_future_usage && body.setup_future_usage) delete body.setup_future_usage;
    const response = await this.sandbox.request('POST', `/payments/${this.paymentId}/confirm`, authorization ? { key: null, headers: { Authorization: authorization }, body } : { key: publishableKey, body });
    assert.match(response.headers.get('content-type') ?? '', /application\/json/, `${step}: content-type`);
    if (response.status !== 200) {
      assert.notEqual(data.Response.status, 200, `${step}: Expecting valid response but got an error response: status=${response.status} body=${response.text}`);
      return expectAnswer(response, data.Response, step);
    }
    this.expectConnector(response.body, step);
    assert.equal(response.body.payment_id, this.paymentId, `${step}: payment_id`);
    assert.ok(nonEmpty(response.body.payment_method_data), `${step}: payment_method_data`);
    expectAnswer(response, data.Response, step);
    noErrorUnlessFailed(response.body, data.Response, step);
  }

  /**
   * confirmUpiCall (the publishable key): confirm-body.json, the `Request`, the client secret, confirm
   * and profile_id. A 200: no error unless failed, an upi_collect's `next_action.redirect_to_url`;
   * else defaultErrorHandler, which checks a 400 "Payment method type not supported" against
   * getUnsupportedExchange's answer instead of the config's.
   */
  async confirmUpi(data: Exchange, confirm: boolean): Promise<void> {
    const step = 'confirmUpiCall';
    const body = Object.assign(this.spec.confirmBody, structuredClone(data.Request), { client_secret: this.clientSecret, confirm, profile_id: this.profileId() });
    const response = await this.sandbox.request('POST', `/payments/${this.paymentId}/confirm`, { key: this.publishableKey, body });
    assert.match(response.headers.get('content-type') ?? '', /application\/json/, `${step}: content-type`);
    if (response.status === 200) {
      noErrorUnlessFailed(response.body, data.Response, step);
      if (response.body.payment_method_type === 'upi_collect') assert.ok((response.body.next_action as Body | null)?.redirect_to_url, `${step}: next_action.redirect_to_url`);
      return;
    }
    const message = (response.body as { error?: { message?: string } }).error?.message;
    expectAnswer(response, response.status === 400 && message === 'Payment method type not supported' ? UNSUPPORTED : data.Response, step);
  }

  /** fetchPaymentResponseHashConfig (the admin key): GET /accounts/{merchant_id}; enabled with a non-empty key, or the spec skips itself. */
  async fetchPaymentResponseHashConfig(): Promise<void> {
    const step = 'fetchPaymentResponseHashConfig';
    const response = await this.sandbox.request('GET', `/accounts/${this.merchantId}`, { key: this.sandbox.adminKey });
    assert.equal(response.status, 200, `${step}: ${response.text}`);
    this.enablePaymentResponseHash = response.body.enable_payment_response_hash === true;
    // the spec's before hook: without it, every `it` of the spec is skipped
    assert.equal(this.enablePaymentResponseHash, true, `${step}: enable_payment_response_hash is false - skipping spec`);
    assert.ok(typeof response.body.payment_response_hash_key === 'string' && response.body.payment_response_hash_key.length > 0, `${step}: payment_response_hash_key`);
    this.paymentResponseHashKey = response.body.payment_response_hash_key;
  }

  /** assertPaymentResponseHashEnabled: what the before hook kept. */
  assertPaymentResponseHashEnabled(): void {
    assert.equal(this.enablePaymentResponseHash, true, 'enable_payment_response_hash should be true');
    assert.ok(typeof this.paymentResponseHashKey === 'string' && this.paymentResponseHashKey.length > 0, 'payment_response_hash_key should exist');
  }

  /** captureRedirectReturnUrl: GET /payments/{id}/{merchant_id}/redirect/response/stripe (no key, no redirect followed), up to 5 times, until a 302 with a Location. */
  async captureRedirectReturnUrl(): Promise<void> {
    const path = `/payments/${this.paymentId}/${this.merchantId}/redirect/response/stripe`;
    let status = 0;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await this.sandbox.request('GET', path, { key: null });
      status = response.status;
      const location = response.headers.get('location');
      if (status === 302 && location) {
        this.redirectReturnUrl = location;
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    assert.fail(`captureRedirectReturnUrl: expected 302 with Location header, got ${status}`);
  }

  /** setup3DSPayment (utils/paymentHelpers.js, includeRedirection false): create (three_ds) -> payment methods -> confirm 3DSAutoCapture -> captureRedirectReturnUrl. */
  async setup3DSPayment(): Promise<void> {
    await this.createPaymentIntent(card_pm.PaymentIntent, 'three_ds', 'automatic');
    await this.paymentMethodsCall();
    await this.confirm(card_pm['3DSAutoCapture']);
    await this.captureRedirectReturnUrl();
  }

  private redirectUrl(): URL {
    const url = this.redirectReturnUrl ?? this.nextActionUrl;
    assert.ok(url, 'redirectReturnUrl must be captured from 3DS setup');
    return new URL(url);
  }

  /** verifyRedirectSignature: `signature` 128 lower-case hex digits, `signature_algorithm` HMAC-SHA512. */
  verifyRedirectSignature(): void {
    const url = this.redirectUrl();
    assert.match(url.searchParams.get('signature') ?? '', /^[0-9a-f]{128}$/, `signature must be a valid 128-char hex string (${url.toString()})`);
    assert.equal(url.searchParams.get('signature_algorithm'), EXPECTED_ALGORITHM, 'signature_algorithm must be HMAC-SHA512');
  }

  /** computeAndVerifyRedirectSignature: HMAC-SHA512 with the hash key over every other parameter, sorted by name, `name=value` joined by `&` (values as decoded). */
  computeAndVerifyRedirectSignature(): void {
    assert.ok(this.paymentResponseHashKey, 'payment_response_hash_key should exist in global state');
    const url = this.redirectUrl();
    const signature = url.searchParams.get('signature');
    assert.ok(signature, 'signature should exist in redirect URL');
    assert.equal(url.searchParams.get('signature_algorithm'), EXPECTED_ALGORITHM, 'signature_algorithm must be HMAC-SHA512');
    const params = [...url.searchParams].filter(([name]) => name !== 'signature' && name !== 'signature_algorithm');
    params.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    const payload = params.map(([name, value]) => `${name}=${value}`).join('&');
    const computed = createHmac('sha512', this.paymentResponseHashKey).update(payload).digest('hex');
    assert.equal(computed, signature, `Computed HMAC signature should match the received signature (payload ${payload})`);
    this.computedSigningPayload = payload;
    this.computedSignature = computed;
  }

  /** verifyTamperedSignatureFails and verifyWrongKeySignatureFails: another payload, another key, another signature. */
  verifyTamperedAndWrongKeySignaturesFail(): void {
    assert.ok(this.computedSignature && this.computedSigningPayload && this.paymentResponseHashKey, 'computedSignature, payment_response_hash_key, computedSigningPayload');
    const tampered = createHmac('sha512', this.paymentResponseHashKey).update(`${this.computedSigningPayload}&tampered=true`).digest('hex');
    assert.notEqual(tampered, this.computedSignature, 'Tampered payload should produce a different signature');
    const wrongKey = createHmac('sha512', 'wrong_key_that_should_not_match').update(this.computedSigningPayload).digest('hex');
    assert.notEqual(wrongKey, this.computedSignature, 'Signature computed with wrong key should not match the correct signature');
  }
}

/** One spec's globalState: a merchant and customer made on its first flow, its fixtures, shared by its flows in order. */
export const spec = (before?: (cy: ClientFlow) => Promise<void>) => specState((sandbox) => new ClientFlow(sandbox, specFixtures()), before);

