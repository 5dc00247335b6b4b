import type { Payment } from './types.js';

/** The amount a capture may still take. */
export function amountCapturable(payment: Payment): number {
  switch (payment.status) {
    case 'requires_capture':
    case 'partially_captured_and_capturable':
      return (payment.amount_to_capture ?? payment.amount) - payment.amount_received;
    case 'requires_confirmation':
    case 'requires_payment_method':
    case 'requires_customer_action':
    case 'processing':
      return payment.amount_to_capture ?? payment.amount;
    default:
      return 0;
  }
}
