/**
 * How an attempt ends: approved (captured at once or authorised for a manual capture, the card
 * saved and the mandate created when the payment asked for them), declined, or settled later by
 * the clock (an asynchronous approval, a challenge or wait screen left unanswered).
 */
import { amountToCapture, netAmount } from '../amounts.js';
import { BLOCKED_ERROR_CODE } from '../card-blocking.js';
import { challengePath } from '../challenge.js';
import { DECLINES, type DeclineCode } from '../processor.js';
import { newConnectorTransactionId, newMandateId, newNetworkTransactionId } from '../ids.js';
import { futurePaymentMethodId, saveCard } from '../saved-methods.js';
import type { Attempt, Customer, Mandate, MaskedCard, Payment } from '../types.js';
import { chargedMandate } from './connector-mandates.js';
import type { PaymentEngine } from './engine.js';

/** The payment with a due settlement applied (inside a transaction). */
export function loadSettled(engine: PaymentEngine, merchantId: string, paymentId: string): Payment {
  const payment = engine.load(merchantId, paymentId);
  return payment.settlement && payment.settlement.at <= engine.now() ? settleLoaded(engine, payment) : payment;
}

/** Applies the payment's settlement (whatever its time: the caller decides it is due). */
export function settleLoaded(engine: PaymentEngine, payment: Payment): Payment {
  const settlement = payment.settlement;
  if (!settlement) return payment;
  const attempt = engine.activeAttempt(payment);
  payment.settlement = null;
  if (settlement.outcome === 'fail') return decline(engine, payment, attempt, (settlement.error_code ?? 'processing_error') as DeclineCode);
  return approve(engine, payment, attempt);
}

export function approve(engine: PaymentEngine, payment: Payment, attempt: Attempt): Payment {
  const manual = payment.capture_method === 'manual' || payment.capture_method === 'manual_multiple';
  attempt.connector_transaction_id = newConnectorTransactionId();
  attempt.status = manual ? 'authorized' : 'charged';
  attempt.modified_at = engine.nowIso();
  engine.store.putAttempt(attempt);
  payment.connector_transaction_id = attempt.connector_transaction_id;
  // the card network's reference of this authorisation: upstream answers the connector's (Stripe's for every
  // card it charges, `payment_method_details.card.network_transaction_id`); merchants keep it for later MITs
  payment.network_transaction_id = payment.payment_method === 'card' ? newNetworkTransactionId() : null;
  payment.next_action = null;
  payment.settlement = null;
  if (manual) {
    payment.status = 'requires_capture';
  } else {
    const captured = amountToCapture(payment);
    payment.amount_received = captured;
    payment.captures.push({
      capture_id: `${attempt.attempt_id}_capture_1`,
      status: 'charged',
      amount: captured,
      currency: payment.currency,
      created: attempt.modified_at,
    });
    payment.status = captured < netAmount(payment) ? 'partially_captured' : 'succeeded';
  }
  saveCardIfAsked(engine, payment, attempt.challenge_outcome);
  // the reference of the card saved off-session, or of the saved card charged (none when it went by the network's id)
  payment.connector_mandate_id = payment.mit_by_network_id ? null : chargedMandate(engine, payment);
  if (payment.mandate_data && !payment.mandate_id) payment.mandate_id = createMandate(engine, payment, attempt).mandate_id;
  return engine.save(payment);
}

/**
 * The issuer asks the customer to authenticate: `requires_customer_action` with a link to the
 * challenge page; `afterChallenge` is what *Complete* there leads to. Left unanswered, the challenge
 * fails by itself (settleDue, or the next retrieve).
 */
export function challenge(engine: PaymentEngine, payment: Payment, attempt: Attempt, afterChallenge: 'succeed' | 'fail'): Payment {
  attempt.status = 'authentication_pending';
  attempt.challenge_outcome = afterChallenge;
  payment.status = 'requires_customer_action';
  announceSavedCard(engine, payment);
  payment.next_action = {
    type: 'redirect_to_url',
    // stored without a token: withChallengeLink() adds a fresh one to every answer that shows it
    redirect_to_url: `${engine.options.publicUrl}${challengePath(payment, attempt.attempt_id)}`,
  };
  payment.settlement = { at: engine.now() + engine.challengeWindowMs, outcome: 'fail', error_code: 'authentication_failed' };
  engine.store.putAttempt(attempt);
  return engine.save(payment);
}

export function decline(engine: PaymentEngine, payment: Payment, attempt: Attempt, code: DeclineCode): Payment {
  const text = DECLINES[code];
  failAttempt(engine, attempt, code);
  payment.status = 'failed';
  payment.error_code = code;
  payment.error_message = text.message;
  payment.unified_code = text.unifiedCode;
  payment.unified_message = text.unifiedMessage;
  // A card decline may be retried with another card unless the payment's profile says
  // `is_manual_retry_enabled: false` (confirm.ts); a mobile-money payment cannot be confirmed again.
  payment.manual_retry_allowed = payment.payment_method === 'card' && engine.profiles.ofPayment(payment)?.is_manual_retry_enabled !== false;
  payment.next_action = null;
  payment.settlement = null;
  return engine.save(payment);
}

/**
 * A card the payment's profile blocks (card-blocking.ts), refused before any processor sees it:
 * the attempt and the payment fail with `HE-03` and the reason's message, the merchant's decision is
 * `rejected` (upstream's RejectUpdate and BlocklistUpdate); another card may be tried as after a decline.
 */
export function block(engine: PaymentEngine, payment: Payment, attempt: Attempt, message: string): Payment {
  for (const failed of [attempt, payment]) {
    failed.error_code = BLOCKED_ERROR_CODE;
    failed.error_message = message;
    failed.unified_code = null;
    failed.unified_message = null;
  }
  attempt.status = 'failure';
  attempt.modified_at = engine.nowIso();
  engine.store.putAttempt(attempt);
  payment.status = 'failed';
  payment.merchant_decision = 'rejected';
  payment.manual_retry_allowed = engine.profiles.ofPayment(payment)?.is_manual_retry_enabled !== false;
  payment.next_action = null;
  payment.settlement = null;
  return engine.save(payment);
}

/** An attempt the processor declined, stored. */
export function failAttempt(engine: PaymentEngine, attempt: Attempt, code: DeclineCode): void {
  const text = DECLINES[code];
  attempt.status = 'failure';
  attempt.error_code = code;
  attempt.error_message = text.message;
  attempt.unified_code = text.unifiedCode;
  attempt.unified_message = text.unifiedMessage;
  attempt.modified_at = engine.nowIso();
  engine.store.putAttempt(attempt);
}

/**
 * The customer whose card this payment saves, and whether it is saved for use without them: a card
 * payment of a customer that asks to keep the card (`setup_future_usage`, `mandate_data`) or has
 * the customer's consent (`customer_acceptance`: on-session); a browser's confirm only with that
 * consent (`save_card_consent`). Null: nothing to save.
 */
function cardSaving(engine: PaymentEngine, payment: Payment): { customer: Customer; card: MaskedCard; offSession: boolean } | null {
  if ((payment.payment_method_id && !payment.payment_method_pending) || !payment.card || !payment.customer_id) return null;
  if (payment.save_card_consent === false) return null;
  // the customer's consent alone saves too, on-session: upstream's save_payment_method saves whenever
  // `customer_acceptance` is there, which is all the web SDK sends when its "Save card details" is ticked
  const consented = payment.save_card_consent === true || (payment.save_card_consent === undefined && payment.customer_acceptance != null);
  if (payment.setup_future_usage == null && !payment.mandate_data && !consented) return null;
  const customer = engine.store.customer(payment.merchant_id, payment.customer_id);
  if (!customer) return null;
  return { customer, card: payment.card, offSession: payment.setup_future_usage === 'off_session' || payment.mandate_data != null };
}

/**
 * Saves the card when the payment asks (cardSaving). `challenge`: how the challenge this card was
 * given ended (null: it was given none).
 */
function saveCardIfAsked(engine: PaymentEngine, payment: Payment, challenge: 'succeed' | 'fail' | null): void {
  const saving = cardSaving(engine, payment);
  if (!saving) return;
  const announced = payment.payment_method_pending ? (payment.payment_method_id ?? undefined) : undefined;
  const mandated = new Set(saving.customer.payment_methods?.filter((saved) => saved.connector_mandate_id).map((saved) => saved.payment_method_id));
  const method = saveCard(saving.customer, saving.card, saving.offSession, engine.nowIso(), announced, challenge);
  // a card that gets its connector mandate from this payment has it with the payment's account alone (chargedMandate)
  if (!mandated.has(method.payment_method_id)) method.mandate_accounts = [];
  payment.payment_method_id = method.payment_method_id;
  delete payment.payment_method_pending;
  engine.store.putCustomer(saving.customer);
}

/**
 * A payment that saves its card off-session and waits for the customer first (a 3-D Secure
 * challenge) answers the id the card will have, as upstream does (`payment_method_status`
 * `inactive` until it is authorised); the card itself is saved only when the payment is.
 */
function announceSavedCard(engine: PaymentEngine, payment: Payment): void {
  const saving = cardSaving(engine, payment);
  if (!saving?.offSession) return;
  payment.payment_method_id = futurePaymentMethodId(saving.customer, saving.card);
  payment.payment_method_pending = true;
}

/** The mandate an approved payment with `mandate_data` creates (its limits from the mandate type). */
function createMandate(engine: PaymentEngine, payment: Payment, attempt: Attempt): Mandate {
  const data = payment.mandate_data as { mandate_type?: Record<string, Record<string, unknown> | null> } | null;
  const type = data?.mandate_type && 'single_use' in data.mandate_type ? 'single_use' : 'multi_use';
  const limits = (data?.mandate_type?.[type] ?? null) as { amount?: number; currency?: string; start_date?: string; end_date?: string } | null;
  const mandate: Mandate = {
    mandate_id: newMandateId(),
    merchant_id: payment.merchant_id,
    customer_id: payment.customer_id as string,
    payment_id: payment.payment_id,
    status: 'active',
    mandate_type: type,
    amount: limits?.amount ?? null,
    currency: limits?.currency ?? null,
    start_date: limits?.start_date ?? null,
    end_date: limits?.end_date ?? null,
    card: attempt.card,
    customer_acceptance: payment.customer_acceptance,
    payment_method_id: payment.payment_method_id ?? null,
    times_used: 0,
    created_at: engine.nowIso(),
  };
  engine.store.putMandate(mandate);
  return mandate;
}
