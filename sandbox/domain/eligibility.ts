/**
 * `POST /payments/{payment_id}/eligibility`: the check the real service's web SDK makes once the
 * customer has entered a card (or picked a saved one), before it confirms, when the payment-method
 * list asks for it (`sdk_next_action.next_action: "eligibility_check"`). Upstream decides with the
 * merchant's blocklist and the profile's card blocking while its guard is on (`{"deny": {"message":
 * …}}`, the message a confirm would be blocked with), an external surcharge processor
 * (`surcharge_details`) and its offers engine (juspay/hyperswitch#9774, #12401). The sandbox has the
 * first (card-blocking.ts), not the other two: a card it can read and does not block is eligible, and
 * the answer says to confirm, with no surcharge. Nothing is stored; the card number is read and dropped.
 */
import type { PaymentsEligibilityRequest } from '../../src/api/sdk.js';
import { checkCardNumber } from './card-check.js';
import { apiError, errors } from './errors.js';
import type { Payment } from './types.js';

/** The answer: the real service's `PaymentsEligibilityResponse`. */
export interface PaymentsEligibilityResponse {
  payment_id: string;
  sdk_next_action: { next_action: 'confirm' | { deny: { message: string } } };
  /** Only with an external surcharge processor, which the sandbox does not have. */
  surcharge_details: null;
}

/** `blocked`: why the merchant's blocklist or profile refuses a card number (card-blocking.ts `cardBlockReason`), or null. */
export function paymentEligibility(payment: Payment, request: PaymentsEligibilityRequest, blocked: (cardNumber: string) => string | null): PaymentsEligibilityResponse {
  // a saved card's token: the sandbox lists no saved cards with tokens, so it knows none
  if (request.payment_token != null) throw apiError('paymentMethodNotFound');
  const data = request.payment_method_data;
  if (data == null) throw errors.missingParam('payment_method_data');
  // the card's number as a confirm checks it (length, check digit); expiry and CVC are for the confirm
  if (data.card) {
    checkCardNumber(data.card.card_number);
    const message = blocked(data.card.card_number);
    if (message) return { payment_id: payment.payment_id, sdk_next_action: { next_action: { deny: { message } } }, surcharge_details: null };
  }
  return { payment_id: payment.payment_id, sdk_next_action: { next_action: 'confirm' }, surcharge_details: null };
}
