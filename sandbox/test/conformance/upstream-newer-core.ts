/**
 * The newer versions of the real service's core Cypress specs (juspay/hyperswitch at d1688907, June
 * 2026, `cypress-tests/cypress/`), replayed with their requests **as sent** by a Stripe run and their
 * commands' assertions: 04-NoThreeDSAutoCapture, 05-ThreeDSAutoCapture, 06-NoThreeDSManualCapture,
 * 07-VoidPayment, 08-SyncPayment, 09-RefundPayment, 10-SyncRefund and 16-ThreeDSManualCapture. 23-Variations
 * and 14-SaveCardFlow are upstream-newer-variations.ts's.
 *
 * The framework is upstream-newer-core-flow.ts's `CoreFlow` (the commands, the fixtures, Stripe's
 * entries, one spec's globalState): each spec's contexts run in order on one merchant, one customer and
 * the Stripe connector account 03-ConnectorCreate leaves on the merchant's default profile
 * (createConnectorCallTest, Flow.setup), sharing the spec's fixtures. Every processed payment is
 * checked as the commands check it: `connector` stripe, `merchant_connector_id` that account's.
 */
import assert from 'node:assert/strict';
import type { UpstreamCase } from './upstream-cases.js';
import type { Exchange } from './upstream-fixtures.js';
import { card_pm, CoreFlow, RETURN_URL, specFixtures, specState } from './upstream-newer-core-flow.js';
import { COMMIT, SPEC } from './upstream-newer-fixtures.js';

const spec = () => specState((sandbox) => new CoreFlow(sandbox, specFixtures()));

// ---- e2e/spec/Payment/04-NoThreeDSAutoCapture.cy.js@d1688907 ---------------------------------------------

function noThreeDSAutoCapture(): UpstreamCase[] {
  const source = `${SPEC}/04-NoThreeDSAutoCapture.cy.js@${COMMIT}`;
  const replay = spec();
  return [
    {
      source: `${source} [Card-NoThreeDS payment flow test Create and confirm]`,
      name: 'as sent: Create Payment Intent -> Payment Methods Call -> Confirm Payment (No3DSAutoCapture) -> Retrieve Payment',
      run: replay(async (cy) => {
        await cy.createPaymentIntent(card_pm.PaymentIntent, 'no_three_ds', 'automatic');
        await cy.paymentMethodsCall();
        await cy.confirm(card_pm.No3DSAutoCapture);
        await cy.retrieve();
      }),
    },
    {
      source: `${source} [Card-NoThreeDS payment flow test Create+Confirm]`,
      name: 'as sent: Create and Confirm Payment (No3DSAutoCapture) -> Retrieve Payment',
      run: replay(async (cy) => {
        await cy.createConfirm(card_pm.No3DSAutoCapture, 'no_three_ds', 'automatic');
        await cy.retrieve();
      }),
    },
    {
      source: `${source} [Card-NoThreeDS payment with shipping cost]`,
      name: 'as sent: Create Payment Intent with shipping_cost 50 -> Payment Methods Call -> Confirm: succeeded, amount_received and net_amount 6050 -> Retrieve Payment',
      run: replay(async (cy) => {
        await cy.createPaymentIntent(card_pm.PaymentIntentWithShippingCost, 'no_three_ds', 'automatic');
        await cy.paymentMethodsCall();
        await cy.confirm(card_pm.PaymentConfirmWithShippingCost);
        await cy.retrieve();
      }),
    },
  ];
}

// ---- e2e/spec/Payment/05-ThreeDSAutoCapture.cy.js@d1688907 ---------------------------------------------

function threeDSAutoCapture(): UpstreamCase[] {
  const source = `${SPEC}/05-ThreeDSAutoCapture.cy.js@${COMMIT}`;
  const replay = spec();
  return [
    {
      source: `${source} [Card-ThreeDS payment flow test Create and Confirm]`,
      name: 'as sent: create payment intent (three_ds) -> payment methods call -> confirm (3DSAutoCapture): requires_customer_action -> handle redirection (Complete Payment): back to https://example.com with payment_id',
      run: replay(async (cy) => {
        await cy.createPaymentIntent(card_pm.PaymentIntent, 'three_ds', 'automatic');
        await cy.paymentMethodsCall();
        await cy.confirm(card_pm['3DSAutoCapture']);
        await cy.handleRedirection(RETURN_URL);
      }),
    },
  ];
}

// ---- e2e/spec/Payment/06-NoThreeDSManualCapture.cy.js@d1688907 ---------------------------------------------

function noThreeDSManualCapture(): UpstreamCase[] {
  const source = `${SPEC}/06-NoThreeDSManualCapture.cy.js@${COMMIT}`;
  const replay = spec();
  const intentConfirm = async (cy: CoreFlow) => {
    await cy.createPaymentIntent(card_pm.PaymentIntent, 'no_three_ds', 'manual');
    await cy.paymentMethodsCall();
    await cy.confirm(card_pm.No3DSManualCapture);
    await cy.retrieve();
  };
  const createConfirm = async (cy: CoreFlow) => {
    await cy.createConfirm(card_pm.No3DSManualCapture, 'no_three_ds', 'manual');
    await cy.retrieve();
  };
  return [
    {
      source: `${source} [Card - NoThreeDS Manual Full Capture payment flow test - Create and Confirm]`,
      name: 'as sent: Create Payment Intent (manual) -> Payment Methods Call -> Confirm: requires_capture -> Retrieve -> Capture 6000: succeeded -> Retrieve',
      run: replay(async (cy) => {
        await intentConfirm(cy);
        await cy.capture(card_pm.Capture);
        await cy.retrieve();
      }),
    },
    {
      source: `${source} [Card - NoThreeDS Manual Full Capture payment flow test - Create+Confirm]`,
      name: 'as sent: Create and Confirm Payment (manual, 6000) -> Retrieve -> Capture 6000: succeeded -> Retrieve',
      run: replay(async (cy) => {
        await createConfirm(cy);
        await cy.capture(card_pm.Capture);
        await cy.retrieve();
      }),
    },
    {
      source: `${source} [Card - NoThreeDS Manual Partial Capture payment flow test - Create and Confirm]`,
      name: 'as sent: Create Payment Intent (manual) -> Payment Methods Call -> Confirm -> Retrieve -> Capture 2000: partially_captured, amount_capturable 0 -> Retrieve',
      run: replay(async (cy) => {
        await intentConfirm(cy);
        await cy.capture(card_pm.PartialCapture);
        await cy.retrieve();
      }),
    },
    {
      source: `${source} [Card - NoThreeDS Manual Partial Capture payment flow test - Create+Confirm]`,
      name: 'as sent: Create and Confirm Payment (manual, 6000) -> Retrieve -> Capture 2000: partially_captured -> Retrieve',
      run: replay(async (cy) => {
        await createConfirm(cy);
        await cy.capture(card_pm.PartialCapture);
        await cy.retrieve();
      }),
    },
  ];
}

// ---- e2e/spec/Payment/07-VoidPayment.cy.js@d1688907 ------------------------------------------------------------

function voidPayment(): UpstreamCase[] {
  const source = `${SPEC}/07-VoidPayment.cy.js@${COMMIT}`;
  const replay = spec();
  return [
    {
      source: `${source} [Card - void payment in Requires_capture state flow test]`,
      name: 'as sent: Create Payment Intent (manual) -> Payment Methods Call -> Confirm: requires_capture -> Retrieve -> Void (VoidAfterConfirm): cancelled, capture_method manual',
      run: replay(async (cy) => {
        await cy.createPaymentIntent(card_pm.PaymentIntent, 'no_three_ds', 'manual');
        await cy.paymentMethodsCall();
        await cy.confirm(card_pm.No3DSManualCapture);
        await cy.retrieve();
        await cy.void(card_pm.VoidAfterConfirm);
      }),
    },
    {
      source: `${source} [Card - void payment in Requires_payment_method state flow test]`,
      name: 'as sent: Create Payment Intent (manual) -> Payment Methods Call -> Void without Confirmation: cancelled',
      run: replay(async (cy) => {
        await cy.createPaymentIntent(card_pm.PaymentIntent, 'no_three_ds', 'manual');
        await cy.paymentMethodsCall();
        await cy.void(card_pm.Void);
      }),
    },
    {
      source: `${source} [Card - void payment in success state flow test]`,
      name: 'as sent: Create Payment Intent (manual) -> Payment Methods Call -> Confirm with `confirm: false` in the body: requires_capture -> Retrieve -> Void (VoidAfterConfirm): cancelled',
      run: replay(async (cy) => {
        await cy.createPaymentIntent(card_pm.PaymentIntent, 'no_three_ds', 'manual');
        await cy.paymentMethodsCall();
        await cy.confirm(card_pm.No3DSManualCapture, false);
        await cy.retrieve();
        await cy.void(card_pm.VoidAfterConfirm);
      }),
    },
  ];
}

// ---- e2e/spec/Payment/08-SyncPayment.cy.js@d1688907 ------------------------------------------------------------

function syncPayment(): UpstreamCase[] {
  const source = `${SPEC}/08-SyncPayment.cy.js@${COMMIT}`;
  const replay = spec();
  return [
    {
      source: `${source} [Card - Sync payment flow test]`,
      name: 'as sent: Create Payment Intent -> Payment Methods Call -> Confirm Payment Intent -> Retrieve Payment after Confirmation: succeeded',
      run: replay(async (cy) => {
        await cy.createPaymentIntent(card_pm.PaymentIntent, 'no_three_ds', 'automatic');
        await cy.paymentMethodsCall();
        await cy.confirm(card_pm.No3DSAutoCapture);
        assert.equal(await cy.status(), 'succeeded');
      }),
    },
  ];
}

// ---- e2e/spec/Payment/09-RefundPayment.cy.js@d1688907 ------------------------------------------------------------
//
// The refund fixture carries `amount` from one refund to the next; the Create+Confirm partial refund
// flows' "Sync Refund Payment" step of the No-3DS part sends refundCallTest with the SyncRefund entry
// (no Request): a third refund of the 2000 the partial refunds left in the fixture.

function refundPayment(): UpstreamCase[] {
  const source = `${SPEC}/09-RefundPayment.cy.js@${COMMIT}`;
  const replay = spec();
  const intent = async (cy: CoreFlow, auth: 'no_three_ds' | 'three_ds', capture: 'automatic' | 'manual') => {
    await cy.createPaymentIntent(card_pm.PaymentIntent, auth, capture);
    await cy.paymentMethodsCall();
    const confirm = auth === 'no_three_ds' ? (capture === 'manual' ? card_pm.No3DSManualCapture : card_pm.No3DSAutoCapture) : capture === 'manual' ? card_pm['3DSManualCapture'] : card_pm['3DSAutoCapture'];
    await cy.confirm(confirm);
    if (auth === 'three_ds') await cy.handleRedirection(RETURN_URL);
    await cy.retrieve();
  };
  const createConfirm = async (cy: CoreFlow, auth: 'no_three_ds' | 'three_ds') => {
    await cy.createConfirm(auth === 'three_ds' ? card_pm['3DSAutoCapture'] : card_pm.No3DSAutoCapture, auth, 'automatic');
    if (auth === 'three_ds') await cy.handleRedirection(RETURN_URL);
    await cy.retrieve();
  };
  const capture = async (cy: CoreFlow, data: Exchange) => {
    await cy.capture(data);
    await cy.retrieve();
  };
  const flows: UpstreamCase[] = [];
  for (const auth of ['no_three_ds', 'three_ds'] as const) {
    const part = auth === 'no_three_ds' ? 'No-3DS' : '3DS';
    flows.push(
      {
        source: `${source} [Card - Full Refund flow test for ${part}]`,
        name: `as sent: Create Payment Intent (${auth}) -> Payment Methods Call -> Confirm${auth === 'three_ds' ? ' -> Handle Redirection' : ''} -> Retrieve -> Refund 6000 -> Sync Refund: succeeded`,
        run: replay(async (cy) => {
          await intent(cy, auth, 'automatic');
          await cy.refund(card_pm.Refund);
          await cy.syncRefund(card_pm.SyncRefund);
        }),
      },
      {
        source: `${source} [Card - Partial Refund flow test for ${part}]`,
        name: `as sent: Create Payment Intent (${auth}) -> Payment Methods Call -> Confirm${auth === 'three_ds' ? ' -> Handle Redirection' : ''} -> Retrieve -> Refund 2000 -> Refund 2000 -> Sync Refund: succeeded`,
        run: replay(async (cy) => {
          await intent(cy, auth, 'automatic');
          await cy.refund(card_pm.PartialRefund);
          await cy.refund(card_pm.PartialRefund);
          await cy.syncRefund(card_pm.SyncRefund);
        }),
      },
      {
        source: `${source} [${auth === 'no_three_ds' ? 'Fully Refund Card-NoThreeDS payment flow test Create+Confirm' : 'Fully Refund Card-ThreeDS payment flow test Create+Confirm'}]`,
        name: `as sent: Create and Confirm Payment (${auth}, 6000)${auth === 'three_ds' ? ' -> Handle Redirection' : ''} -> Retrieve -> Refund 6000 -> Sync Refund: succeeded`,
        run: replay(async (cy) => {
          await createConfirm(cy, auth);
          await cy.refund(card_pm.Refund);
          await cy.syncRefund(card_pm.SyncRefund);
        }),
      },
      {
        source: `${source} [${auth === 'no_three_ds' ? 'Partially Refund Card-NoThreeDS payment flow test Create+Confirm' : 'Partially Refund Card-ThreeDS payment flow test Create+Confirm'}]`,
        name:
          auth === 'no_three_ds'
            ? 'as sent: Create and Confirm Payment (6000) -> Retrieve -> Refund 2000 -> Refund 2000 -> "Sync Refund Payment" (refundCallTest with SyncRefund: a third refund of the fixture\'s 2000): succeeded'
            : 'as sent: Create and Confirm Payment (three_ds, 6000) -> Handle Redirection -> Retrieve -> Refund 2000 -> Refund 2000 -> Sync Refund: succeeded',
        run: replay(async (cy) => {
          await createConfirm(cy, auth);
          await cy.refund(card_pm.PartialRefund);
          await cy.refund(card_pm.PartialRefund);
          if (auth === 'no_three_ds') await cy.refundAsSync(card_pm.SyncRefund);
          else await cy.syncRefund(card_pm.SyncRefund);
        }),
      },
      {
        source: `${source} [Card - Full Refund for fully captured ${part} payment]`,
        name: `as sent: Create Payment Intent (${auth}, manual) -> Payment Methods Call -> Confirm${auth === 'three_ds' ? ' -> Handle Redirection' : ''} -> Retrieve -> Capture 6000 -> Retrieve -> Refund 6000 -> Sync Refund: succeeded`,
        run: replay(async (cy) => {
          await intent(cy, auth, 'manual');
          await capture(cy, card_pm.Capture);
          await cy.refund(card_pm.manualPaymentRefund);
          await cy.syncRefund(card_pm.SyncRefund);
        }),
      },
      {
        source: `${source} [Card - Partial Refund for fully captured ${part} payment]`,
        name: `as sent: Create Payment Intent (${auth}, manual) -> Payment Methods Call -> Confirm${auth === 'three_ds' ? ' -> Handle Redirection' : ''} -> Retrieve -> Capture 6000 -> Retrieve -> Refund 2000 -> Refund 2000 -> Sync Refund${auth === 'no_three_ds' ? ' -> List Refunds: not empty' : ''}`,
        run: replay(async (cy) => {
          await intent(cy, auth, 'manual');
          await capture(cy, card_pm.Capture);
          await cy.refund(card_pm.manualPaymentPartialRefund);
          await cy.refund(card_pm.manualPaymentPartialRefund);
          await cy.syncRefund(card_pm.SyncRefund);
          if (auth === 'no_three_ds') await cy.listRefunds();
        }),
      },
      {
        source: `${source} [Card - Full Refund for partially captured ${part} payment]`,
        name: `as sent: Create Payment Intent (${auth}, manual) -> Payment Methods Call -> Confirm${auth === 'three_ds' ? ' -> Handle Redirection' : ''} -> Retrieve -> Capture 2000 -> Retrieve -> Refund 2000 (manualPaymentPartialRefund) -> Sync Refund: succeeded`,
        run: replay(async (cy) => {
          await intent(cy, auth, 'manual');
          await capture(cy, card_pm.PartialCapture);
          await cy.refund(card_pm.manualPaymentPartialRefund);
          await cy.syncRefund(card_pm.SyncRefund);
        }),
      },
      {
        source: `${source} [Card - Partial Refund for partially captured ${part} payment]`,
        name: `as sent: Create Payment Intent (${auth}, manual) -> Payment Methods Call -> Confirm${auth === 'three_ds' ? ' -> Handle Redirection' : ''} -> Retrieve -> Capture 2000 -> Retrieve -> Refund 2000 -> Sync Refund: succeeded`,
        run: replay(async (cy) => {
          await intent(cy, auth, 'manual');
          await capture(cy, card_pm.PartialCapture);
          await cy.refund(card_pm.manualPaymentPartialRefund);
          await cy.syncRefund(card_pm.SyncRefund);
        }),
      },
    );
  }
  return flows;
}

// ---- e2e/spec/Payment/10-SyncRefund.cy.js@d1688907 ------------------------------------------------------------

function syncRefund(): UpstreamCase[] {
  const source = `${SPEC}/10-SyncRefund.cy.js@${COMMIT}`;
  const replay = spec();
  return [
    {
      source: `${source} [Card - Sync Refund flow test]`,
      name: 'as sent: Create Payment Intent -> Payment Methods Call -> Confirm -> Retrieve -> Refund 6000 -> Sync Refund: succeeded',
      run: replay(async (cy) => {
        await cy.createPaymentIntent(card_pm.PaymentIntent, 'no_three_ds', 'automatic');
        await cy.paymentMethodsCall();
        await cy.confirm(card_pm.No3DSAutoCapture);
        await cy.retrieve();
        await cy.refund(card_pm.Refund);
        await cy.syncRefund(card_pm.SyncRefund);
      }),
    },
  ];
}


// ---- e2e/spec/Payment/16-ThreeDSManualCapture.cy.js@d1688907 ---------------------------------------------------

function threeDSManualCapture(): UpstreamCase[] {
  const source = `${SPEC}/16-ThreeDSManualCapture.cy.js@${COMMIT}`;
  const replay = spec();
  const intentConfirm = async (cy: CoreFlow) => {
    await cy.createPaymentIntent(card_pm.PaymentIntent, 'three_ds', 'manual');
    await cy.paymentMethodsCall();
    await cy.confirm(card_pm['3DSManualCapture']);
    await cy.handleRedirection(RETURN_URL);
    await cy.retrieve();
  };
  const createConfirm = async (cy: CoreFlow) => {
    await cy.createConfirm(card_pm['3DSManualCapture'], 'three_ds', 'manual');
    await cy.handleRedirection(RETURN_URL);
    await cy.retrieve();
  };
  const captured = async (cy: CoreFlow, data: Exchange, status: string) => {
    await cy.capture(data);
    assert.equal(await cy.status(), status);
  };
  return [
    {
      source: `${source} [Card - ThreeDS Manual Full Capture payment flow test - Create and Confirm]`,
      name: 'as sent: Create Payment Intent (three_ds, manual) -> Payment Methods Call -> Confirm: requires_customer_action -> handle redirection -> Retrieve -> Capture 6000: succeeded -> Retrieve',
      run: replay(async (cy) => {
        await intentConfirm(cy);
        await captured(cy, card_pm.Capture, 'succeeded');
      }),
    },
    {
      source: `${source} [Card - ThreeDS Manual Full Capture payment flow test - Create+Confirm]`,
      name: 'as sent: Create and Confirm Payment (three_ds, manual): requires_customer_action -> Handle Redirection -> Retrieve -> Capture 6000: succeeded -> Retrieve',
      run: replay(async (cy) => {
        await createConfirm(cy);
        await captured(cy, card_pm.Capture, 'succeeded');
      }),
    },
    {
      source: `${source} [Card - ThreeDS Manual Partial Capture payment flow test - Create and Confirm]`,
      name: 'as sent: Create Payment Intent (three_ds, manual) -> Payment Methods Call -> Confirm -> handle redirection -> Retrieve -> Capture 2000: partially_captured -> Retrieve',
      run: replay(async (cy) => {
        await intentConfirm(cy);
        await captured(cy, card_pm.PartialCapture, 'partially_captured');
      }),
    },
    {
      source: `${source} [Card - ThreeDS Manual Partial Capture payment flow test - Create+Confirm]`,
      name: 'as sent: Create and Confirm Payment (three_ds, manual) -> handle redirection -> Retrieve -> Capture 2000: partially_captured -> Retrieve',
      run: replay(async (cy) => {
        await createConfirm(cy);
        await captured(cy, card_pm.PartialCapture, 'partially_captured');
      }),
    },
  ];
}


export const UPSTREAM_NEWER_CORE_FLOWS: UpstreamCase[] = [
  ...noThreeDSAutoCapture(),
  ...threeDSAutoCapture(),
  ...noThreeDSManualCapture(),
  ...voidPayment(),
  ...syncPayment(),
  ...refundPayment(),
  ...syncRefund(),
  ...threeDSManualCapture(),
];
