/**
 * The newer versions of the real service's 24-PaymentMethods, 27-DeletedCustomerPsyncFlow and
 * 33-ManualRetry Cypress specs (juspay/hyperswitch at d1688907, June 2026, `cypress-tests/cypress/`),
 * replayed with their requests **as sent** by a Stripe run and their commands' assertions, on
 * upstream-newer-mandate-flow.ts's `MandateFlow` (each spec's contexts in order on one merchant,
 * customer and 03-ConnectorCreate's Stripe connector account, sharing the spec's fixtures). None of
 * these specs creates a connector account of its own, and none of their steps is skipped.
 */
import assert from 'node:assert/strict';
import type { UpstreamCase } from './upstream-cases.js';
import { ok, type Body } from './upstream-fixtures.js';
import { card_pm, RETURN_URL, save } from './upstream-newer-core-flow.js';
import { COMMIT, SPEC } from './upstream-newer-fixtures.js';
import { mandate, spec, type MandateFlow } from './upstream-newer-mandate-flow.js';

// ---- e2e/spec/Payment/24-PaymentMethods.cy.js@d1688907 --------------------------------------------------
//
// Its "Create Payment Method" steps take Commons.js's PaymentMethod (getConnectorDetails("commons")).
// The "'Last Used' off-session token payments" contexts confirm the 3-D Secure ones with Stripe's
// 3-D Secure card (see upstream-newer-core-flow.ts) and expect the return to confirm-body.json's return_url.

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

export const UPSTREAM_NEWER_METHOD_FLOWS: UpstreamCase[] = [...paymentMethods(), ...deletedCustomerPsync(), ...manualRetry()];
