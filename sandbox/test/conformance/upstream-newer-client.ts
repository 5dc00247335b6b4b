/**
 * The real service's newer Cypress specs of the client side of a payment (juspay/hyperswitch as a fork
 * holds it at commit d1688907, June 2026, `cypress-tests/cypress/`), replayed with their requests
 * **as sent** by a Stripe run and their commands' assertions: 26-SessionCall,
 * 35-PaymentsEligibilityAPI, 52-ClientSessionValidation, 52-IframeRedirection,
 * 52-MerchantRedirectMethod and 52-PaymentResponseHash (`e2e/spec/Payment/`, each flow naming its file
 * and `it`).
 *
 * The framework is upstream-newer-client-flow.ts's `ClientFlow` (upstream-newer-core-flow.ts's
 * `CoreFlow` with the commands these specs add). As upstream runs a spec, its contexts run in order on
 * one globalState: one merchant (made by merchant-create-body.json), one customer, the Stripe connector
 * account 03-ConnectorCreate leaves on its default profile (`merchantConnectorId`, Flow.setup), and the
 * spec's imported fixtures, which the commands write into (a member a `Request` sets stays for the
 * spec's later commands). 52-MerchantRedirectMethod's before hook creates a business profile and a
 * Stripe account on it (createConnectorCallTest), its payments' profile and account from then on.
 * Every processed payment is checked as the commands check it: `connector` stripe,
 * `merchant_connector_id` the account created.
 *
 * The connector config is getConnectorDetails("stripe") at d1688907 (Stripe.js, Commons.js for what
 * Stripe.js does not declare); each entry says whose. Stripe's own `payment_method_data` is left out
 * of its answers, as in the other ports. Specs that gate Stripe:
 * - 52-IframeRedirection is `describe.skip` for Stripe (Utils.js CONNECTOR_LISTS.INCLUDE.IFRAME_REDIRECTION
 *   does not name it). Commons.js cannot stand in: it declares neither `IframeRedirectionCreate` nor
 *   `IframeRedirection` (createPaymentIntentTest would throw on the undefined entry) and its
 *   `3DSAutoCapture`, `No3DSAutoCapture` answer the default 501 IR_00. Replayed instead with the entries
 *   every IFRAME_REDIRECTION connector builds with Modifiers.js's `getIframeRedirectionConfig` (here
 *   with Stripe.js's 3-D Secure card) and Stripe.js's PaymentIntent, 3DSAutoCapture, No3DSAutoCapture.
 * - 35-PaymentsEligibilityAPI imports Commons.js's `eligibility_api` for every connector.
 * - 52-MerchantRedirectMethod takes `upi_pm`, which Stripe.js does not declare: Commons.js's
 *   (PaymentIntent in INR; UpiCollect without a Response, so the default 501 IR_00).
 * - 52-ClientSessionValidation and 52-PaymentResponseHash name Stripe (CLIENT_SESSION_VALIDATION,
 *   PAYMENT_RESPONSE_HASH).
 *
 * Skipped:
 * - the whole of 36-DiffCheckValidation: its one command, `diffCheckResult`, fetches a validation
 *   service's results (`globalState.validationServiceUrl`, outside the API) for the x-request-ids the
 *   run stored; nothing of it is a request to the payment API;
 * - 52-ClientSessionValidation's `cy.wait(61000)`: the sandbox's clock is moved on 61 s instead;
 * - 52-MerchantRedirectMethod's "Handle UPI redirect…" steps: the spec skips them itself, as
 *   UpiCollect's config answer is an error (should_continue_further is false).
 */
import assert from 'node:assert/strict';
import type { UpstreamCase } from './upstream-cases.js';
import { bpUpdateRedirect, card_pm, type ClientFlow, eligibility_api, shouldContinueFurther, spec, upi_pm } from './upstream-newer-client-flow.js';
import { COMMIT, SPEC } from './upstream-newer-fixtures.js';

// ---- e2e/spec/Payment/26-SessionCall.cy.js@d1688907 ----------------------------------------------------------

function sessionCall(): UpstreamCase[] {
  const source = `${SPEC}/26-SessionCall.cy.js@${COMMIT}`;
  const replay = spec();
  return [
    {
      source: `${source} [create-payment-call-test]`,
      name: 'as sent: Create Payment Intent (PaymentIntent, no_three_ds, automatic)',
      run: replay(async (cy) => {
        await cy.createPaymentIntent(card_pm.PaymentIntent, 'no_three_ds', 'automatic');
      }),
    },
    {
      source: `${source} [session-call-test]`,
      name: "as sent: POST /payments/session_tokens (publishable key, the SDK's headers, wallets []): two tokens, apple_pay and google_pay through stripe",
      todo:
        "the sandbox answers session_token [] (docs/sandbox.md: no wallet session), the spec two (apple_pay, google_pay through stripe): upstream's PaymentSession (crates/router/src/core/payments/operations/payment_session.rs, get_connector) makes one per wallet enabled on the profile's connector accounts — here 03-ConnectorCreate's Stripe account, whose payment_methods_enabled (Commons.js's) has apple_pay and google_pay (invoke_sdk_client); the sandbox keeps the account's payment_methods_enabled and makes no wallet session from it",
      run: replay(async (cy) => {
        await cy.sessionTokenCall(card_pm.SessionToken);
      }),
    },
  ];
}

// ---- e2e/spec/Payment/35-PaymentsEligibilityAPI.cy.js@d1688907 ----------------------------------------------

function eligibility(): UpstreamCase[] {
  const source = `${SPEC}/35-PaymentsEligibilityAPI.cy.js@${COMMIT}`;
  const replay = spec();
  const guard = (cy: ClientFlow) => `guard_blocklist_for_${cy.merchant}`;
  return [
    {
      source: `${source} [Setup Phase] payment intent create call`,
      name: 'as sent: Create Payment Intent (Commons PaymentIntentForBlocklist: 6500 USD, no_three_ds, automatic)',
      run: replay(async (cy) => {
        await cy.createPaymentIntent(eligibility_api.PaymentIntentForBlocklist, 'no_three_ds', 'automatic');
      }),
    },
    {
      source: `${source} [Blocklist Configuration] should create blocklist rule for card_bin 424242`,
      name: 'as sent: POST /blocklist {type: card_bin, data: 424242}: 200, fingerprint_id 424242, data_kind card_bin',
      run: replay(async (cy) => {
        await cy.blocklistCreateRule('424242');
      }),
    },
    {
      source: `${source} [Blocklist Configuration] should enable blocklist functionality using configs API`,
      name: 'as sent: setConfigs CREATE guard_blocklist_for_{merchantId} = true',
      run: replay(async (cy) => {
        await cy.setConfigs(guard(cy), 'true', 'CREATE');
      }),
    },
    {
      source: `${source} [Eligibility API Tests] should deny payment for blocklisted card_bin 424242`,
      name: "as sent: POST /payments/{id}/eligibility (publishable key) with card 4242…: 200, sdk_next_action.next_action.deny with the blocked BIN's message",
      run: replay(async (cy) => {
        await cy.eligibilityCheck(eligibility_api.BlocklistedCardDenied);
      }),
    },
    {
      source: `${source} [Eligibility API Tests] should allow payment for non-blocklisted card`,
      name: 'as sent: POST /payments/{id}/eligibility (publishable key) with card 4111… and a billing address: 200 for the payment, no deny',
      run: replay(async (cy) => {
        await cy.eligibilityCheck(eligibility_api.NonBlocklistedCardAllowed);
      }),
    },
    {
      source: `${source} [Cleanup] should delete blocklist rule`,
      name: 'as sent: DELETE /blocklist {type: card_bin, data: 424242}: 200',
      run: replay(async (cy) => {
        await cy.blocklistDeleteRule('card_bin', '424242');
      }),
    },
    {
      source: `${source} [Cleanup] should disable blocklist functionality using configs API`,
      name: 'as sent: setConfigs DELETE guard_blocklist_for_{merchantId}',
      run: replay(async (cy) => {
        await cy.setConfigs(guard(cy), 'true', 'DELETE');
      }),
    },
  ];
}

// ---- e2e/spec/Payment/52-ClientSessionValidation.cy.js@d1688907 -----------------------------------------------

function clientSessionValidation(): UpstreamCase[] {
  const source = `${SPEC}/52-ClientSessionValidation.cy.js@${COMMIT}`;
  const replay = spec();
  return [
    {
      source: `${source} [Valid SDK Authorization - Confirm with SDK Authorization]`,
      name: 'as sent: Create Payment Intent -> Confirm with valid SDK Authorization (the Authorization header; beyond the command: the create answered sdk_authorization) -> Retrieve Payment',
      run: replay(async (cy) => {
        const created = await cy.createPaymentIntent(card_pm.PaymentIntent, 'no_three_ds', 'automatic');
        // beyond the command, which falls back without one: the title's SDK authorization exists
        assert.equal(typeof created.body.sdk_authorization, 'string', 'createPaymentIntentTest: sdk_authorization');
        await cy.confirmWithSdkAuth(card_pm.No3DSAutoCapture, true);
        await cy.retrieve();
      }),
    },
    {
      source: `${source} [Invalid SDK Authorization - Confirm with tampered sdk_authorization]`,
      name: 'as sent: Create Payment Intent -> Confirm with a tampered Authorization (client_session_id=cs_invalid_tampered_session_id), no API key: 401 IR_01',
      run: replay(async (cy) => {
        await cy.createPaymentIntent(card_pm.PaymentIntent, 'no_three_ds', 'automatic');
        await cy.confirmWithSdkAuth(card_pm.ClientSessionInvalidConfirm, true, 'invalid_session');
      }),
    },
    {
      source: `${source} [Missing SDK Authorization - Confirm without sdk_authorization (legacy fallback)]`,
      name: 'as sent: Create Payment Intent -> Confirm without Authorization (publishable key, client secret): succeeded -> Retrieve Payment',
      run: replay(async (cy) => {
        await cy.createPaymentIntent(card_pm.PaymentIntent, 'no_three_ds', 'automatic');
        await cy.confirmWithSdkAuth(card_pm.No3DSAutoCapture, true, 'missing_session');
        await cy.retrieve();
      }),
    },
    {
      source: `${source} [Expired SDK Authorization - Confirm after session TTL expires]`,
      name: 'as sent: Create Payment Intent with session_expiry 60 -> 61 s later (the clock moved on) -> Confirm with its sdk_authorization: 401 IR_01',
      run: replay(async (cy) => {
        await cy.createPaymentIntentFrom({ session_expiry: 60 }, card_pm.PaymentIntent, 'no_three_ds', 'automatic');
        cy.advanceClock(61_000);
        await cy.confirmWithSdkAuth(card_pm.ClientSessionInvalidConfirm, true);
      }),
    },
  ];
}

// ---- e2e/spec/Payment/52-IframeRedirection.cy.js@d1688907 ------------------------------------------------------
//
// Replayed for Stripe although the spec skips it (see the header). Contexts 2 and 3 go on from what
// context 1 left: create-payment-body.json and confirm-body.json keep `is_iframe_redirection_enabled:
// true` (so context 2's intent "without iframe flag" is sent with it), and globalState keeps
// nextActionType and nextActionUrl (context 3's no_three_ds confirm sets neither).

function iframeRedirection(): UpstreamCase[] {
  const source = `${SPEC}/52-IframeRedirection.cy.js@${COMMIT}`;
  const replay = spec();
  return [
    {
      source: `${source} [Happy Path - Create Payment with Iframe Redirection Enabled]`,
      name: 'as sent: Create Payment Intent with is_iframe_redirection_enabled (three_ds) -> Payment Methods Call -> Confirm (IframeRedirection) -> redirect_inside_popup with popup_url -> Retrieve Payment',
      run: replay(async (cy) => {
        await cy.createPaymentIntent(card_pm.IframeRedirectionCreate, 'three_ds', 'automatic');
        await cy.paymentMethodsCall();
        await cy.confirm(card_pm.IframeRedirection);
        cy.verifyIframeRedirection(true);
        await cy.retrieve();
      }),
    },
    {
      source: `${source} [Edge Case - Iframe Redirection Not Explicitly Enabled]`,
      name: 'as sent (the fixtures still carry the flag): Create Payment Intent (PaymentIntent, three_ds) -> Payment Methods Call -> Confirm (3DSAutoCapture) -> still inside popup',
      run: replay(async (cy) => {
        await cy.createPaymentIntent(card_pm.PaymentIntent, 'three_ds', 'automatic');
        await cy.paymentMethodsCall();
        await cy.confirm(card_pm['3DSAutoCapture']);
        cy.verifyIframeRedirection(true);
      }),
    },
    {
      source: `${source} [Negative Case - Iframe Redirection with No3DS Auth Type]`,
      name: 'as sent: Create Payment Intent with the flag (no_three_ds) -> Payment Methods Call -> Confirm (No3DSAutoCapture): succeeded, globalState still a popup',
      run: replay(async (cy) => {
        await cy.createPaymentIntent(card_pm.IframeRedirectionCreate, 'no_three_ds', 'automatic');
        await cy.paymentMethodsCall();
        await cy.confirm(card_pm.No3DSAutoCapture);
        cy.verifyIframeRedirection(true, 'succeeded');
      }),
    },
  ];
}

// ---- e2e/spec/Payment/52-MerchantRedirectMethod.cy.js@d1688907 -------------------------------------------------
//
// Its before hook creates a business profile (bpCreate, the profileId from then on) and a Stripe
// connector account on it (createConnectorCallTest, the merchantConnectorId from then on). The
// confirm's config answer is an error, so each context ends there.

function merchantRedirectMethod(): UpstreamCase[] {
  const source = `${SPEC}/52-MerchantRedirectMethod.cy.js@${COMMIT}`;
  const replay = spec(async (cy) => {
    await cy.createBusinessProfile();
    await cy.createConnector();
  });
  const flow = (post: boolean) => async (cy: ClientFlow) => {
    await cy.updateBusinessProfileWith(bpUpdateRedirect(post), true, false, false, false, false);
    await cy.createPaymentIntent(upi_pm.PaymentIntent, 'three_ds', 'automatic');
    if (shouldContinueFurther(upi_pm.PaymentIntent)) await cy.confirmUpi(upi_pm.UpiCollect, true);
  };
  return [
    {
      source: `${source} [Test redirect_to_merchant_with_http_post enabled - POST redirect flow]`,
      name: 'as sent: (before hook: Create Business Profile -> createConnectorCallTest, stripe on it) -> Update redirect_to_merchant_with_http_post true -> Create Payment Intent (INR, three_ds) -> Confirm UPI collect: 501 IR_00 (or 400 IR_19) -> (redirect steps skipped by the spec)',
      run: replay(flow(true)),
    },
    {
      source: `${source} [Test redirect_to_merchant_with_http_post disabled - GET redirect flow]`,
      name: 'as sent: Update redirect_to_merchant_with_http_post false -> Create Payment Intent (INR, three_ds) -> Confirm UPI collect: 501 IR_00 (or 400 IR_19) -> (redirect steps skipped by the spec)',
      run: replay(flow(false)),
    },
  ];
}

// ---- e2e/spec/Payment/52-PaymentResponseHash.cy.js@d1688907 ----------------------------------------------------
//
// Its before hook reads the merchant account (fetchPaymentResponseHashConfig): without
// enable_payment_response_hash every `it` is skipped. Each flow starts with it (the spec's globalState
// is made once, on the first flow).

function paymentResponseHash(): UpstreamCase[] {
  const source = `${SPEC}/52-PaymentResponseHash.cy.js@${COMMIT}`;
  const replay = spec((cy) => cy.fetchPaymentResponseHashConfig());
  const redirectResponse =
    "captureRedirectReturnUrl's GET /payments/{id}/{merchant_id}/redirect/response/stripe (no key) of the payment awaiting its challenge answers 200 with the sandbox's challenge-end page (sandbox/routes/pages.ts: reached without a token it shows nothing of the payment), where the spec expects a 302 whose Location is the return URL with the signed parameters: upstream's PaymentRedirectSync::generate_response (crates/router/src/core/payments.rs, v1) answers a payment without is_iframe_redirection_enabled with JsonForRedirection, which http_redirect_response (crates/router/src/services/api.rs) sends as 302 FOUND with Location = return_url_with_query_params. Kept: that Location carries the payment's client secret to any caller who knows two ids; the sandbox sends the customer back only from its challenge page's token-carrying answer (docs/sandbox.md, known differences)";
  return [
    {
      source: `${source} [No3DS Auto-Capture - Verify Payment Response Hash Config]`,
      name: 'as sent: (before hook: GET /accounts/{id}, the admin key: enable_payment_response_hash true, a key) -> Create Payment Intent -> Confirm (No3DSAutoCapture) -> Retrieve Payment -> the hash config enabled',
      run: replay(async (cy) => {
        cy.assertPaymentResponseHashEnabled();
        await cy.createPaymentIntent(card_pm.PaymentIntent, 'no_three_ds', 'automatic');
        await cy.confirm(card_pm.No3DSAutoCapture);
        await cy.retrieve();
        cy.assertPaymentResponseHashEnabled();
      }),
    },
    {
      source: `${source} [3DS Auto-Capture - Verify Redirect Signature]`,
      name: 'as sent: setup3DSPayment (create three_ds -> payment methods -> confirm 3DSAutoCapture -> GET …/redirect/response/stripe: 302) -> the Location has a 128-hex signature and HMAC-SHA512',
      todo: redirectResponse,
      run: replay(async (cy) => {
        cy.assertPaymentResponseHashEnabled();
        await cy.setup3DSPayment();
        cy.verifyRedirectSignature();
      }),
    },
    {
      source: `${source} [3DS Auto-Capture - Compute and Verify Redirect Signature]`,
      name: "as sent: setup3DSPayment -> HMAC-SHA512 of the Location's other parameters, sorted, with payment_response_hash_key, equal to its signature",
      todo: redirectResponse,
      run: replay(async (cy) => {
        cy.assertPaymentResponseHashEnabled();
        await cy.setup3DSPayment();
        cy.computeAndVerifyRedirectSignature();
      }),
    },
    {
      source: `${source} [3DS Auto-Capture - Failure Scenarios for Invalid Signatures]`,
      name: 'as sent: setup3DSPayment -> the signature verified -> a tampered payload and a wrong key sign otherwise',
      todo: redirectResponse,
      run: replay(async (cy) => {
        cy.assertPaymentResponseHashEnabled();
        await cy.setup3DSPayment();
        cy.computeAndVerifyRedirectSignature();
        cy.verifyTamperedAndWrongKeySignaturesFail();
      }),
    },
  ];
}

export const UPSTREAM_NEWER_CLIENT_FLOWS: UpstreamCase[] = [
  ...sessionCall(),
  ...eligibility(),
  ...clientSessionValidation(),
  ...iframeRedirection(),
  ...merchantRedirectMethod(),
  ...paymentResponseHash(),
];
