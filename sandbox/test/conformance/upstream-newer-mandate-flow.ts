/**
 * The framework of the newer mandate and saved-payment-method replays (juspay/hyperswitch at d1688907,
 * June 2026, `cypress-tests/cypress/`), as a Stripe run sends them: upstream-newer-mandates.ts replays
 * 11, 12, 13, 15 and 20, upstream-newer-methods.ts 24, 27 and 33.
 *
 * It is upstream-newer-core-flow.ts's (its `CoreFlow` of commands on one spec's `globalState` and
 * fixtures, Stripe's `card_pm` entries, Stripe's 3-D Secure card 4000002500003155 as sent, its
 * challenge answered "Complete Payment"), extended with the commands these specs use, each as
 * `support/commands.js`@d1688907 defines it: `citForMandatesCallTest`, `mitForMandatesCallTest`,
 * `mitUsingPMId`, `listMandateCallTest`, `revokeMandateCallTest`, `customerDeleteCall`,
 * `createPaymentMethodTest`, `deletePaymentMethodTest`, `setDefaultPaymentMethodTest` and
 * `UpdateBusinessProfileTest` with the body a spec passes. `retrievePaymentCallTest` keeps the payment's `payment_method_id` as `paymentMethodId`, as
 * the command does (the MITs by payment method id send it). The CITs and MITs by mandate check the
 * payment's `connector` (stripe) and `merchant_connector_id` (03-ConnectorCreate's account,
 * `merchantConnectorId`) as the commands do; mitUsingPMId checks neither.
 *
 * As in the other ports, a spec's contexts run in order on one merchant, customer and Stripe connector
 * account (Flow.setup), sharing the spec's imported fixtures (create-mandate-cit.json,
 * create-mandate-mit.json, create-pm-id-mit.json and the core ones), which the commands write into: a
 * member a `Request` sets stays for the spec's later commands (20's `billing: null` of
 * MITWithoutBillingAddress stays in create-pm-id-mit.json, its 3-D Secure CIT's `authentication_type`
 * in create-mandate-cit.json).
 *
 * Where a command checks nothing that could fail on an answer (revokeMandateCallTest compares
 * `response.body.status` with 200 and 400, which a body's status never is; mitForMandatesCallTest
 * checks a 400 only when its message is "Mandate Validation Failed"), the flow checks beyond it what
 * upstream's router answers, citing the function.
 */
import assert from 'node:assert/strict';
import type { ApiResponse, TestSandbox } from '../helpers.js';
import { citConfirmBodyA7f8560a, expectAnswer, nonEmpty, ok, refused, type Body, type Exchange } from './upstream-fixtures.js';
import { stripeNo3DSCard } from './upstream-newer.js';
import { CoreFlow, customerAcceptance, specFixtures, specState, threeDSCard, type CoreFixtures } from './upstream-newer-core-flow.js';
import { BROWSER, HARRISON } from './upstream-newer-fixtures.js';
import type { RetrieveOptions } from './upstream-newer-flow.js';

// ---- the fixtures at d1688907 these specs add ------------------------------------------------------------

const BROWSER_INFO = { ip_address: '129.0.0.1', ...BROWSER };
const HARRISON_DOE = { ...HARRISON, last_name: 'Doe' };

/** create-mandate-cit.json@d1688907 (`citConfirmBody`): as it has been since a7f8560a (upstream-fixtures.ts). */
const citConfirmBody = citConfirmBodyA7f8560a;

/** create-mandate-mit.json@d1688907 (`mitConfirmBody`) */
const mitConfirmBody = (): Body => ({
  amount: 6540,
  currency: 'USD',
  capture_method: 'automatic',
  off_session: true,
  confirm: true,
  description: 'Initiated by merchant',
  mandate_id: 'mandate_id',
  customer_id: 'StripeCustomer',
  billing: { address: { ...HARRISON_DOE } },
  browser_info: { ...BROWSER_INFO },
});

/** create-pm-id-mit.json@d1688907 (`pmIdConfirmBody`) */
const pmIdConfirmBody = (): Body => ({
  amount: 999,
  currency: 'USD',
  confirm: true,
  customer_id: 'customer098765',
  return_url: 'https://example.com',
  recurring_details: { type: 'payment_method_id', data: '{{payment_method_id}}' },
  off_session: true,
  billing: {
    address: { first_name: 'John', last_name: 'Doe', line1: '1467', line2: 'Harrison Street', line3: 'Harrison Street', city: 'San Fransico', state: 'California', zip: '94122', country: 'US' },
    phone: { number: '9123456789', country_code: '+91' },
  },
  browser_info: { ...BROWSER_INFO },
});

export interface MandateFixtures extends CoreFixtures {
  citConfirmBody: Body;
  mitConfirmBody: Body;
  pmIdConfirmBody: Body;
}

export const mandateFixtures = (): MandateFixtures => ({ ...specFixtures(), citConfirmBody: citConfirmBody(), mitConfirmBody: mitConfirmBody(), pmIdConfirmBody: pmIdConfirmBody() });

// ---- the connector config: getConnectorDetails("stripe") at d1688907 ------------------------------------

/** Stripe.js `singleUseMandateData`, `multiUseMandateData` (Commons.js's customerAcceptance). */
const singleUseMandateData = { customer_acceptance: customerAcceptance, mandate_type: { single_use: { amount: 8000, currency: 'USD' } } };
const multiUseMandateData = { customer_acceptance: customerAcceptance, mandate_type: { multi_use: { amount: 8000, currency: 'USD' } } };
const no3DS = { payment_method: 'card', payment_method_data: { card: stripeNo3DSCard } };

export const mandate = {
  /** Stripe.js `MandateSingleUseNo3DSAutoCapture`, `MandateSingleUseNo3DSManualCapture`, `MandateMultiUseNo3DSAutoCapture`, `MandateMultiUseNo3DSManualCapture` */
  MandateSingleUseNo3DSAutoCapture: { Request: { ...no3DS, currency: 'USD', mandate_data: singleUseMandateData }, Response: ok({ status: 'succeeded' }) },
  MandateSingleUseNo3DSManualCapture: { Request: { ...no3DS, currency: 'USD', mandate_data: singleUseMandateData }, Response: ok({ status: 'requires_capture' }) },
  MandateMultiUseNo3DSAutoCapture: { Request: { ...no3DS, currency: 'USD', mandate_data: multiUseMandateData }, Response: ok({ status: 'succeeded' }) },
  MandateMultiUseNo3DSManualCapture: { Request: { ...no3DS, currency: 'USD', mandate_data: multiUseMandateData }, Response: ok({ status: 'requires_capture' }) },
  /** Stripe.js `MITAutoCapture` (Commons.js's, with Stripe's Configs for another spec); `MITManualCapture`; Commons.js `MITWithoutBillingAddress` */
  MITAutoCapture: { Request: {}, Response: ok({ status: 'succeeded' }) },
  MITManualCapture: { Request: {}, Response: ok({ status: 'requires_capture' }) },
  MITWithoutBillingAddress: { Request: { billing: null }, Response: ok({ status: 'succeeded' }) },
  /** Stripe.js `ZeroAuthMandate`, `ZeroAuthPaymentIntent`, `ZeroAuthConfirmPayment` */
  ZeroAuthMandate: { Request: { ...no3DS, currency: 'USD', mandate_data: singleUseMandateData }, Response: ok({ status: 'succeeded' }) },
  ZeroAuthPaymentIntent: { Request: { amount: 0, setup_future_usage: 'off_session', currency: 'USD' }, Response: ok({ status: 'requires_payment_method', setup_future_usage: 'off_session' }) },
  ZeroAuthConfirmPayment: {
    Request: { payment_type: 'setup_mandate', payment_method: 'card', payment_method_type: 'credit', payment_method_data: { card: stripeNo3DSCard }, mandate_data: null, customer_acceptance: customerAcceptance },
    Response: ok({ status: 'succeeded', setup_future_usage: 'off_session' }),
  },
  /** Stripe.js `PaymentMethodIdMandateNo3DSAutoCapture`, `…No3DSManualCapture`, `…3DSAutoCapture`, `…3DSManualCapture` (the 3-D Secure card swapped, see upstream-newer-core-flow.ts) */
  PaymentMethodIdMandateNo3DSAutoCapture: { Request: { ...no3DS, currency: 'USD', mandate_data: null, customer_acceptance: customerAcceptance }, Response: ok({ status: 'succeeded' }) },
  PaymentMethodIdMandateNo3DSManualCapture: { Request: { ...no3DS, currency: 'USD', mandate_data: null, customer_acceptance: customerAcceptance }, Response: ok({ status: 'requires_capture' }) },
  PaymentMethodIdMandate3DSAutoCapture: {
    Request: { payment_method: 'card', payment_method_data: { card: threeDSCard }, currency: 'USD', mandate_data: null, authentication_type: 'three_ds', customer_acceptance: customerAcceptance },
    Response: ok({ status: 'requires_customer_action' }),
  },
  PaymentMethodIdMandate3DSManualCapture: {
    Request: { payment_method: 'card', payment_method_data: { card: threeDSCard }, mandate_data: null, authentication_type: 'three_ds', customer_acceptance: customerAcceptance },
    Response: ok({ status: 'requires_customer_action' }),
  },
  /** Stripe.js `SaveCardUse3DSAutoCaptureOffSession` (the card swapped) */
  SaveCardUse3DSAutoCaptureOffSession: {
    Request: { payment_method: 'card', payment_method_type: 'debit', payment_method_data: { card: threeDSCard }, setup_future_usage: 'off_session', customer_acceptance: customerAcceptance },
    Response: ok({ status: 'requires_customer_action' }),
  },
  /** Commons.js `PaymentMethod` (24 takes it from getConnectorDetails("commons")) */
  PaymentMethod: {
    Request: {
      payment_method: 'card',
      payment_method_type: 'credit',
      payment_method_issuer: 'Gpay',
      payment_method_issuer_code: 'jp_hdfc',
      card: { card_number: '4111111145551142', card_exp_month: '03', card_exp_year: '30', card_holder_name: 'Joseph Doe' },
    },
    Response: ok({}),
  },
  /**
   * Stripe.js `ManualRetryPaymentDisabled`, `ManualRetryPaymentCutoffExpired`: Stripe.js writes their
   * error's members straight in `body` (no `error`), so defaultErrorHandler compares none of them;
   * they are checked here as the `error` they describe.
   */
  ManualRetryPaymentDisabled: {
    Request: { ...no3DS, currency: 'USD', customer_acceptance: null, setup_future_usage: 'on_session' },
    Response: refused(400, { type: 'invalid_request', message: 'You cannot confirm this payment because it has status failed, you can enable `manual_retry` in profile to try this payment again', code: 'IR_16' }),
  },
  ManualRetryPaymentEnabled: {
    Request: { ...no3DS, currency: 'USD', customer_acceptance: null, setup_future_usage: 'on_session' },
    Response: ok({ status: 'succeeded', payment_method: 'card', attempt_count: 2 }),
  },
  ManualRetryPaymentCutoffExpired: {
    Request: { ...no3DS, currency: 'USD', customer_acceptance: null, setup_future_usage: 'on_session' },
    Response: refused(400, { type: 'invalid_request', message: 'You cannot confirm this payment using `manual_retry` because the allowed duration has expired', code: 'IR_16' }),
  },
} satisfies Record<string, Exchange>;

// ---- the commands these specs add -------------------------------------------------------------------------

export class MandateFlow extends CoreFlow {
  constructor(
    sandbox: TestSandbox,
    protected readonly fx: MandateFixtures,
  ) {
    super(sandbox, fx);
  }

  /** The `Request`'s members written into the fixture, as the commands' `for (const key in reqData)` does. */
  private static into(body: Body, request: Body | undefined): Body {
    for (const [key, value] of Object.entries(structuredClone(request ?? {}))) if (key !== 'split_payments') body[key] = value;
    return body;
  }

  /**
   * citForMandatesCallTest (the secret key): create-mandate-cit.json with the `Request`, then amount,
   * capture_method, confirm, customer_id, payment_type and profile_id; POST /payments.
   */
  async citForMandates(data: Exchange, amount: number, confirm: boolean, captureMethod: string, paymentType: string): Promise<ApiResponse> {
    const step = 'citForMandatesCallTest';
    const body = MandateFlow.into(this.fx.citConfirmBody, data.Request);
    Object.assign(body, { amount, capture_method: captureMethod, confirm, customer_id: this.customerId, payment_type: paymentType, profile_id: this.profileId() });
    this.paymentAmount = amount;
    const response = await this.request('POST', '/payments', body);
    assert.match(response.headers.get('content-type') ?? '', /application\/json/, `${step}: content-type`);
    if (response.status !== 200) {
      expectAnswer(response, data.Response, step);
      return response;
    }
    const payment = response.body;
    this.paymentId = String(payment.payment_id);
    this.clientSecret = String(payment.client_secret);
    assert.ok(nonEmpty(payment.payment_method_data), `${step}: payment_method_data (${response.text.slice(0, 300)})`);
    this.expectConnector(payment, step);
    assert.ok(nonEmpty(payment.customer) && payment.profile_id != null, `${step}: customer, profile_id`);
    if (payment.status !== 'failed' && payment.setup_future_usage === 'off_session') assert.ok(payment.payment_method_id != null, `${step}: payment_method_id`);
    if (body.mandate_data === null) {
      if (payment.payment_method_id) this.paymentMethodId = String(payment.payment_method_id);
    } else {
      assert.ok('mandate_id' in payment, `${step}: mandate_id`);
      this.mandateId = payment.mandate_id == null ? undefined : String(payment.mandate_id);
    }
    if (!['automatic', 'manual', 'manual_multiple'].includes(String(payment.capture_method))) assert.fail(`${step}: Invalid capture method ${String(payment.capture_method)}`);
    if (payment.capture_method === 'automatic') assert.ok('mandate_id' in payment, `${step}: mandate_id`);
    const nextAction = payment.next_action as Body | null;
    if (payment.authentication_type === 'three_ds') {
      if (payment.status !== 'succeeded') {
        assert.ok(nextAction != null && typeof nextAction.redirect_to_url === 'string', `${step}: next_action.redirect_to_url`);
        this.nextActionUrl = nextAction.redirect_to_url as string;
      }
    } else if (payment.authentication_type === 'no_three_ds') {
      if (payment.status !== 'succeeded' && typeof nextAction?.redirect_to_url === 'string') this.nextActionUrl = nextAction.redirect_to_url;
      if (payment.setup_future_usage === 'off_session' && payment.mandate_id === null && payment.status === 'succeeded') assert.ok(payment.connector_mandate_id != null, `${step}: connector_mandate_id`);
    } else {
      assert.fail(`${step}: Invalid authentication type ${String(payment.authentication_type)}`);
    }
    for (const [key, value] of Object.entries(data.Response.body)) assert.deepEqual(payment[key], value, `${step}: ${key}`);
    return response;
  }

  /** The MIT commands' shared checks of a 200: the `Request`'s expected members equal, a redirect for three_ds. */
  private mitAnswered(payment: Body, data: Exchange, step: string): void {
    if (!['automatic', 'manual', 'manual_multiple'].includes(String(payment.capture_method))) assert.fail(`${step}: Invalid capture method ${String(payment.capture_method)}`);
    if (payment.authentication_type === 'three_ds') {
      assert.ok(typeof (payment.next_action as Body | null)?.redirect_to_url === 'string', `${step}: next_action.redirect_to_url`);
    } else if (payment.authentication_type !== 'no_three_ds') {
      assert.fail(`${step}: Invalid authentication type ${String(payment.authentication_type)}`);
    }
    for (const [key, value] of Object.entries(data.Response.body)) assert.equal(payment[key], value, `${step}: ${key} (${JSON.stringify(payment).slice(0, 300)})`);
  }

  /**
   * mitForMandatesCallTest (the secret key): create-mandate-mit.json with the `Request`, then amount,
   * confirm, capture_method, customer_id, the kept mandate_id and profile_id. A 400 is checked only
   * when its message is "Mandate Validation Failed" (HE_03, the amount over the mandate's).
   */
  async mitForMandates(data: Exchange, amount: number, confirm: boolean, captureMethod: string): Promise<ApiResponse> {
    const step = 'mitForMandatesCallTest';
    const body = MandateFlow.into(this.fx.mitConfirmBody, data.Request);
    Object.assign(body, { amount, confirm, capture_method: captureMethod, customer_id: this.customerId, mandate_id: this.mandateId, profile_id: this.profileId() });
    this.paymentAmount = amount;
    const response = await this.request('POST', '/payments', body);
    assert.match(response.headers.get('content-type') ?? '', /application\/json/, `${step}: content-type`);
    if (response.status === 200) {
      const payment = response.body;
      this.paymentId = String(payment.payment_id);
      assert.ok(nonEmpty(payment.payment_method_data), `${step}: payment_method_data`);
      this.expectConnector(payment, step);
      assert.ok(nonEmpty(payment.customer) && payment.profile_id != null && payment.payment_method_id != null, `${step}: customer, profile_id, payment_method_id`);
      this.mitAnswered(payment, data, step);
    } else if (response.status === 400) {
      const error = (response.body as { error: Body }).error;
      if (error.message === 'Mandate Validation Failed') assert.deepEqual([error.code, error.reason], ['HE_03', 'request amount is greater than mandate amount'], `${step}: HE_03`);
    } else {
      expectAnswer(response, data.Response, step);
    }
    return response;
  }

  /**
   * mitUsingPMId (the secret key): create-pm-id-mit.json with the `Request`, then amount,
   * capture_method, confirm, customer_id, profile_id and `recurring_details.data` the kept
   * paymentMethodId; for an active method connector_mandate_id there, or null with connector_agnostic_mit.
   */
  async mitUsingPMId(data: Exchange, amount: number, confirm: boolean, captureMethod: string, connectorAgnosticMit = false): Promise<ApiResponse> {
    const step = 'mitUsingPMId';
    const body = MandateFlow.into(this.fx.pmIdConfirmBody, data.Request);
    Object.assign(body, { amount, capture_method: captureMethod, confirm, customer_id: this.customerId, profile_id: this.profileId() });
    (body.recurring_details as Body).data = this.paymentMethodId;
    this.paymentAmount = amount;
    const response = await this.request('POST', '/payments', body);
    assert.match(response.headers.get('content-type') ?? '', /application\/json/, `${step}: content-type`);
    if (response.status !== 200) {
      expectAnswer(response, data.Response, step);
      return response;
    }
    const payment = response.body;
    this.paymentId = String(payment.payment_id);
    if (payment.status === 'failed') assert.equal(payment.connector_transaction_id, null, `${step}: connector_transaction_id`);
    else assert.ok(payment.connector_transaction_id != null, `${step}: connector_transaction_id`);
    if (typeof payment.payment_method_id === 'string' && payment.payment_method_id !== '') {
      assert.match(payment.payment_method_id, /pm_/, `${step}: payment_method_id`);
      if (['succeeded', 'requires_capture', 'partially_captured'].includes(String(payment.status))) {
        assert.equal(payment.payment_method_status, 'active', `${step}: payment_method_status for active status`);
        if (connectorAgnosticMit) assert.equal(payment.connector_mandate_id, null, `${step}: connector_mandate_id for active status`);
        else assert.ok(payment.connector_mandate_id != null, `${step}: connector_mandate_id for active status`);
      } else {
        assert.equal(payment.payment_method_status, 'inactive', `${step}: payment_method_status for inactive status`);
        assert.equal(payment.connector_mandate_id, null, `${step}: connector_mandate_id for inactive status`);
      }
    }
    this.mitAnswered(payment, data, step);
    return response;
  }

  /**
   * listMandateCallTest (the secret key; cy.request fails on a status other than 2xx or 3xx): the kept
   * mandate, when listed, active. Beyond the command: the answer is a list, and it has the kept mandate.
   */
  async listMandates(): Promise<Body[]> {
    const step = 'listMandateCallTest';
    const response = await this.request('GET', `/customers/${this.customerId}/mandates`);
    assert.ok(response.status >= 200 && response.status < 400, `${step}: ${response.status} ${response.text}`);
    assert.match(response.headers.get('content-type') ?? '', /application\/json/, `${step}: content-type`);
    const mandates = response.body as unknown as Body[];
    assert.ok(Array.isArray(mandates), `${step}: a list`);
    for (const listed of mandates) if (listed.mandate_id === this.mandateId) assert.equal(listed.status, 'active', `${step}: ${String(listed.mandate_id)} status`);
    assert.ok(mandates.some((listed) => listed.mandate_id === this.mandateId), `${step}: the mandate ${String(this.mandateId)} listed`);
    return mandates;
  }

  /**
   * revokeMandateCallTest (the secret key): only the content type is checked (its `body.status ===
   * 200` never holds). Beyond it, upstream's revoke_mandate (crates/router/src/core/mandate.rs@d1688907):
   * an active or inactive mandate answers 200 `{ mandate_id, status: "revoked" }`, a revoked one 400
   * MandateValidationFailed (HE_03 "Mandate Validation Failed", reason "Mandate has already been revoked").
   */
  async revokeMandate(already: boolean): Promise<void> {
    const step = 'revokeMandateCallTest';
    const response = await this.request('POST', `/mandates/revoke/${String(this.mandateId)}`);
    assert.match(response.headers.get('content-type') ?? '', /application\/json/, `${step}: content-type`);
    if (already) {
      assert.equal(response.status, 400, `${step}: ${response.text}`);
      const error = (response.body as { error: Body }).error;
      assert.deepEqual([error.code, error.message, error.reason], ['HE_03', 'Mandate Validation Failed', 'Mandate has already been revoked'], `${step}: revoked again`);
    } else {
      assert.equal(response.status, 200, `${step}: ${response.text}`);
      assert.deepEqual([response.body.mandate_id, response.body.status], [this.mandateId, 'revoked'], `${step}: mandate_id, status`);
    }
  }

  /** retrievePaymentCallTest, keeping a `payment_method_id` the answer has as globalState's paymentMethodId. */
  override async retrieve(options?: RetrieveOptions): Promise<Body> {
    const payment = await super.retrieve(options);
    if (typeof payment.payment_method_id === 'string' && payment.payment_method_id !== '') this.paymentMethodId = payment.payment_method_id;
    return payment;
  }

  /** customerDeleteCall (the secret key): customer_id, and customer, address and payment methods deleted. */
  async deleteCustomer(): Promise<void> {
    const step = 'customerDeleteCall';
    const response = await this.request('DELETE', `/customers/${this.customerId}`);
    assert.ok(this.customerId !== '', `${step}: customer_id`);
    assert.deepEqual(
      [response.body.customer_id, response.body.customer_deleted, response.body.address_deleted, response.body.payment_methods_deleted],
      [this.customerId, true, true, true],
      `${step}: ${response.text}`,
    );
  }

  /** createPaymentMethodTest (the secret key): the `Request` with customer_id; a 200 echoes it and becomes paymentMethodId. */
  async createPaymentMethod(data: Exchange): Promise<void> {
    const step = 'createPaymentMethodTest';
    const body: Body = { ...structuredClone(data.Request), customer_id: this.customerId };
    const response = await this.request('POST', '/payment_methods', body);
    assert.match(response.headers.get('content-type') ?? '', /application\/json/, `${step}: content-type`);
    if (response.status !== 200) {
      expectAnswer(response, data.Response, step);
      return;
    }
    const method = response.body;
    assert.ok(String(method.client_secret).includes('_secret_'), `${step}: client_secret`);
    assert.ok(method.payment_method_id != null, `${step}: payment_method_id`);
    assert.equal(method.merchant_id, this.merchantId, `${step}: merchant_id`);
    assert.deepEqual([method.payment_method_type, method.payment_method], [body.payment_method_type, body.payment_method], `${step}: payment_method_type, payment_method`);
    assert.ok(method.last_used_at != null, `${step}: last_used_at`);
    assert.equal(method.customer_id, body.customer_id, `${step}: customer_id`);
    this.paymentMethodId = String(method.payment_method_id);
  }

  /** deletePaymentMethodTest (the secret key): 200 with the id and `deleted: true` (a 500 HE_00 only on a localhost without the card vault). */
  async deletePaymentMethod(): Promise<void> {
    const step = 'deletePaymentMethodTest';
    const response = await this.request('DELETE', `/payment_methods/${String(this.paymentMethodId)}`);
    assert.match(response.headers.get('content-type') ?? '', /application\/json/, `${step}: content-type`);
    assert.equal(response.status, 200, `${step}: Payment Method Delete Call Failed ${response.text}`);
    assert.deepEqual([response.body.payment_method_id, response.body.deleted], [this.paymentMethodId, true], `${step}: payment_method_id, deleted`);
  }

  /** setDefaultPaymentMethodTest (the secret key, no body): 200 with the default and the customer, or 400 "already set as default". */
  async setDefaultPaymentMethod(): Promise<ApiResponse> {
    const step = 'setDefaultPaymentMethodTest';
    const response = await this.sandbox.request('POST', `/customers/${this.customerId}/payment_methods/${String(this.paymentMethodId)}/default`, { key: this.apiKey });
    assert.match(response.headers.get('content-type') ?? '', /application\/json/, `${step}: content-type`);
    if (response.status === 200) {
      assert.deepEqual([response.body.default_payment_method_id, response.body.customer_id], [this.paymentMethodId, this.customerId], `${step}: default_payment_method_id, customer_id`);
    } else if (response.status === 400) {
      assert.equal((response.body as { error: Body }).error.message, 'Payment Method is already set as default', `${step}: 400`);
    } else {
      assert.ok('error' in response.body, `${step}: error`);
    }
    return response;
  }

  /** Moves the sandbox's clock on (the spec's `cy.wait`). */
  wait(ms: number): void {
    this.sandbox.advanceClock(ms);
  }
}

/** One spec's globalState: a merchant and customer made on its first flow, its fixtures, shared by its flows in order. */
export const spec = () => specState((sandbox) => new MandateFlow(sandbox, mandateFixtures()));

