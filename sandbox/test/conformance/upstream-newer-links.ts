/**
 * The real service's newer Cypress specs of payment links and of 3-D Secure done elsewhere
 * (juspay/hyperswitch as a fork holds it at commit d1688907, June 2026, `cypress-tests/cypress/`),
 * replayed with their requests **as sent** by a Stripe run and their commands' assertions:
 * - `e2e/spec/Payment/48-PaymentLink.cy.js` (Stripe is its one connector, Utils.js
 *   CONNECTOR_LISTS.INCLUDE.PAYMENT_LINK_CARD); its entries are Commons.js's `payment_link_pm`
 *   (Stripe.js declares none);
 * - `e2e/spec/Payment/44-ExternalThreeDS.cy.js` (EXTERNAL_THREE_DS names Stripe): a card payment
 *   carrying the merchant's own 3-D Secure result (`three_ds_data`), Stripe.js's `external_three_ds`.
 *
 * The framework is upstream-newer-core-flow.ts's `CoreFlow` (one spec's globalState: one merchant made
 * by merchant-create-body.json, one customer, and 03-ConnectorCreate's Stripe connector account on its
 * default profile, where its payments go), with the commands this spec adds, each as
 * `support/commands.js`@d1688907 defines it: `createPaymentIntentWithPaymentLinkTest`,
 * `initiatePaymentLinkTest`, `retrievePaymentLinkTest`, `listPaymentLinksTest`,
 * `createPaymentWithoutPaymentLinkTest` and `retrieveNonExistentPaymentLinkTest`; `retrievePaymentCallTest`
 * takes the spec's `skipBillingAssertion` and `skipConnectorIdAssertion` (upstream-newer-flow.ts's Flow).
 *
 * As CI runs it (`RequestBodyUtils.isCI()`): `initiatePaymentLinkTest` requests the link and wants an
 * HTML 200, and `handlePaymentLinkCardRedirection` skips itself ("payment link SDK iframe automation not
 * supported in headless mode"). Run outside CI that command types the card into the web SDK's iframe
 * on upstream's link page; the sandbox's link page is its own card form (docs/sandbox.md, "Payment
 * links"), so that UI step has nothing to find here and is not replayed. Paying through the sandbox's
 * page is tested in sandbox/test/seed-rules.test.ts.
 */
import assert from 'node:assert/strict';
import type { ApiResponse } from '../helpers.js';
import type { UpstreamCase } from './upstream-cases.js';
import { expectAnswer, ok, type Body, type Exchange } from './upstream-fixtures.js';
import { CoreFlow, specFixtures, specState } from './upstream-newer-core-flow.js';
import { COMMIT, SPEC } from './upstream-newer-fixtures.js';

/** Stripe.js@d1688907 `externalThreeDSCardDetails` */
const externalThreeDSCard = { card_number: '4242424242424242', card_exp_month: '12', card_exp_year: '2030', card_holder_name: 'Test User', card_cvc: '123' };

/** Stripe.js@d1688907 `external_three_ds` */
const external_three_ds: Exchange = {
  Request: {
    payment_method: 'card',
    payment_method_data: { card: externalThreeDSCard },
    authentication_type: 'three_ds',
    request_external_three_ds_authentication: true,
    three_ds_data: {
      authentication_cryptogram: { cavv: { authentication_cryptogram: '3q2+78r+ur7erb7vyv66vv////8=' } },
      ds_trans_id: 'c4e59ceb-a382-4d6a-bc87-385d591fa09d',
      version: '2.1.0',
      eci: '05',
      transaction_status: 'Y',
      exemption_indicator: 'low_value',
    },
  },
  Response: ok({ status: 'succeeded', authentication_type: 'three_ds' }),
};

// ---- Commons.js@d1688907 `payment_link_pm` ------------------------------------------------------------

const link = (request: Body, response: Exchange['Response'] = ok({})): Exchange => ({ Request: request, Response: response });

const payment_link_pm = {
  PaymentLinkBasic: link({ currency: 'USD', amount: 6000, description: 'Test Payment Link', email: 'test@example.com' }, ok({ status: 'requires_payment_method' })),
  PaymentLinkWithTheme: link({ currency: 'USD', amount: 7000, description: 'Test with custom theme', email: 'test@example.com', payment_link_config: { theme: '#FF6B35' } }),
  PaymentLinkWithLogo: link({
    currency: 'EUR',
    amount: 8000,
    description: 'Test with merchant logo',
    email: 'test@example.com',
    payment_link_config: { logo: 'https://example.com/logo.png', seller_name: 'Test Merchant Inc' },
  }),
  PaymentLinkWithSdkLayout: link({
    currency: 'GBP',
    amount: 5500,
    description: 'Test with accordion layout',
    email: 'test@example.com',
    payment_link_config: { sdk_layout: 'accordion', display_sdk_only: false },
  }),
  PaymentLinkTabsLayout: link(
    { currency: 'EUR', amount: 6500, description: 'Test with tabs layout', email: 'test@example.com', payment_link_config: { sdk_layout: 'tabs', display_sdk_only: false } },
    ok({ status: 'requires_payment_method' }),
  ),
  PaymentLink3DSCard: link(
    { currency: 'USD', amount: 6000, description: 'Test Payment Link 3DS Card', email: 'test@example.com', authentication_type: 'three_ds' },
    ok({ status: 'requires_capture' }),
  ),
} satisfies Record<string, Exchange>;

// ---- the commands this spec adds --------------------------------------------------------------------------

class LinkFlow extends CoreFlow {
  /** globalState's paymentLinkId and paymentLinkUrl. */
  private paymentLinkId: string | undefined;
  private paymentLinkUrl: string | undefined;

  /** createPaymentIntentWithPaymentLinkTest (the secret key): the fixture spread, not written into. */
  async createWithPaymentLink(data: Exchange, authenticationType: string, captureMethod: string): Promise<void> {
    const step = 'createPaymentIntentWithPaymentLinkTest';
    const request = data.Request ?? {};
    const body: Body = {
      ...this.spec.createPaymentBody,
      ...structuredClone(request),
      authentication_type: authenticationType || 'no_three_ds',
      capture_method: captureMethod || 'automatic',
      customer_id: this.customerId,
      profile_id: this.profileId(),
      payment_link: true,
      return_url: request.return_url ?? 'https://example.com/return',
    };
    this.paymentAmount = Number(body.amount);
    const response = await this.request('POST', '/payments', body);
    assert.match(response.headers.get('content-type') ?? '', /application\/json/, `${step}: content-type`);
    if (data.Response.status !== 200 && response.status !== 200) {
      expectAnswer(response, data.Response, step);
      return;
    }
    assert.equal(response.status, 200, `${step}: ${response.text}`);
    const payment = response.body;
    const paymentLink = payment.payment_link as Body | null | undefined;
    assert.ok('payment_id' in payment && 'client_secret' in payment && 'payment_link' in payment, `${step}: payment_id, client_secret, payment_link`);
    assert.ok(paymentLink && 'link' in paymentLink && 'payment_link_id' in paymentLink, `${step}: payment_link.link, payment_link.payment_link_id`);
    this.paymentId = String(payment.payment_id);
    this.clientSecret = String(payment.client_secret);
    this.paymentLinkId = String(paymentLink.payment_link_id);
    this.paymentLinkUrl = String(paymentLink.link);
  }

  /** initiatePaymentLinkTest as CI runs it: the link is a 200 HTML page. */
  async initiatePaymentLink(): Promise<void> {
    assert.ok(this.paymentLinkUrl, 'initiatePaymentLinkTest: a payment link URL in globalState');
    const response = await fetch(this.paymentLinkUrl, { redirect: 'follow' });
    assert.equal(response.status, 200, 'initiatePaymentLinkTest: status');
    assert.ok((response.headers.get('content-type') ?? '').includes('text/html'), 'initiatePaymentLinkTest: text/html');
    await response.body?.cancel();
  }

  /** retrievePaymentLinkTest (the secret key) */
  async retrievePaymentLink(): Promise<void> {
    const step = 'retrievePaymentLinkTest';
    assert.ok(this.paymentLinkId, `${step}: a payment link id in globalState`);
    const response = await this.sandbox.request('GET', `/payment_link/${this.paymentLinkId}`, { key: this.apiKey, headers: { 'Content-Type': 'application/json' } });
    assert.equal(response.status, 200, `${step}: ${response.text}`);
    assert.match(response.headers.get('content-type') ?? '', /application\/json/, `${step}: content-type`);
    assert.equal(response.body.payment_link_id, this.paymentLinkId, `${step}: payment_link_id`);
    assert.ok('link_to_pay' in response.body && 'status' in response.body, `${step}: link_to_pay, status`);
  }

  /** listPaymentLinksTest (the secret key): `{"limit": 10}`, an array. */
  async listPaymentLinks(): Promise<void> {
    const step = 'listPaymentLinksTest';
    const response = await this.request('POST', '/payment_link/list', { limit: 10 });
    assert.equal(response.status, 200, `${step}: ${response.text}`);
    assert.match(response.headers.get('content-type') ?? '', /application\/json/, `${step}: content-type`);
    assert.ok(Array.isArray(response.body), `${step}: an array`);
  }

  /** createPaymentWithoutPaymentLinkTest: `payment_link` null. */
  async createWithoutPaymentLink(): Promise<void> {
    const step = 'createPaymentWithoutPaymentLinkTest';
    const body: Body = {
      ...this.spec.createPaymentBody,
      currency: 'USD',
      amount: 6000,
      description: 'Test without Payment Link',
      email: 'test@example.com',
      authentication_type: 'no_three_ds',
      capture_method: 'automatic',
      customer_id: this.customerId,
      profile_id: this.profileId(),
    };
    const response = await this.request('POST', '/payments', body);
    assert.equal(response.status, 200, `${step}: ${response.text}`);
    assert.ok('payment_id' in response.body, `${step}: payment_id`);
    assert.equal(response.body.payment_link, null, `${step}: payment_link`);
  }

  /** retrieveNonExistentPaymentLinkTest: 404. */
  async retrieveNonExistentPaymentLink(): Promise<void> {
    const response: ApiResponse = await this.sandbox.request('GET', '/payment_link/non_existent_link_12345', { key: this.apiKey, headers: { 'Content-Type': 'application/json' } });
    assert.equal(response.status, 404, `retrieveNonExistentPaymentLinkTest: ${response.text}`);
  }
}

/** One spec's globalState: a merchant and customer made on its first flow, shared by its flows in order. */
const spec = () => specState((sandbox) => new LinkFlow(sandbox, specFixtures()));

// ---- e2e/spec/Payment/48-PaymentLink.cy.js@d1688907 --------------------------------------------------------

function paymentLink(): UpstreamCase[] {
  const source = `${SPEC}/48-PaymentLink.cy.js@${COMMIT}`;
  const replay = spec();
  const configured = (name: string, data: Exchange): UpstreamCase => ({
    source: `${source} [Payment Link - Configuration Variations] Create Payment Link with ${name}`,
    name: 'as sent: create with payment_link and its payment_link_config -> retrieve the link (secret key) -> initiate the link (HTML 200)',
    run: replay(async (cy) => {
      await cy.createWithPaymentLink(data, 'no_three_ds', 'automatic');
      await cy.retrievePaymentLink();
      await cy.initiatePaymentLink();
    }),
  });
  return [
    {
      source: `${source} [Payment Link - Basic creation and retrieval]`,
      name: 'as sent: Create Payment Intent with Payment Link -> Initiate Payment Link (HTML 200) -> Retrieve Payment Link (Merchant API) -> List Payment Links ({"limit": 10}: an array)',
      run: replay(async (cy) => {
        await cy.createWithPaymentLink(payment_link_pm.PaymentLinkBasic, 'no_three_ds', 'automatic');
        await cy.initiatePaymentLink();
        await cy.retrievePaymentLink();
        await cy.listPaymentLinks();
      }),
    },
    {
      source: `${source} [Payment Link - Create and Pay with Card]`,
      name: 'as sent (CI): Create Payment Intent with Payment Link -> (the card UI step skips itself in CI) -> Retrieve Payment (skipBillingAssertion)',
      run: replay(async (cy) => {
        await cy.createWithPaymentLink(payment_link_pm.PaymentLinkBasic, 'no_three_ds', 'automatic');
        await cy.retrieve({ skipBillingAssertion: true, skipConnectorIdAssertion: true });
      }),
    },
    configured('custom theme color', payment_link_pm.PaymentLinkWithTheme),
    configured('merchant logo', payment_link_pm.PaymentLinkWithLogo),
    configured('accordion SDK layout', payment_link_pm.PaymentLinkWithSdkLayout),
    configured('tabs SDK layout', payment_link_pm.PaymentLinkTabsLayout),
    {
      source: `${source} [Payment Link - 3DS Card Flow]`,
      name: 'as sent (CI): Create Payment Intent with Payment Link for 3DS card (three_ds) -> (the card UI step skips itself in CI) -> Retrieve Payment (skipBillingAssertion)',
      run: replay(async (cy) => {
        await cy.createWithPaymentLink(payment_link_pm.PaymentLink3DSCard, 'three_ds', 'automatic');
        await cy.retrieve({ skipBillingAssertion: true, skipConnectorIdAssertion: true });
      }),
    },
    {
      source: `${source} [Payment Link - Edge Cases]`,
      name: 'as sent: Create Payment Intent without Payment Link (payment_link null) -> Retrieve non-existent Payment Link (404)',
      run: replay(async (cy) => {
        await cy.createWithoutPaymentLink();
        await cy.retrieveNonExistentPaymentLink();
      }),
    },
  ];
}

// ---- e2e/spec/Payment/44-ExternalThreeDS.cy.js@d1688907 ---------------------------------------------------

function externalThreeDS(): UpstreamCase[] {
  const source = `${SPEC}/44-ExternalThreeDS.cy.js@${COMMIT}`;
  const replay = spec();
  return [
    {
      source: `${source} [Card-External-3DS payment flow test Create, Confirm and Retrieve]`,
      name: 'as sent: create and confirm payment with external 3ds (three_ds, request_external_three_ds_authentication, three_ds_data): succeeded -> retrieve payment',
      run: replay(async (cy) => {
        await cy.createConfirm(external_three_ds, 'three_ds', 'automatic');
        await cy.retrieve();
      }),
    },
  ];
}

export const UPSTREAM_NEWER_LINK_FLOWS: UpstreamCase[] = [...paymentLink(), ...externalThreeDS()];
