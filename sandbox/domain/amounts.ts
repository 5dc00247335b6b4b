import type { Payment } from './types.js';

/**
 * `net_amount` = amount + surcharge + surcharge tax + shipping cost + order tax (absent parts count as
 * zero): what the processor authorises and captures, as upstream does (its Cypress case 00004 "with
 * shipping cost": amount 6000, shipping 50 → amount_capturable 6050, amount_received 6050).
 */
export function netAmount(payment: Payment): number {
  const surcharge = payment.surcharge_details as { surcharge_amount?: number; tax_amount?: number | null } | null;
  return (
    payment.amount +
    (surcharge?.surcharge_amount ?? 0) +
    (surcharge?.tax_amount ?? 0) +
    (payment.shipping_cost ?? 0) +
    (payment.order_tax_amount ?? 0)
  );
}

/** What the payment's captures are to take in all: `amount_to_capture` when set, else `net_amount`. */
export const amountToCapture = (payment: Payment): number => payment.amount_to_capture ?? netAmount(payment);

/** The amount a capture may still take. */
export function amountCapturable(payment: Payment): number {
  switch (payment.status) {
    case 'requires_capture':
    case 'partially_captured_and_capturable':
      return amountToCapture(payment) - payment.amount_received;
    case 'requires_confirmation':
    case 'requires_payment_method':
    case 'requires_customer_action':
    case 'processing':
      return amountToCapture(payment);
    default:
      return 0;
  }
}
