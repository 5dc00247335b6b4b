/**
 * How an attempt ends: approved (captured at once or authorised for a manual capture, the card
 * saved and the mandate created when the payment asked for them), declined, or settled later by
 * the clock (an asynchronous approval, a challenge or wait screen left unanswered).
 */
import { amountToCapture, netAmount } from '../amounts.js';
import { DECLINES, type DeclineCode } from '../processor.js';
import { newConnectorTransactionId, newMandateId } from '../ids.js';
import { saveCard } from '../saved-methods.js';
import type { Attempt, Mandate, Payment } from '../types.js';
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
  saveCardIfAsked(engine, payment);
  if (payment.mandate_data && !payment.mandate_id) payment.mandate_id = createMandate(engine, payment, attempt).mandate_id;
  return engine.save(payment);
}

export function decline(engine: PaymentEngine, payment: Payment, attempt: Attempt, code: DeclineCode): Payment {
  const text = DECLINES[code];
  attempt.status = 'failure';
  attempt.error_code = code;
  attempt.error_message = text.message;
  attempt.unified_code = text.unifiedCode;
  attempt.unified_message = text.unifiedMessage;
  attempt.modified_at = engine.nowIso();
  engine.store.putAttempt(attempt);
  payment.status = 'failed';
  payment.error_code = code;
  payment.error_message = text.message;
  payment.unified_code = text.unifiedCode;
  payment.unified_message = text.unifiedMessage;
  // Every card decline may be retried with another card; a mobile-money payment cannot be confirmed again.
  payment.manual_retry_allowed = payment.payment_method === 'card';
  payment.next_action = null;
  payment.settlement = null;
  return engine.save(payment);
}

/**
 * A card payment of a customer that asks to keep the card (`setup_future_usage`, `mandate_data`)
 * saves it; a browser's confirm only with the customer's consent (`save_card_consent`).
 */
function saveCardIfAsked(engine: PaymentEngine, payment: Payment): void {
  if (payment.payment_method_id || !payment.card || !payment.customer_id) return;
  if (payment.save_card_consent === false) return;
  if (payment.setup_future_usage == null && !payment.mandate_data) return;
  const customer = engine.store.customer(payment.merchant_id, payment.customer_id);
  if (!customer) return;
  const offSession = payment.setup_future_usage === 'off_session' || payment.mandate_data != null;
  payment.payment_method_id = saveCard(customer, payment.card, offSession, engine.nowIso()).payment_method_id;
  engine.store.putCustomer(customer);
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
