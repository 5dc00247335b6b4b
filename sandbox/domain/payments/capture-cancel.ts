/**
 * POST /payments/{id}/capture and POST /payments/{id}/cancel: what happens to an authorised
 * amount after the confirm (captured in one or several parts, or voided).
 */
import type { PaymentCancelRequest, PaymentCaptureRequest } from '../../../src/api/requests.js';
import type * as z from 'zod/mini';
import { amountCapturable, amountToCapture, netAmount } from '../amounts.js';
import { apiError } from '../errors.js';
import type { IntentStatus, Payment } from '../types.js';
import type { PaymentEngine } from './engine.js';

export type CaptureRequest = z.infer<typeof PaymentCaptureRequest>;
export type CancelRequest = z.infer<typeof PaymentCancelRequest>;

/** The statuses a payment may be cancelled from. */
const CANCELLABLE: readonly IntentStatus[] = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_customer_action',
  'requires_capture',
  'partially_captured_and_capturable',
];

export function capturePayment(engine: PaymentEngine, merchantId: string, paymentId: string, request: CaptureRequest): Payment {
  return engine.store.transaction(() => {
    const payment = engine.load(merchantId, paymentId);
    if (payment.status !== 'requires_capture' && payment.status !== 'partially_captured_and_capturable') {
      throw apiError('captureWrongState', { status: payment.status });
    }
    const capturable = amountCapturable(payment);
    const amount = request.amount_to_capture ?? capturable;
    if (amount <= 0 && capturable > 0) throw apiError('captureZero');
    if (amount > capturable) throw apiError('captureAboveAmount');
    payment.captures.push({
      capture_id: `${payment.active_attempt_id}_capture_${payment.captures.length + 1}`,
      status: 'charged',
      amount,
      currency: payment.currency,
      created: engine.nowIso(),
    });
    payment.amount_received += amount;
    const remaining = amountToCapture(payment) - payment.amount_received;
    if (remaining === 0) payment.status = payment.amount_received < netAmount(payment) ? 'partially_captured' : 'succeeded';
    else payment.status = payment.capture_method === 'manual_multiple' ? 'partially_captured_and_capturable' : 'partially_captured';
    if (request.statement_descriptor_suffix != null) payment.statement_descriptor_suffix = request.statement_descriptor_suffix;
    engine.saveAttemptStatus(payment, payment.status === 'succeeded' || payment.status === 'partially_captured' ? 'charged' : 'authorized');
    return engine.save(payment);
  });
}

export function cancelPayment(engine: PaymentEngine, merchantId: string, paymentId: string, request: CancelRequest): Payment {
  return engine.store.transaction(() => {
    const payment = engine.load(merchantId, paymentId);
    if (!CANCELLABLE.includes(payment.status)) throw apiError('cancelWrongState', { status: payment.status });
    payment.cancellation_reason = request.cancellation_reason ?? null;
    payment.next_action = null;
    payment.settlement = null;
    if (payment.amount_received > 0) {
      // After a partial capture only the uncaptured rest is voided: what was captured stays
      // received and refundable (the payment ends partially_captured, like a final partial capture).
      payment.status = 'partially_captured';
      engine.saveAttemptStatus(payment, 'charged');
      return engine.save(payment);
    }
    payment.status = 'cancelled';
    engine.saveAttemptStatus(payment, 'voided');
    return engine.save(payment);
  });
}
