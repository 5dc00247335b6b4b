/**
 * The newer versions of the real service's mandate, saved-payment-method and account Cypress specs
 * (juspay/hyperswitch at d1688907, June 2026, `cypress-tests/cypress/`), replayed with their requests
 * **as sent** by a Stripe run: 11-CreateSingleuseMandate, 12-CreateMultiuseMandate,
 * 13-ListAndRevokeMandate, 15-ZeroAuthMandate, 20-MandatesUsingPMID, 24-PaymentMethods,
 * 27-DeletedCustomerPsyncFlow and 33-ManualRetry. Not yet: 00-CoreFlows (its merchant, API-key,
 * customer, session-expiry and delete calls: merchantRetrieveCall, merchantListCall,
 * merchantUpdateCall, apiKey*Call, customerListCall, customerRetrieveCall, customerUpdateCall are
 * still to add here; ephemeralGenerateCall, the connector, feature-matrix and collect-link calls and
 * merchantDeleteCall have no sandbox route).
 *
 * The framework is upstream-newer-core.ts's (its `CoreFlow` of commands on one spec's `globalState`
 * and fixtures, Stripe's `card_pm` entries, Stripe's 3-D Secure card 4000002500003155 as sent, its
 * challenge answered "Complete Payment"), extended with the commands these specs use, each as
 * `support/commands.js`@d1688907 defines it: `citForMandatesCallTest`, `mitForMandatesCallTest`,
 * `mitUsingPMId`, `listMandateCallTest`, `revokeMandateCallTest`, `customerDeleteCall`,
 * `createPaymentMethodTest`, `deletePaymentMethodTest`, `setDefaultPaymentMethodTest` and
 * `UpdateBusinessProfileTest` with the body a spec passes. `retrievePaymentCallTest` keeps the payment's `payment_method_id` as `paymentMethodId`, as
 * the command does (the MITs by payment method id send it).
 *
 * As in the other ports, a spec's contexts run in order on one merchant and customer, sharing the
 * spec's imported fixtures (create-mandate-cit.json, create-mandate-mit.json, create-pm-id-mit.json
 * and the core ones), which the commands write into: a member a `Request` sets stays for the spec's
 * later commands (20's `billing: null` of MITWithoutBillingAddress stays in create-pm-id-mit.json,
 * its 3-D Secure CIT's `authentication_type` in create-mandate-cit.json).
 *
 * Where a command checks nothing that could fail on an answer (revokeMandateCallTest compares
 * `response.body.status` with 200 and 400, which a body's status never is; mitForMandatesCallTest
 * checks a 400 only when its message is "Mandate Validation Failed"), the flow checks beyond it what
 * upstream's router answers, citing the function.
 *
 * Skipped: connector-account creation (`createConnectorCallTest`), as in the other ports, and steps
 * whose route the sandbox does not have (each named where it is skipped).
 */
import assert from 'node:assert/strict';
import type { ApiResponse, TestSandbox } from '../helpers.js';
import type { UpstreamCase } from './upstream-cases.js';
import { citConfirmBodyA7f8560a, expectAnswer, nonEmpty, ok, refused, type Body, type Exchange } from './upstream-fixtures.js';
import { BROWSER, COMMIT, HARRISON, SPEC, stripeNo3DSCard, type RetrieveOptions } from './upstream-newer.js';
import { card_pm, CoreFlow, customerAcceptance, RETURN_URL, save, specFixtures, specState, threeDSCard, type CoreFixtures } from './upstream-newer-core.js';

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

interface MandateFixtures extends CoreFixtures {
  citConfirmBody: Body;
  mitConfirmBody: Body;
  pmIdConfirmBody: Body;
}

const mandateFixtures = (): MandateFixtures => ({ ...specFixtures(), citConfirmBody: citConfirmBody(), mitConfirmBody: mitConfirmBody(), pmIdConfirmBody: pmIdConfirmBody() });

// ---- the connector config: getConnectorDetails("stripe") at d1688907 ------------------------------------

/** Stripe.js `singleUseMandateData`, `multiUseMandateData` (Commons.js's customerAcceptance). */
const singleUseMandateData = { customer_acceptance: customerAcceptance, mandate_type: { single_use: { amount: 8000, currency: 'USD' } } };
const multiUseMandateData = { customer_acceptance: customerAcceptance, mandate_type: { multi_use: { amount: 8000, currency: 'USD' } } };
const no3DS = { payment_method: 'card', payment_method_data: { card: stripeNo3DSCard } };

const mandate = {
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
  /** Stripe.js `PaymentMethodIdMandateNo3DSAutoCapture`, `…No3DSManualCapture`, `…3DSAutoCapture`, `…3DSManualCapture` (the 3-D Secure card swapped, see upstream-newer-core.ts) */
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

class MandateFlow extends CoreFlow {
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
    this.sameConnector(payment, step);
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
      this.sameConnector(payment, step);
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
   * paymentMethodId; connector_mandate_id there for an active method (connector_agnostic_mit not set).
   */
  async mitUsingPMId(data: Exchange, amount: number, confirm: boolean, captureMethod: string): Promise<ApiResponse> {
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
        assert.ok(payment.connector_mandate_id != null, `${step}: connector_mandate_id for active status`);
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
const spec = () => specState((sandbox) => new MandateFlow(sandbox, mandateFixtures()));

// ---- e2e/spec/Payment/11-CreateSingleuseMandate.cy.js@d1688907 -------------------------------------------

function singleUseMandate(): UpstreamCase[] {
  const source = `${SPEC}/11-CreateSingleuseMandate.cy.js@${COMMIT}`;
  const replay = spec();
  return [
    {
      source: `${source} [Card - NoThreeDS Create + Confirm Automatic CIT and MIT payment flow test]`,
      name: 'as sent: Confirm No 3DS CIT (single use 8000, automatic, new_mandate): succeeded -> Confirm No 3DS MIT (6000, the mandate_id): succeeded',
      run: replay(async (cy) => {
        await cy.citForMandates(mandate.MandateSingleUseNo3DSAutoCapture, 6000, true, 'automatic', 'new_mandate');
        await cy.mitForMandates(mandate.MITAutoCapture, 6000, true, 'automatic');
      }),
    },
    {
      source: `${source} [Card - NoThreeDS Create + Confirm Manual CIT and MIT payment flow test]`,
      name: 'as sent: Confirm No 3DS CIT (manual): requires_capture -> cit-capture 6000: succeeded -> Confirm No 3DS MIT (manual): requires_capture -> mit-capture: succeeded -> list mandates: the mandate active',
      run: replay(async (cy) => {
        await cy.citForMandates(mandate.MandateSingleUseNo3DSManualCapture, 6000, true, 'manual', 'new_mandate');
        await cy.capture(card_pm.Capture);
        await cy.mitForMandates(mandate.MITManualCapture, 6000, true, 'manual');
        await cy.capture(card_pm.Capture);
        await cy.listMandates();
      }),
    },
    {
      source: `${source} [Card - No threeDS Create + Confirm Manual CIT and MIT payment flow test]`,
      name: 'as sent: Create No 3DS CIT (manual) -> cit-capture 6000 -> Confirm No 3DS MIT (automatic): succeeded -> list mandates: the mandate active',
      run: replay(async (cy) => {
        await cy.citForMandates(mandate.MandateSingleUseNo3DSManualCapture, 6000, true, 'manual', 'new_mandate');
        await cy.capture(card_pm.Capture);
        await cy.mitForMandates(mandate.MITAutoCapture, 6000, true, 'automatic');
        await cy.listMandates();
      }),
    },
    {
      source: `${source} [Card - Recurring mandate with greater mandate amount flow test]`,
      name: 'as sent: No 3DS CIT (manual, single use 8000) -> cit-capture 6000 -> Retrieve -> Confirm No 3DS MIT of 60000: 400 HE_03 Mandate Validation Failed, request amount is greater than mandate amount',
      run: replay(async (cy) => {
        await cy.citForMandates(mandate.MandateSingleUseNo3DSManualCapture, 6000, true, 'manual', 'new_mandate');
        await cy.capture(card_pm.Capture);
        await cy.retrieve();
        const mit = await cy.mitForMandates(mandate.MITAutoCapture, 60000, true, 'manual');
        // beyond the command (which checks a 400 only by its message): upstream's validate_mandate_amount… refuses it
        // (crates/router/src/core/payments/helpers.rs@d1688907, MandateValidationFailed "request amount is greater than mandate amount")
        assert.equal(mit.status, 400, `mitForMandatesCallTest: 60000 over the mandate's 8000 (${mit.text})`);
      }),
    },
    {
      source: `${source} [Card - NoThreeDS Zero Auth Mandate Create + Confirm Automatic CIT and Single use MIT payment flow test]`,
      name: 'as sent: customer-create -> Confirm No 3DS CIT (ZeroAuthMandate, 0, setup_mandate): succeeded -> retrieve -> Confirm No 3DS MIT (6000): succeeded -> retrieve',
      run: replay(async (cy) => {
        await cy.createCustomer();
        await cy.citForMandates(mandate.ZeroAuthMandate, 0, true, 'automatic', 'setup_mandate');
        await cy.retrieve();
        await cy.mitForMandates(mandate.MITAutoCapture, 6000, true, 'automatic');
        await cy.retrieve();
      }),
    },
  ];
}

// ---- e2e/spec/Payment/12-CreateMultiuseMandate.cy.js@d1688907 --------------------------------------------

function multiUseMandate(): UpstreamCase[] {
  const source = `${SPEC}/12-CreateMultiuseMandate.cy.js@${COMMIT}`;
  const replay = spec();
  return [
    {
      source: `${source} [Card - NoThreeDS Create + Confirm Automatic CIT and MIT payment flow test]`,
      name: 'as sent: Confirm No 3DS CIT (multi use 8000): succeeded -> Confirm No 3DS MIT (6000): succeeded -> Confirm No 3DS MIT (6000): succeeded',
      run: replay(async (cy) => {
        await cy.citForMandates(mandate.MandateMultiUseNo3DSAutoCapture, 6000, true, 'automatic', 'new_mandate');
        await cy.mitForMandates(mandate.MITAutoCapture, 6000, true, 'automatic');
        await cy.mitForMandates(mandate.MITAutoCapture, 6000, true, 'automatic');
      }),
    },
    {
      source: `${source} [Card - NoThreeDS Create + Confirm Manual CIT and MIT payment flow test]`,
      name: 'as sent: Confirm No 3DS CIT (manual) -> cit-capture -> MIT 1 (manual): requires_capture -> mit-capture -> MIT 2 (manual): requires_capture -> mit-capture: succeeded',
      run: replay(async (cy) => {
        await cy.citForMandates(mandate.MandateMultiUseNo3DSManualCapture, 6000, true, 'manual', 'new_mandate');
        await cy.capture(card_pm.Capture);
        await cy.mitForMandates(mandate.MITManualCapture, 6000, true, 'manual');
        await cy.capture(card_pm.Capture);
        await cy.mitForMandates(mandate.MITManualCapture, 6000, true, 'manual');
        await cy.capture(card_pm.Capture);
      }),
    },
    {
      source: `${source} [Card - ThreeDS Create + Confirm Manual CIT and MIT payment flow test]`,
      name: 'as sent (a No-3DS CIT, as the spec sends it despite its title): Confirm CIT (manual) -> cit-capture -> Confirm MIT (automatic): succeeded',
      run: replay(async (cy) => {
        await cy.citForMandates(mandate.MandateMultiUseNo3DSManualCapture, 6000, true, 'manual', 'new_mandate');
        await cy.capture(card_pm.Capture);
        await cy.mitForMandates(mandate.MITAutoCapture, 6000, true, 'automatic');
      }),
    },
    {
      source: `${source} [Card - Full Refund for Create + Confirm Automatic CIT and MIT payment flow test]`,
      name: 'as sent: CIT (multi use, automatic) -> MIT -> MIT (2nd attempt) -> Refund 6000 of the last MIT: succeeded -> Sync Refund: succeeded',
      run: replay(async (cy) => {
        await cy.citForMandates(mandate.MandateMultiUseNo3DSAutoCapture, 6000, true, 'automatic', 'new_mandate');
        await cy.mitForMandates(mandate.MITAutoCapture, 6000, true, 'automatic');
        await cy.mitForMandates(mandate.MITAutoCapture, 6000, true, 'automatic');
        await cy.refund(card_pm.Refund);
        await cy.syncRefund(card_pm.SyncRefund);
      }),
    },
    {
      source: `${source} [Card - NoThreeDS Zero Auth Mandate Create + Confirm Automatic CIT and Multi use MIT payment flow test]`,
      name: 'as sent: Confirm No 3DS CIT (ZeroAuthMandate, 0, setup_mandate) -> retrieve -> MIT (6000) -> retrieve -> MIT (6000) -> retrieve',
      run: replay(async (cy) => {
        await cy.citForMandates(mandate.ZeroAuthMandate, 0, true, 'automatic', 'setup_mandate');
        await cy.retrieve();
        await cy.mitForMandates(mandate.MITAutoCapture, 6000, true, 'automatic');
        await cy.retrieve();
        await cy.mitForMandates(mandate.MITAutoCapture, 6000, true, 'automatic');
        await cy.retrieve();
      }),
    },
  ];
}

// ---- e2e/spec/Payment/13-ListAndRevokeMandate.cy.js@d1688907 ---------------------------------------------

function listAndRevokeMandate(): UpstreamCase[] {
  const source = `${SPEC}/13-ListAndRevokeMandate.cy.js@${COMMIT}`;
  const replay = spec();
  return [
    {
      source: `${source} [Card - NoThreeDS Create + Confirm Automatic CIT and MIT payment flow test]`,
      name: 'as sent: Confirm No 3DS CIT (single use) -> Confirm No 3DS MIT -> list mandates: active -> revoke: revoked -> revoke the revoked: 400 HE_03 Mandate has already been revoked',
      run: replay(async (cy) => {
        await cy.citForMandates(mandate.MandateSingleUseNo3DSAutoCapture, 6000, true, 'automatic', 'new_mandate');
        await cy.mitForMandates(mandate.MITAutoCapture, 6000, true, 'automatic');
        await cy.listMandates();
        await cy.revokeMandate(false);
        await cy.revokeMandate(true);
      }),
    },
    {
      source: `${source} [Card - Zero auth CIT and MIT payment flow test]`,
      name: 'as sent: Confirm No 3DS CIT (ZeroAuthMandate, 0) -> list mandates: active -> Confirm No 3DS MIT -> list mandates: active -> revoke: revoked',
      run: replay(async (cy) => {
        await cy.citForMandates(mandate.ZeroAuthMandate, 0, true, 'automatic', 'setup_mandate');
        await cy.listMandates();
        await cy.mitForMandates(mandate.MITAutoCapture, 6000, true, 'automatic');
        await cy.listMandates();
        await cy.revokeMandate(false);
      }),
    },
  ];
}

// ---- e2e/spec/Payment/15-ZeroAuthMandate.cy.js@d1688907 --------------------------------------------------

function zeroAuthMandate(): UpstreamCase[] {
  const source = `${SPEC}/15-ZeroAuthMandate.cy.js@${COMMIT}`;
  const replay = spec();
  return [
    {
      source: `${source} [Card - Zero Auth Payment]`,
      name: 'as sent: Create Payment Intent (amount 0, off_session) -> Confirm (ZeroAuthConfirmPayment, setup_mandate): succeeded -> Retrieve -> List Customer PMs -> Create Recurring Payment Intent (off_session) -> Save Card Confirm (payment_token): succeeded -> Retrieve',
      run: replay(async (cy) => {
        await cy.createPaymentIntent(mandate.ZeroAuthPaymentIntent, 'no_three_ds', 'automatic');
        await cy.confirm(mandate.ZeroAuthConfirmPayment);
        await cy.retrieve();
        await cy.listCustomerPaymentMethods();
        await cy.createPaymentIntent(card_pm.PaymentIntentOffSession, 'no_three_ds', 'automatic');
        await cy.saveCardConfirm(save.SaveCardConfirmAutoCaptureOffSession);
        await cy.retrieve();
      }),
    },
    {
      source: `${source} [Card - Zero auth Mandate flow Using PMID (create and confirm)]`,
      name: 'as sent: Create Customer -> Create Payment Intent (amount 0) -> Confirm (ZeroAuthConfirmPayment): succeeded -> Retrieve (its payment_method_id kept) -> MIT by payment_method_id (6000): succeeded -> Retrieve -> MIT again -> Retrieve',
      run: replay(async (cy) => {
        await cy.createCustomer();
        await cy.createPaymentIntent(mandate.ZeroAuthPaymentIntent, 'no_three_ds', 'automatic');
        await cy.confirm(mandate.ZeroAuthConfirmPayment);
        await cy.retrieve();
        await cy.mitUsingPMId(mandate.MITAutoCapture, 6000, true, 'automatic');
        await cy.retrieve();
        await cy.mitUsingPMId(mandate.MITAutoCapture, 6000, true, 'automatic');
        await cy.retrieve();
      }),
    },
    {
      source: `${source} [Card - Zero auth Mandate flow Using PMID (create + confirm)]`,
      name: 'as sent: Create Customer -> CIT (ZeroAuthConfirmPayment into create-mandate-cit.json, 0, setup_mandate, mandate_data null): succeeded -> Retrieve -> MIT by payment_method_id (6000): succeeded -> Retrieve',
      run: replay(async (cy) => {
        await cy.createCustomer();
        await cy.citForMandates(mandate.ZeroAuthConfirmPayment, 0, true, 'automatic', 'setup_mandate');
        await cy.retrieve();
        await cy.mitUsingPMId(mandate.MITAutoCapture, 6000, true, 'automatic');
        await cy.retrieve();
      }),
    },
  ];
}

// ---- e2e/spec/Payment/20-MandatesUsingPMID.cy.js@d1688907 ------------------------------------------------
//
// Its "Create No 3DS Payment Intent" steps create an intent the CIT that follows does not use (the CIT
// is a payment of its own); they are replayed as sent.

function mandatesUsingPMID(): UpstreamCase[] {
  const source = `${SPEC}/20-MandatesUsingPMID.cy.js@${COMMIT}`;
  const replay = spec();
  return [
    {
      source: `${source} [Card - NoThreeDS Create and Confirm Automatic CIT and MIT payment flow test]`,
      name: 'as sent: customer-create -> Create Payment Intent (off_session) -> Confirm No 3DS CIT (mandate_data null, customer_acceptance): succeeded -> retrieve -> MIT by payment_method_id: succeeded -> retrieve',
      run: replay(async (cy) => {
        await cy.createCustomer();
        await cy.createPaymentIntent(card_pm.PaymentIntentOffSession, 'no_three_ds', 'automatic');
        await cy.citForMandates(mandate.PaymentMethodIdMandateNo3DSAutoCapture, 6000, true, 'automatic', 'new_mandate');
        await cy.retrieve();
        await cy.mitUsingPMId(mandate.MITAutoCapture, 6000, true, 'automatic');
        await cy.retrieve();
      }),
    },
    {
      source: `${source} [Card - NoThreeDS Create and Confirm Manual CIT and MIT payment flow test]`,
      name: 'as sent: Create Payment Intent (off_session, manual) -> Confirm No 3DS CIT (manual): requires_capture -> cit-capture -> retrieve -> MIT by payment_method_id (automatic): succeeded -> retrieve',
      run: replay(async (cy) => {
        await cy.createPaymentIntent(card_pm.PaymentIntentOffSession, 'no_three_ds', 'manual');
        await cy.citForMandates(mandate.PaymentMethodIdMandateNo3DSManualCapture, 6000, true, 'manual', 'new_mandate');
        await cy.capture(card_pm.Capture);
        await cy.retrieve();
        await cy.mitUsingPMId(mandate.MITAutoCapture, 6000, true, 'automatic');
        await cy.retrieve();
      }),
    },
    {
      source: `${source} [Card - NoThreeDS Create + Confirm Automatic CIT and MIT payment flow test]`,
      name: 'as sent: Confirm No 3DS CIT -> retrieve -> MIT by payment_method_id -> retrieve -> MIT again -> retrieve',
      run: replay(async (cy) => {
        await cy.citForMandates(mandate.PaymentMethodIdMandateNo3DSAutoCapture, 6000, true, 'automatic', 'new_mandate');
        await cy.retrieve();
        await cy.mitUsingPMId(mandate.MITAutoCapture, 6000, true, 'automatic');
        await cy.retrieve();
        await cy.mitUsingPMId(mandate.MITAutoCapture, 6000, true, 'automatic');
        await cy.retrieve();
      }),
    },
    {
      source: `${source} [Card - NoThreeDS Create + Confirm Manual CIT and MIT payment flow test]`,
      name: 'as sent: Confirm No 3DS CIT (manual) -> cit-capture -> retrieve -> MIT 1 (manual): requires_capture -> mit-capture -> retrieve -> MIT 2 (manual) -> mit-capture -> retrieve',
      run: replay(async (cy) => {
        await cy.citForMandates(mandate.PaymentMethodIdMandateNo3DSManualCapture, 6000, true, 'manual', 'new_mandate');
        await cy.capture(card_pm.Capture);
        await cy.retrieve();
        await cy.mitUsingPMId(mandate.MITManualCapture, 6000, true, 'manual');
        await cy.capture(card_pm.Capture);
        await cy.retrieve();
        await cy.mitUsingPMId(mandate.MITManualCapture, 6000, true, 'manual');
        await cy.capture(card_pm.Capture);
        await cy.retrieve();
      }),
    },
    {
      source: `${source} [Card - MIT without billing address]`,
      name: 'as sent: Create Payment Intent (off_session) -> Confirm No 3DS CIT -> MIT by payment_method_id with `billing: null`: succeeded',
      run: replay(async (cy) => {
        await cy.createPaymentIntent(card_pm.PaymentIntentOffSession, 'no_three_ds', 'automatic');
        await cy.citForMandates(mandate.PaymentMethodIdMandateNo3DSAutoCapture, 6000, true, 'automatic', 'new_mandate');
        await cy.mitUsingPMId(mandate.MITWithoutBillingAddress, 6000, true, 'automatic');
      }),
    },
    {
      source: `${source} [Card - ThreeDS Create + Confirm Automatic CIT and MIT payment flow test]`,
      name: 'as sent: Confirm 3DS CIT (challenge card): requires_customer_action -> Handle redirection (Complete Payment) -> retrieve -> MIT by payment_method_id: succeeded -> MIT again: succeeded',
      run: replay(async (cy) => {
        await cy.citForMandates(mandate.PaymentMethodIdMandate3DSAutoCapture, 6000, true, 'automatic', 'new_mandate');
        await cy.handleRedirection(RETURN_URL);
        await cy.retrieve();
        await cy.mitUsingPMId(mandate.MITAutoCapture, 6000, true, 'automatic');
        await cy.mitUsingPMId(mandate.MITAutoCapture, 6000, true, 'automatic');
      }),
    },
    {
      source: `${source} [Card - ThreeDS Create + Confirm Manual CIT and MIT payment flow]`,
      name: 'as sent: Confirm 3DS CIT (manual): requires_customer_action -> Handle redirection -> cit-capture 6000 -> retrieve -> MIT by payment_method_id (automatic): succeeded',
      run: replay(async (cy) => {
        await cy.citForMandates(mandate.PaymentMethodIdMandate3DSManualCapture, 6000, true, 'manual', 'new_mandate');
        await cy.handleRedirection(RETURN_URL);
        await cy.capture(card_pm.Capture);
        await cy.retrieve();
        await cy.mitUsingPMId(mandate.MITAutoCapture, 6000, true, 'automatic');
      }),
    },
  ];
}

// ---- e2e/spec/Payment/24-PaymentMethods.cy.js@d1688907 --------------------------------------------------
//
// Its "Create Payment Method" steps take Commons.js's PaymentMethod (getConnectorDetails("commons")).
// The "'Last Used' off-session token payments" contexts confirm the 3-D Secure ones with Stripe's
// 3-D Secure card (see upstream-newer-core.ts) and expect the return to confirm-body.json's return_url.

function paymentMethods(): UpstreamCase[] {
  const source = `${SPEC}/24-PaymentMethods.cy.js@${COMMIT}`;
  const replay = spec();
  return [
    {
      source: `${source} [Create payment method for customer]`,
      name: 'as sent: Create customer -> Create Payment Method (Commons PaymentMethod, POST /payment_methods) -> List PM for customer',
      run: replay(async (cy) => {
        await cy.createCustomer();
        await cy.createPaymentMethod(mandate.PaymentMethod);
        await cy.listCustomerPaymentMethods();
      }),
    },
    {
      source: `${source} [Set default payment method]`,
      name: 'as sent: List PM for customer -> Create Payment Method -> create-payment-call-test (off_session) -> confirm-payment-call-test (SaveCardUseNo3DSAutoCaptureOffSession): succeeded -> List PM for customer -> Set default payment method (the first listed)',
      run: replay(async (cy) => {
        await cy.listCustomerPaymentMethods();
        await cy.createPaymentMethod(mandate.PaymentMethod);
        await cy.createPaymentIntent(card_pm.PaymentIntentOffSession, 'no_three_ds', 'automatic');
        await cy.confirm(save.SaveCardUseNo3DSAutoCaptureOffSession);
        await cy.listCustomerPaymentMethods();
        await cy.setDefaultPaymentMethod();
      }),
    },
    {
      source: `${source} [Delete payment method for customer]`,
      name: 'as sent: Create customer -> Create Payment Method -> List PM for customer (its first kept) -> Delete Payment Method: deleted',
      run: replay(async (cy) => {
        await cy.createCustomer();
        await cy.createPaymentMethod(mandate.PaymentMethod);
        await cy.listCustomerPaymentMethods();
        await cy.deletePaymentMethod();
      }),
    },
    {
      source: `${source} ['Last Used' off-session token payments] Create customer`,
      name: 'as sent: Create customer',
      run: replay(async (cy) => {
        await cy.createCustomer();
        assert.match(cy.customer, /\S/, 'createCustomerCallTest: customer_id');
      }),
    },
    {
      source: `${source} ['Last Used' off-session token payments] [Create No 3DS off session save card payment]`,
      name: 'as sent: create+confirm-payment-call-test (SaveCardUseNo3DSAutoCaptureOffSession): succeeded -> List PM for customer',
      run: replay(async (cy) => {
        await cy.createConfirm(save.SaveCardUseNo3DSAutoCaptureOffSession, 'no_three_ds', 'automatic');
        await cy.listCustomerPaymentMethods();
      }),
    },
    {
      source: `${source} ['Last Used' off-session token payments] [Create 3DS off session save card payment]`,
      name: 'as sent: create+confirm-payment-call-test (SaveCardUse3DSAutoCaptureOffSession, challenge card): requires_customer_action -> Handle redirection (Complete Payment) -> List PM for customer',
      run: replay(async (cy) => {
        await cy.createConfirm(mandate.SaveCardUse3DSAutoCaptureOffSession, 'three_ds', 'automatic');
        await cy.handleRedirection(RETURN_URL);
        await cy.listCustomerPaymentMethods();
      }),
    },
    {
      source: `${source} ['Last Used' off-session token payments] [Create 3DS off session save card payment with token]`,
      name: 'as sent: create-payment-call-test (three_ds) -> confirm-save-card-payment-call-test (the first listed token; SaveCardUseNo3DSAutoCapture expecting requires_customer_action) -> Handle redirection -> List PM for customer (order 1: the second last used before the first)',
      run: replay(async (cy) => {
        await cy.createPaymentIntent(card_pm.PaymentIntent, 'three_ds', 'automatic');
        const data = { ...save.SaveCardUseNo3DSAutoCapture, Response: ok({ ...save.SaveCardUseNo3DSAutoCapture.Response.body, status: 'requires_customer_action' }) };
        await cy.saveCardConfirm(data);
        await cy.handleRedirection(RETURN_URL);
        await cy.listCustomerPaymentMethods(1);
      }),
    },
    {
      source: `${source} ['Last Used' off-session token payments] [Create No 3DS off session save card payment with token]`,
      name: 'as sent: create-payment-call-test (no_three_ds) -> confirm-save-card-payment-call-test (SaveCardUseNo3DSAutoCapture): succeeded -> List PM for customer',
      run: replay(async (cy) => {
        await cy.createPaymentIntent(card_pm.PaymentIntent, 'no_three_ds', 'automatic');
        await cy.saveCardConfirm(save.SaveCardUseNo3DSAutoCapture);
        await cy.listCustomerPaymentMethods();
      }),
    },
  ];
}

// ---- e2e/spec/Payment/27-DeletedCustomerPsyncFlow.cy.js@d1688907 ----------------------------------------

function deletedCustomerPsync(): UpstreamCase[] {
  const source = `${SPEC}/27-DeletedCustomerPsyncFlow.cy.js@${COMMIT}`;
  const replay = spec();
  const afterDeletion = async (cy: MandateFlow) => {
    await cy.deleteCustomer();
    await cy.retrieve();
  };
  return [
    {
      source: `${source} [Card - Psync after Customer Deletion for Automatic Capture] [No3DS Card - Psync after Customer Deletion]`,
      name: 'as sent: Create Customer -> Create Payment Intent -> Confirm (No3DSAutoCapture) -> Retrieve -> Delete Customer -> Retrieve (customer still there, not empty)',
      run: replay(async (cy) => {
        await cy.createCustomer();
        await cy.createPaymentIntent(card_pm.PaymentIntent, 'no_three_ds', 'automatic');
        await cy.confirm(card_pm.No3DSAutoCapture);
        await cy.retrieve();
        await afterDeletion(cy);
      }),
    },
    {
      source: `${source} [Card - Psync after Customer Deletion for Automatic Capture] [3DS Card - Psync after Customer Deletion]`,
      name: 'as sent: Create Customer -> Create Payment Intent (three_ds) -> Confirm (3DSAutoCapture, challenge card) -> Handle redirection -> Retrieve -> Delete Customer -> Retrieve',
      run: replay(async (cy) => {
        await cy.createCustomer();
        await cy.createPaymentIntent(card_pm.PaymentIntent, 'three_ds', 'automatic');
        await cy.confirm(card_pm['3DSAutoCapture']);
        await cy.handleRedirection(RETURN_URL);
        await cy.retrieve();
        await afterDeletion(cy);
      }),
    },
    {
      source: `${source} [Card - Psync after Customer Deletion for Manual Capture] [No3DS Card - Psync after Customer Deletion]`,
      name: 'as sent: Create Customer -> Create Payment Intent (manual) -> Confirm (No3DSManualCapture) -> Retrieve -> Capture 6000 -> Retrieve -> Delete Customer -> Retrieve',
      run: replay(async (cy) => {
        await cy.createCustomer();
        await cy.createPaymentIntent(card_pm.PaymentIntent, 'no_three_ds', 'manual');
        await cy.confirm(card_pm.No3DSManualCapture);
        await cy.retrieve();
        await cy.capture(card_pm.Capture);
        await cy.retrieve();
        await afterDeletion(cy);
      }),
    },
    {
      source: `${source} [Card - Psync after Customer Deletion for Manual Capture] [3DS Card - Psync after Customer Deletion]`,
      name: 'as sent: Create Customer -> Create Payment Intent (three_ds, manual) -> Confirm (3DSManualCapture) -> Handle redirection -> Retrieve -> Capture 6000 -> Retrieve -> Delete Customer -> Retrieve',
      run: replay(async (cy) => {
        await cy.createCustomer();
        await cy.createPaymentIntent(card_pm.PaymentIntent, 'three_ds', 'manual');
        await cy.confirm(card_pm['3DSManualCapture']);
        await cy.handleRedirection(RETURN_URL);
        await cy.retrieve();
        await cy.capture(card_pm.Capture);
        await cy.retrieve();
        await afterDeletion(cy);
      }),
    },
  ];
}

// ---- e2e/spec/Payment/33-ManualRetry.cy.js@d1688907 ------------------------------------------------------
//
// Stripe is on its MANUAL_RETRY list. Each context updates the profile with the body the spec passes
// (UpdateBusinessProfileTest sets the five switches false), then fails a first confirm with Stripe's
// declined card. The spec's `cy.wait(35000)` moves the sandbox's clock on 35 s instead.

function manualRetry(): UpstreamCase[] {
  const source = `${SPEC}/33-ManualRetry.cy.js@${COMMIT}`;
  const replay = spec();
  const failFirst = async (cy: MandateFlow, profile: Body) => {
    await cy.updateBusinessProfileWith(profile, false, false, false, false, false);
    await cy.createPaymentIntent(card_pm.PaymentIntent, 'no_three_ds', 'automatic');
    await cy.confirm(card_pm.No3DSFailPayment);
  };
  return [
    {
      source: `${source} [manual-retry-disabled-test]`,
      name: 'as sent: Update Profile (is_manual_retry_enabled false) -> create-payment-call-test -> First Confirm: failed -> Second Confirm: 400 IR_16 You cannot confirm this payment because it has status failed, you can enable `manual_retry` in profile …',
      run: replay(async (cy) => {
        await failFirst(cy, { is_manual_retry_enabled: false });
        await cy.confirm(mandate.ManualRetryPaymentDisabled);
      }),
    },
    {
      source: `${source} [manual-retry-enabled-test]`,
      name: 'as sent: Update Profile (is_manual_retry_enabled true) -> create-payment-call-test -> First Confirm: failed -> Retry Confirm: succeeded, attempt_count 2',
      run: replay(async (cy) => {
        await failFirst(cy, { is_manual_retry_enabled: true });
        await cy.confirm(mandate.ManualRetryPaymentEnabled);
      }),
    },
    {
      source: `${source} [manual-retry-cutoff-test]`,
      name: 'as sent: Update Profile (manual retry, session_expiry 60) -> create-payment-call-test -> First Confirm: failed -> 35 s later, Retry Confirm: 400 IR_16 … the allowed duration has expired',
      run: replay(async (cy) => {
        await failFirst(cy, { is_manual_retry_enabled: true, session_expiry: 60 });
        cy.wait(35_000);
        await cy.confirm(mandate.ManualRetryPaymentCutoffExpired);
      }),
    },
    {
      source: `${source} [first-confirm-after-cutoff-test]`,
      name: 'as sent: Update Profile (manual retry, session_expiry 60) -> create-payment-call-test -> 35 s later, First Confirm (No3DSAutoCapture): succeeded',
      run: replay(async (cy) => {
        await cy.updateBusinessProfileWith({ is_manual_retry_enabled: true, session_expiry: 60 }, false, false, false, false, false);
        await cy.createPaymentIntent(card_pm.PaymentIntent, 'no_three_ds', 'automatic');
        cy.wait(35_000);
        await cy.confirm(card_pm.No3DSAutoCapture);
      }),
    },
  ];
}

export const UPSTREAM_NEWER_MANDATE_FLOWS: UpstreamCase[] = [
  ...singleUseMandate(),
  ...multiUseMandate(),
  ...listAndRevokeMandate(),
  ...zeroAuthMandate(),
  ...mandatesUsingPMID(),
  ...paymentMethods(),
  ...deletedCustomerPsync(),
  ...manualRetry(),
];
