/**
 * The framework of the newer core replays (juspay/hyperswitch at d1688907, June 2026,
 * `cypress-tests/cypress/`), as a Stripe run sends them: upstream-newer-flow.ts's `Flow` of commands,
 * extended as `CoreFlow` with the commands the core specs use (`captureCallTest`, `voidCallTest`,
 * `handleRedirection`, `listRefundCallTest`, `listCustomerPMCallTest`, `saveCardConfirmCallTest`, … of
 * `support/commands.js`@d1688907), each named where it is defined; the fixtures these specs add; the
 * Stripe entries they share; and `specState`, one spec's globalState.
 *
 * As upstream runs them: one spec's contexts run in order on one `globalState` — one merchant (made
 * by merchant-create-body.json, its default profile the `profileId`), one customer
 * (createCustomerCallTest), 03-ConnectorCreate's Stripe account on that profile (`merchantConnectorId`,
 * Flow.setup), and the spec's imported request fixtures, which the commands write into (a member a
 * `Request` sets stays for the next command of the spec: `specState` below). Each context is a flow
 * (an `it`), run in the spec's order; a flow run alone starts a fresh merchant.
 *
 * The connector config is getConnectorDetails("stripe") at d1688907: Stripe.js's `card_pm` entries,
 * Commons.js's for those Stripe.js does not declare (mergeConnectorDetails); each entry says whose.
 * Left out of Stripe's answers, as upstream-newer.ts does: what is Stripe's own —
 * `payment_method_data` (its test card's issuer, country and checks) and a decline's
 * `error_message` (Stripe's text). Stripe.js's `successfulThreeDSTestCardDetails` (4000002500003155)
 * is sent as it is: it is a challenge card of the sandbox since 2026-11-28 (sandbox/domain/processor.ts;
 * these replays sent the sandbox's 4000003800000446 before). The sandbox's challenge page is answered
 * "Complete Payment" (handleRedirection), which leads back to the return URL with the payment's id, as
 * upstream's verifyReturnUrl checks.
 */
import assert from 'node:assert/strict';
import { answerChallenge, type ApiResponse, type TestSandbox } from '../helpers.js';
import { createPaymentBody, expectAnswer, noErrorUnlessFailed, nonEmpty, ok, refundBody, type Body, type Exchange } from './upstream-fixtures.js';
import { card_pm as newer, stripeNo3DSCard } from './upstream-newer.js';
import { BROWSER, confirmBody, createConfirmPaymentBody, createConnectorBody, HARRISON } from './upstream-newer-fixtures.js';
import { Flow, type CommandFixtures } from './upstream-newer-flow.js';

// ---- the fixtures at d1688907 these specs add ------------------------------------------------------------

/** capture-flow-body.json@d1688907 */
const captureBody = (): Body => ({ amount_to_capture: 100, statement_descriptor_name: 'Joseph', statement_descriptor_suffix: 'JS' });
/** void-payment-body.json@d1688907 */
const voidBody = (): Body => ({ cancellation_reason: 'requested_by_customer' });
/** save-card-confirm-body.json@d1688907 */
const saveCardConfirmBody = (): Body => ({
  client_secret: '{{client_secret}}',
  payment_method: 'card',
  payment_token: '{{payment_token}}',
  billing: { address: { ...HARRISON } },
  shipping: { address: { ...HARRISON } },
  browser_info: { ...BROWSER, ip_address: '127.0.0.1' },
});
/** list-refund-call-body.json@d1688907 */
const listRefundCall = (): Body => ({ offset: 0 });

export interface CoreFixtures extends Required<CommandFixtures> {
  captureBody: Body;
  voidBody: Body;
  listRefundCall: Body;
}

export const specFixtures = (): CoreFixtures => ({
  createPaymentBody: createPaymentBody(),
  confirmBody: confirmBody(),
  createConfirmPaymentBody: createConfirmPaymentBody(),
  refundBody: refundBody(),
  createConnectorBody: createConnectorBody(),
  captureBody: captureBody(),
  voidBody: voidBody(),
  listRefundCall: listRefundCall(),
});

// ---- the connector config: getConnectorDetails("stripe") at d1688907 ------------------------------------

/** Stripe.js `successfulThreeDSTestCardDetails`, as sent (see the header). */
export const threeDSCard = { card_number: '4000002500003155', card_exp_month: '10', card_exp_year: '50', card_holder_name: 'morino', card_cvc: '737' };
/** Stripe.js `failedNo3DSCardDetails` (a declined card of the sandbox too). */
const failedNo3DSCard = { card_number: '4000000000000002', card_exp_month: '01', card_exp_year: '35', card_holder_name: 'joseph Doe', card_cvc: '123' };

export const card_pm = {
  PaymentIntent: newer.PaymentIntent,
  PaymentIntentOffSession: newer.PaymentIntentOffSession,
  No3DSAutoCapture: newer.No3DSAutoCapture,
  /** Stripe.js `PaymentIntentWithShippingCost` */
  PaymentIntentWithShippingCost: { Request: { currency: 'USD', shipping_cost: 50 }, Response: ok({ status: 'requires_payment_method', shipping_cost: 50, amount: 6000 }) },
  /** Stripe.js `PaymentConfirmWithShippingCost` */
  PaymentConfirmWithShippingCost: {
    Request: { payment_method: 'card', payment_method_data: { card: stripeNo3DSCard }, customer_acceptance: null, setup_future_usage: 'on_session' },
    Response: ok({ status: 'succeeded', shipping_cost: 50, amount_received: 6050, amount: 6000, net_amount: 6050 }),
  },
  /** Stripe.js `3DSManualCapture` (its card swapped, see the header) */
  '3DSManualCapture': {
    Request: { payment_method: 'card', payment_method_data: { card: threeDSCard }, currency: 'USD', customer_acceptance: null, setup_future_usage: 'on_session' },
    Response: ok({ status: 'requires_customer_action', setup_future_usage: 'on_session' }),
  },
  /** Stripe.js `3DSAutoCapture` (its card swapped, see the header) */
  '3DSAutoCapture': {
    Request: { payment_method: 'card', payment_method_data: { card: threeDSCard }, currency: 'USD', customer_acceptance: null, setup_future_usage: 'on_session' },
    Response: ok({ status: 'requires_customer_action', setup_future_usage: 'on_session' }),
  },
  /** Stripe.js `No3DSManualCapture` */
  No3DSManualCapture: {
    Request: { payment_method: 'card', payment_method_data: { card: stripeNo3DSCard }, currency: 'USD', customer_acceptance: null, setup_future_usage: 'on_session' },
    Response: ok({ status: 'requires_capture', payment_method: 'card', attempt_count: 1 }),
  },
  /** Stripe.js `No3DSFailPayment` (without Stripe's error_message text) */
  No3DSFailPayment: {
    Request: { payment_method: 'card', payment_method_data: { card: failedNo3DSCard }, customer_acceptance: null, setup_future_usage: 'on_session' },
    Response: ok({ status: 'failed', error_code: 'card_declined' }),
  },
  /** Stripe.js `Capture`, `PartialCapture`, `Void` */
  Capture: { Request: { amount_to_capture: 6000 }, Response: ok({ status: 'succeeded', amount: 6000, amount_capturable: 0, amount_received: 6000 }) },
  PartialCapture: { Request: { amount_to_capture: 2000 }, Response: ok({ status: 'partially_captured', amount: 6000, amount_capturable: 0, amount_received: 2000 }) },
  Void: { Request: {}, Response: ok({ status: 'cancelled' }) },
  /** Commons.js `VoidAfterConfirm` (its Response; the specs here do not take its ResponseCustom) */
  VoidAfterConfirm: { Request: {}, Response: ok({ status: 'cancelled', capture_method: 'manual' }) },
  /** Stripe.js `Refund`, `manualPaymentRefund`, `manualPaymentPartialRefund`, `PartialRefund`, `SyncRefund` */
  Refund: { Request: { amount: 6000 }, Response: ok({ status: 'succeeded' }) },
  manualPaymentRefund: { Request: { amount: 6000 }, Response: ok({ status: 'succeeded' }) },
  manualPaymentPartialRefund: { Request: { amount: 2000 }, Response: ok({ status: 'succeeded' }) },
  PartialRefund: { Request: { amount: 2000 }, Response: ok({ status: 'succeeded' }) },
  SyncRefund: { Response: ok({ status: 'succeeded' }) },
} satisfies Record<string, Exchange>;

/** Commons.js@d1688907 `customerAcceptance`, which Stripe.js imports. */
export const customerAcceptance = {
  acceptance_type: 'offline',
  accepted_at: '1963-05-03T04:07:52.723Z',
  online: {
    ip_address: '127.0.0.1',
    user_agent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/22F76 [FBAN/FBIOS;FBAV/520.0.0.38.101;FBBV/756351453;FBDV/iPhone14,7;FBMD/iPhone;FBSN/iOS;FBSV/18.5;FBSS/3;FBID/phone;FBLC/fr_FR;FBOP/5;FBRV/760683563;IABMV/1]',
  },
};

/** Stripe.js@d1688907's save-card entries. */
export const save = {
  SaveCardUseNo3DSAutoCapture: {
    Request: { payment_method: 'card', payment_method_data: { card: stripeNo3DSCard }, currency: 'USD', setup_future_usage: 'on_session', customer_acceptance: customerAcceptance },
    Response: ok({ status: 'succeeded' }),
  },
  SaveCardUseNo3DSManualCapture: {
    Request: { payment_method: 'card', payment_method_data: { card: stripeNo3DSCard }, currency: 'USD', setup_future_usage: 'on_session', customer_acceptance: customerAcceptance },
    Response: ok({ status: 'requires_capture' }),
  },
  SaveCardUseNo3DSAutoCaptureOffSession: {
    Request: { payment_method: 'card', payment_method_type: 'debit', payment_method_data: { card: stripeNo3DSCard }, setup_future_usage: 'off_session', customer_acceptance: customerAcceptance },
    Response: ok({ status: 'succeeded' }),
  },
  SaveCardUseNo3DSManualCaptureOffSession: {
    Request: { payment_method: 'card', payment_method_data: { card: stripeNo3DSCard }, setup_future_usage: 'off_session', customer_acceptance: customerAcceptance },
    Response: ok({ status: 'requires_capture' }),
  },
  SaveCardConfirmAutoCaptureOffSession: { Request: { setup_future_usage: 'off_session' }, Response: ok({ status: 'succeeded' }) },
  SaveCardConfirmManualCaptureOffSession: { Request: { setup_future_usage: 'off_session' }, Response: ok({ status: 'requires_capture' }) },
  SaveCardConfirmAutoCaptureOffSessionWithoutBilling: { Request: { setup_future_usage: 'off_session', billing: null }, Response: ok({ status: 'succeeded' }) },
} satisfies Record<string, Exchange>;

/** A card of Commons.js's corner cases (Visa 4242…, holder joseph Doe). */
// ---- the commands these specs add -------------------------------------------------------------------------

/** upstream-newer-flow.ts's Flow on a spec's fixtures, with the commands of the core specs. */
export class CoreFlow extends Flow {
  constructor(
    sandbox: TestSandbox,
    protected readonly spec: CoreFixtures,
  ) {
    super(sandbox, spec);
  }

  /** globalState's actualSetupFutureUsage, paymentToken, paymentMethodId, mandateId. */
  protected actualSetupFutureUsage: unknown;
  protected paymentToken: string | undefined;
  protected paymentMethodId: string | undefined;
  protected mandateId: string | undefined;

  override async createPaymentIntent(data: Exchange, authenticationType: string, captureMethod: string): Promise<ApiResponse> {
    const response = await super.createPaymentIntent(data, authenticationType, captureMethod);
    if (response.status === 200) this.actualSetupFutureUsage = response.body.setup_future_usage;
    return response;
  }

  override async createConfirm(data: Exchange, authenticationType: string, captureMethod: string, passed?: Body): Promise<ApiResponse> {
    const response = await super.createConfirm(data, authenticationType, captureMethod, passed);
    if (response.status === 200) {
      if (response.body.mandate_id) this.mandateId = String(response.body.mandate_id);
      if (response.body.payment_method_id) this.paymentMethodId = String(response.body.payment_method_id);
      this.actualSetupFutureUsage = response.body.setup_future_usage;
    }
    return response;
  }

  /**
   * listCustomerPMCallTest (the secret key): the `order`-th saved method's token and id kept
   * (expiry year and holder there, last used in the past, after the first's when `order` > 0), else
   * an empty list; every method the customer's, with a token_, a pm_, its method, type and last use.
   */
  async listCustomerPaymentMethods(order = 0): Promise<Body[]> {
    const step = 'listCustomerPMCallTest';
    const response = await this.request('GET', `/customers/${this.customerId}/payment_methods`);
    assert.equal(response.status, 200, `${step}: ${response.text}`);
    assert.match(response.headers.get('content-type') ?? '', /application\/json/, `${step}: content-type`);
    const methods = response.body.customer_payment_methods as Body[];
    assert.ok(Array.isArray(methods), `${step}: customer_payment_methods`);
    const chosen = methods[order];
    if (chosen?.payment_token) {
      this.paymentMethodId = String(chosen.payment_method_id);
      this.paymentToken = String(chosen.payment_token);
      const card = chosen.card as Body | null;
      if (card) assert.ok(card.expiry_year != null && card.card_holder_name != null, `${step}: expiry_year, card_holder_name`);
      assert.ok(chosen.last_used_at != null && new Date(String(chosen.last_used_at)).getTime() < Date.now(), `${step}: last_used_at`);
      if (order > 0) assert.ok(new Date(String(methods[0]?.last_used_at)).getTime() > new Date(String(chosen.last_used_at)).getTime(), `${step}: last_used_at ordering`);
    } else {
      assert.equal(methods.length, 0, `${step}: customer_payment_methods empty`);
    }
    methods.forEach((method, index) => {
      assert.equal(method.customer_id, this.customerId, `${step}: ${index} customer_id`);
      assert.match(String(method.payment_token), /token_/, `${step}: ${index} payment_token`);
      assert.match(String(method.payment_method_id), /pm_/, `${step}: ${index} payment_method_id`);
      assert.ok(method.payment_method != null && method.payment_method_type != null && method.last_used_at != null, `${step}: ${index} payment_method, payment_method_type, last_used_at`);
    });
    return methods;
  }

  /**
   * saveCardConfirmCallTest (the publishable key): a copy of save-card-confirm-body.json with
   * card_cvc (the `Request`'s card's, when the payment's setup_future_usage is on_session),
   * client_secret, payment_token and profile_id, then the `Request` without payment_method_data and
   * customer_acceptance; the answer checked as the command does.
   */
  async saveCardConfirm(data: Exchange): Promise<ApiResponse> {
    const step = 'saveCardConfirmCallTest';
    const request = structuredClone(data.Request ?? {});
    const card = (request.payment_method_data as { card?: Body } | undefined)?.card;
    const body = saveCardConfirmBody();
    if (this.actualSetupFutureUsage === 'on_session' && card?.card_cvc) body.card_cvc = card.card_cvc;
    Object.assign(body, { client_secret: this.clientSecret, payment_token: this.paymentToken, profile_id: this.profileId() });
    delete request.payment_method_data;
    delete request.customer_acceptance;
    Object.assign(body, request);
    const response = await this.request('POST', `/payments/${this.paymentId}/confirm`, body, this.publishableKey);
    assert.match(response.headers.get('content-type') ?? '', /application\/json/, `${step}: content-type`);
    if (response.status !== 200) {
      expectAnswer(response, data.Response, step);
      return response;
    }
    const payment = response.body;
    this.expectConnector(payment, step);
    assert.equal(payment.payment_id, this.paymentId, `${step}: payment_id`);
    assert.ok(nonEmpty(payment.payment_method_data) && nonEmpty(payment.customer), `${step}: payment_method_data, customer`);
    if (request.billing !== null) assert.ok(nonEmpty(payment.billing), `${step}: billing`);
    assert.ok(payment.profile_id != null && payment.payment_token != null, `${step}: profile_id, payment_token`);
    noErrorUnlessFailed(payment, data.Response, step);
    if (payment.authentication_type === 'three_ds') {
      const nextAction = payment.next_action as Body | null;
      assert.ok(typeof nextAction?.redirect_to_url === 'string', `${step}: next_action.redirect_to_url`);
      this.nextActionUrl = nextAction.redirect_to_url as string;
      if (payment.capture_method === 'automatic' && payment.payment_method_id) assert.equal(payment.payment_method_status, 'active', `${step}: payment_method_status`);
    } else {
      expectAnswer(response, data.Response, step);
      assert.equal(payment.customer_id, this.customerId, `${step}: customer_id`);
      if (payment.capture_method === 'automatic' && ['partially_captured', 'requires_capture', 'succeeded'].includes(String(payment.status))) {
        assert.match(String(payment.payment_method_id), /pm_/, `${step}: payment_method_id`);
        assert.equal(payment.payment_method_status, 'active', `${step}: payment_method_status`);
      }
    }
    return response;
  }

  get merchant(): string {
    return this.merchantId;
  }

  /** captureCallTest (the secret key): capture-flow-body.json with profile_id, then the `Request`; an answer with a capture_method is checked member by member, else defaultErrorHandler. */
  async capture(data: Exchange): Promise<void> {
    const step = 'captureCallTest';
    const body = Object.assign(this.spec.captureBody, { profile_id: this.profileId() }, structuredClone(data.Request));
    const response = await this.request('POST', `/payments/${this.paymentId}/capture`, body);
    assert.match(response.headers.get('content-type') ?? '', /application\/json/, `${step}: content-type`);
    if (response.body.capture_method !== undefined) {
      assert.equal(response.body.payment_id, this.paymentId, `${step}: payment_id`);
      for (const [member, value] of Object.entries(data.Response.body)) assert.deepEqual(response.body[member], value, `${step}: ${member} (${response.text.slice(0, 300)})`);
    } else {
      expectAnswer(response, data.Response, step);
    }
  }

  /** voidCallTest (the secret key): void-payment-body.json with profile_id, then the `Request`. */
  async void(data: Exchange): Promise<void> {
    const step = 'voidCallTest';
    const body = Object.assign(this.spec.voidBody, { profile_id: this.profileId() }, structuredClone(data.Request));
    const response = await this.request('POST', `/payments/${this.paymentId}/cancel`, body);
    if (response.status === 200) {
      assert.match(response.headers.get('content-type') ?? '', /application\/json/, `${step}: content-type`);
      for (const [member, value] of Object.entries(data.Response.body)) assert.deepEqual(response.body[member], value, `${step}: ${member} (${response.text.slice(0, 300)})`);
    } else {
      expectAnswer(response, data.Response, step);
    }
  }

  /** handleRedirection (three_ds): the customer completes the challenge and is sent back to the return URL's host with the payment's id (verifyReturnUrl). */
  async handleRedirection(expectedRedirection: string): Promise<void> {
    const step = 'handleRedirection';
    assert.ok(this.nextActionUrl, `${step}: nextActionUrl`);
    const answer = await answerChallenge(this.nextActionUrl, 'complete');
    assert.equal(answer.status, 302, `${step}: back to the return URL`);
    const location = new URL(answer.headers.get('location') ?? '');
    assert.equal(location.host, new URL(expectedRedirection).host, `${step}: return URL's host`);
    assert.equal(location.searchParams.get('payment_id'), this.paymentId, `${step}: payment_id`);
  }

  /** refundCallTest with a `SyncRefund` entry (no Request), as 09's Create+Confirm partial refund sends it: refund-flow-body.json as the last refund left it. */
  async refundAsSync(data: Exchange): Promise<void> {
    await this.refund(data);
  }

  /** listRefundCallTest (the secret key): list-refund-call-body.json; `data` a non-empty array. */
  async listRefunds(): Promise<void> {
    const step = 'listRefundCallTest';
    const response = await this.request('POST', '/refunds/list', this.spec.listRefundCall);
    assert.equal(response.status, 200, `${step}: ${response.text}`);
    assert.match(response.headers.get('content-type') ?? '', /application\/json/, `${step}: content-type`);
    assert.ok(Array.isArray(response.body.data) && response.body.data.length > 0, `${step}: data`);
  }

  /** confirmCallTest with another publishable key in globalState (the spec sets it, then puts the merchant's back). */
  async confirmWithKey(data: Exchange, key: string): Promise<void> {
    const original = this.publishableKey;
    this.publishableKey = key;
    try {
      await this.confirm(data);
    } finally {
      this.publishableKey = original;
    }
  }

  /** sessionTokenCall (the publishable key, the SDK's headers): session-token.json with the payment's id and client secret. */
  async sessionToken(data: Exchange, key = this.publishableKey): Promise<void> {
    const body = { payment_id: this.paymentId, client_secret: this.clientSecret, wallets: [] };
    const response = await this.sandbox.request('POST', '/payments/session_tokens', {
      key,
      body,
      headers: { Accept: 'application/json', 'x-merchant-domain': 'hyperswitch - demo - store.netlify.app', 'x-client-platform': 'web' },
    });
    expectAnswer(response, data.Response, 'sessionTokenCall');
  }

  /**
   * createCustomerCallTest with the body the spec passes: a 200 becomes the customer and echoes what
   * was sent; a 400 that says "already exists" is IR_12 with upstream's message.
   */
  async createCustomerWith(body: Body): Promise<ApiResponse> {
    const step = 'createCustomerCallTest';
    const response = await this.request('POST', '/customers', body);
    if (response.status === 200) {
      this.customerId = String(response.body.customer_id);
      assert.ok(this.customerId.length > 0, `${step}: customer_id`);
      for (const member of ['email', 'name', 'phone', 'phone_country_code'] as const) assert.equal(response.body[member], body[member], `${step}: ${member}`);
      for (const member of ['metadata', 'address'] as const) assert.deepEqual(response.body[member], body[member], `${step}: ${member}`);
    } else if (response.status === 400) {
      const error = (response.body as { error: { message: string; code: string } }).error;
      if (error.message.includes('already exists')) assert.deepEqual([error.code, error.message], ['IR_12', 'Customer with the given `customer_id` already exists'], `${step}: duplicate`);
    }
    return response;
  }

  get customer(): string {
    return this.customerId;
  }

  get refund_id(): string {
    return this.refundId;
  }

  /** The payment's status now (retrievePaymentCallTest's answer), for a flow's own check. */
  async status(): Promise<string> {
    return String((await this.retrieve()).status);
  }
}

/**
 * One spec's globalState: the flow `make` builds (its commands and the spec's fixtures), set up on the
 * spec's first flow (a merchant and customer; then `before`, a spec's before hook) and again for another
 * sandbox, shared by its flows in order (as upstream's contexts of one spec file). Each replay file's
 * `spec()` is this with its own flow.
 */
export function specState<F extends { setup(): Promise<void> }>(make: (sandbox: TestSandbox) => F, before?: (cy: F) => Promise<void>) {
  let flow: F | undefined;
  let sandboxSeen: TestSandbox | undefined;
  return (run: (cy: F) => Promise<void>) => async (sandbox: TestSandbox) => {
    if (!flow || sandboxSeen !== sandbox) {
      flow = make(sandbox);
      sandboxSeen = sandbox;
      await flow.setup();
      await before?.(flow);
    }
    await run(flow);
  };
}

export const RETURN_URL = 'https://example.com';
