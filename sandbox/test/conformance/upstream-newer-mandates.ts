/**
 * The newer versions of the real service's mandate Cypress specs (juspay/hyperswitch at d1688907, June
 * 2026, `cypress-tests/cypress/`), replayed with their requests **as sent** by a Stripe run and their
 * commands' assertions: 11-CreateSingleuseMandate, 12-CreateMultiuseMandate, 13-ListAndRevokeMandate,
 * 15-ZeroAuthMandate and 20-MandatesUsingPMID, on upstream-newer-mandate-flow.ts's `MandateFlow` (each
 * spec's contexts in order on one merchant, customer and 03-ConnectorCreate's Stripe connector account,
 * sharing the spec's fixtures). None of these specs creates a connector account of its own, and none
 * of their steps is skipped.
 */
import assert from 'node:assert/strict';
import type { UpstreamCase } from './upstream-cases.js';
import { card_pm, RETURN_URL, save } from './upstream-newer-core-flow.js';
import { COMMIT, SPEC } from './upstream-newer-fixtures.js';
import { mandate, spec } from './upstream-newer-mandate-flow.js';

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

export const UPSTREAM_NEWER_MANDATE_FLOWS: UpstreamCase[] = [...singleUseMandate(), ...multiUseMandate(), ...listAndRevokeMandate(), ...zeroAuthMandate(), ...mandatesUsingPMID()];
