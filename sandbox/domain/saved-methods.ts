/**
 * Saved cards and recurring payments by `recurring_details`, as the real service does them: a card
 * payment of a customer with `setup_future_usage` (or `mandate_data`) saves the card and answers its
 * `payment_method_id`; a later payment passes `recurring_details` — `{"type":"mandate_id"}` or
 * `{"type":"payment_method_id"}` — instead of card data. The saved cards live in the customer's
 * record (masked: brand, last4, BIN, expiry, holder name), so no card number is ever kept.
 */
import type { PaymentConfirmRequest } from '../../src/api/requests.js';
import { apiError, errors } from './errors.js';
import { newPaymentMethodId } from './ids.js';
import type { Customer, MaskedCard, SavedPaymentMethod } from './types.js';

/** What a request asks to charge instead of card data, or null when it asks for nothing of the kind. */
export type Recurring = { kind: 'mandate'; id: string } | { kind: 'payment_method'; id: string };

export function recurringOf(request: Pick<PaymentConfirmRequest, 'mandate_id' | 'recurring_details'>): Recurring | null {
  const details = request.recurring_details;
  if (details == null) return request.mandate_id != null ? { kind: 'mandate', id: request.mandate_id } : null;
  if (details.type !== 'mandate_id' && details.type !== 'payment_method_id') {
    throw apiError('recurringDetailsUnsupported', {}, `recurring_details of type ${details.type} is not supported by the sandbox's card connector`);
  }
  if (typeof details.data !== 'string' || details.data.length === 0 || details.data.length > 255) {
    throw errors.badJson('invalid type for `recurring_details.data`: expected a string');
  }
  if (details.type === 'mandate_id') {
    if (request.mandate_id != null && request.mandate_id !== details.data) throw apiError('mandateAndCard');
    return { kind: 'mandate', id: details.data };
  }
  return { kind: 'payment_method', id: details.data };
}

/** A card of the customer's that is the same card (BIN, last4, expiry): saving it again reuses it. */
const sameCard = (a: MaskedCard, b: MaskedCard): boolean =>
  a.card_isin === b.card_isin && a.last4 === b.last4 && a.card_exp_month === b.card_exp_month && a.card_exp_year === b.card_exp_year;

/**
 * Saves the card for the customer (or finds it saved already) and returns its id. The customer
 * record is changed in place; the caller writes it. The first saved card becomes the default.
 */
export function saveCard(customer: Customer, card: MaskedCard, offSession: boolean, nowIso: string): SavedPaymentMethod {
  const saved = (customer.payment_methods ??= []);
  let method = saved.find((candidate) => sameCard(candidate.card, card));
  if (method) {
    method.off_session ||= offSession;
    method.card = card;
  } else {
    method = { payment_method_id: newPaymentMethodId(), card, off_session: offSession, created_at: nowIso };
    saved.push(method);
  }
  customer.default_payment_method_id ??= method.payment_method_id;
  return method;
}

/** The customer's saved card with that id, for a recurring payment: 404 HE_02 when there is none, HE_03 when it was saved for on-session use only. */
export function savedCardFor(customer: Customer | null, paymentMethodId: string): SavedPaymentMethod {
  const method = customer?.payment_methods?.find((candidate) => candidate.payment_method_id === paymentMethodId);
  if (!method) throw apiError('paymentMethodNotFound');
  if (!method.off_session) throw errors.mandateValidation(`payment method ${paymentMethodId} was saved for on-session payments only`);
  return method;
}
