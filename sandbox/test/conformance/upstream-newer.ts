/**
 * Newer specs of the real service's Cypress suite (the two-digit names), replayed with their requests
 * **as sent** and their commands' assertions, the way upstream-requests.ts and upstream-more.ts
 * replay the older five-digit ones. Everything here is juspay/hyperswitch as a fork holds it at
 * commit d1688907 (June 2026, `chore(version): 2026.06.25.0`), under `cypress-tests/cypress/`:
 *
 * - the specs `e2e/spec/Payment/28-BusinessProfileConfigs.cy.js`, `47-PollConfig.cy.js`,
 *   `54-RefundType.cy.js`, `52-OrderDetails.cy.js` and `43-BillingDescriptor.cy.js` (each flow's header
 *   names its file);
 * - the commands of `support/commands.js`@d1688907, as upstream-newer-flow.ts's `Flow` has them, and
 *   `defaultErrorHandler` of `e2e/configs/Payment/Utils.js`@d1688907 (upstream-fixtures.ts's expectAnswer);
 * - the fixtures of `fixtures/`@d1688907 (upstream-fixtures.ts's and upstream-newer-fixtures.ts's).
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
 * Each flow runs on a merchant of its own, set up as the suite's first specs leave it (Flow.setup:
 * merchant-create-body.json with its default profile as the `profileId`, a customer, and
 * 03-ConnectorCreate's Stripe connector account on that profile as `merchantConnectorId`). 28's
 * contexts create a business profile and a Stripe account on it (createConnectorCallTest), which its
 * payments then go to. The payments' `connector` is checked to be `stripe` and their
 * `merchant_connector_id` the account created, as the commands check them. Each command starts from the
 * fixture as the file has it: upstream's commands write into the imported fixture object, which within
 * one spec carries members from one call to the next; every member carried over here is one the next
 * call sets again.
 */
import assert from 'node:assert/strict';
import type { TestSandbox } from '../helpers.js';
import type { UpstreamCase } from './upstream-cases.js';
import { ok, refused, type Exchange } from './upstream-fixtures.js';
import { Flow } from './upstream-newer-flow.js';
import { COMMIT, SPEC } from './upstream-newer-fixtures.js';

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



/** Runs `flow` on a fresh merchant and customer. */
const replay = (flow: (cy: Flow) => Promise<void>) => async (sandbox: TestSandbox) => {
  const cy = new Flow(sandbox);
  await cy.setup();
  await flow(cy);
};

// ---- e2e/spec/Payment/28-BusinessProfileConfigs.cy.js@d1688907 ---------------------------------------------
//
// Each `context` is a flow. The first and the seventh create a business profile (the payments'
// `profileId` from then on), a Stripe connector account on it (connector-create-call-test:
// createConnectorCallTest, its `merchantConnectorId` from then on) and a customer; the five between
// them go on with the first context's profile, account and customer, so their flows start with those
// three steps of the first context (marked "(context 1)"): every update sets all five switches, so nothing
// else of the earlier contexts carries over. PaymentIntentOffSession is Stripe.js's.

const PROFILES = `${SPEC}/28-BusinessProfileConfigs.cy.js@${COMMIT}`;

function profileConfigFlows(): UpstreamCase[] {
  /** Context 1's "Create Business Profile", "connector-create-call-test" and "Create Customer", which contexts 2 to 6 go on from. */
  const contextOne = async (cy: Flow) => {
    await cy.createBusinessProfile();
    await cy.createConnector();
    await cy.createCustomer();
  };
  const payAndList = async (cy: Flow) => {
    await cy.createPaymentIntent(card_pm.PaymentIntentOffSession, 'no_three_ds', 'automatic');
    await cy.paymentMethodsCall();
  };
  return [
    {
      source: `${PROFILES} [Update collect_billing_details_from_wallet_connector to true …]`,
      name: 'as sent: Create Business Profile -> connector-create-call-test (stripe, on that profile) -> Create Customer -> Update (agnostic, collect billing) -> Create Payment Intent -> payment_methods-call-test: billing true, shipping false',
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
      name: 'as sent: Create Business Profile -> connector-create-call-test (stripe, on that profile) -> Create Customer -> Update all config to false -> Create Payment Intent -> payment_methods-call-test: both false',
      run: replay(async (cy) => {
        await cy.createBusinessProfile();
        await cy.createConnector();
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
