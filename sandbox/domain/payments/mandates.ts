/**
 * Recurring payments: a confirm that pays with a mandate (`mandate_id`, or `recurring_details` of
 * type `mandate_id`) or with a card the customer saved off-session (`recurring_details` of type
 * `payment_method_id`). Both need `off_session` and approve without the customer, so neither is
 * authenticated: unless the confirm names an `authentication_type`, it is `no_three_ds` (a
 * `three_ds` with no challenge to open is what upstream's API tests refuse of a MIT). The mandate
 * itself is created when a payment with `mandate_data` is approved (outcome.ts).
 */
import type { PaymentConfirmRequest } from '../../../src/api/requests.js';
import { apiError, errors } from '../errors.js';
import { savedCardFor } from '../saved-methods.js';
import type { Attempt, Customer, MaskedCard, Payment, SavedPaymentMethod } from '../types.js';
import { mandateRoute, type MitRoute } from './connector-mandates.js';
import type { PaymentEngine } from './engine.js';
import { approve, challenge, decline } from './outcome.js';

export function confirmWithMandate(engine: PaymentEngine, payment: Payment, mandateId: string, request: PaymentConfirmRequest): Payment {
  const mandate = engine.store.mandate(payment.merchant_id, mandateId);
  if (!mandate) throw apiError('mandateNotFound');
  if (mandate.status !== 'active') throw errors.mandateValidation(`mandate ${mandateId} is ${mandate.status}`);
  if (!request.off_session && !payment.off_session) throw apiError('offSessionNeedsMandate');
  if (payment.customer_id && payment.customer_id !== mandate.customer_id) {
    throw errors.mandateValidation('customer_id must match the mandate customer_id');
  }
  const now = engine.now();
  if (mandate.end_date && Date.parse(mandate.end_date) < now) {
    throw errors.mandateValidation(`mandate ${mandateId} ended on ${mandate.end_date}`);
  }
  if (mandate.start_date && Date.parse(mandate.start_date) > now) {
    throw errors.mandateValidation(`mandate ${mandateId} starts on ${mandate.start_date}`);
  }
  if (mandate.currency && mandate.currency !== payment.currency) {
    throw errors.mandateValidation(`cross currency mandates not supported: the mandate is for ${mandate.currency}, the payment is in ${payment.currency}`);
  }
  // each payment against the mandate's amount, in upstream's words (helpers.rs verify_mandate_details); a
  // single-use mandate is not spent by its MIT, as upstream's is not (mandate_procedure revokes only on a CIT)
  if (mandate.amount != null && payment.amount > mandate.amount) {
    throw errors.mandateValidation('request amount is greater than mandate amount');
  }
  payment.customer_id ??= mandate.customer_id;
  const method = mandate.payment_method_id ? engine.store.customer(payment.merchant_id, mandate.customer_id)?.payment_methods?.find((saved) => saved.payment_method_id === mandate.payment_method_id) : undefined;
  const route = method ? mandateRoute(engine, payment, method) : null;
  withoutCustomer(payment, request);
  payment.mandate_id = mandate.mandate_id;
  payment.payment_method_id = mandate.payment_method_id ?? null;
  payment.payment_method = 'card';
  payment.payment_method_type ??= 'credit';
  mandate.times_used += 1;
  engine.store.putMandate(mandate);
  return approve(engine, payment, newMit(engine, payment, mandate.card, route));
}

/** A recurring payment on a card the customer saved off-session (`recurring_details` of type `payment_method_id`). */
export function confirmWithSavedCard(engine: PaymentEngine, payment: Payment, paymentMethodId: string, request: PaymentConfirmRequest): Payment {
  if (!request.off_session && !payment.off_session) throw apiError('offSessionNeedsMandate');
  if (!payment.customer_id) throw errors.missingParam('customer_id');
  const method = savedCardFor(engine.store.customer(payment.merchant_id, payment.customer_id), paymentMethodId);
  const route = mandateRoute(engine, payment, method);
  withoutCustomer(payment, request);
  payment.payment_method = 'card';
  payment.payment_method_type ??= 'credit';
  payment.payment_method_id = method.payment_method_id;
  markUsed(engine, payment, payment.customer_id, method.payment_method_id);
  return approve(engine, payment, newMit(engine, payment, method.card, route));
}

/** The attempt of a charge without the customer on its route (null: the payment's), marked when it goes by the network transaction id (outcome.ts approve). */
function newMit(engine: PaymentEngine, payment: Payment, card: MaskedCard | null, mit: MitRoute | null): Attempt {
  const attempt = mit ? engine.newAttempt(payment, 'card', card, null, mit.route) : engine.newAttempt(payment, 'card', card, null);
  if (mit?.by === 'network') payment.mit_by_network_id = true;
  return attempt;
}

/** A recurring payment is made without the customer: not authenticated unless the confirm asks for it. */
function withoutCustomer(payment: Payment, request: PaymentConfirmRequest): void {
  payment.off_session = true;
  if (request.authentication_type == null) payment.authentication_type = 'no_three_ds';
}

/**
 * An on-session payment with a saved card the customer chose in the browser: the `payment_token`
 * its client session was given (resolvePaymentToken checked it, and the CVC when the card needs it).
 * The customer is there, so a `three_ds` payment on a card its issuer challenges is challenged, as
 * upstream's connector is asked to authenticate it (Stripe's 3-D Secure card, saved, still is on-session).
 */
export function confirmWithPaymentToken(engine: PaymentEngine, payment: Payment, customer: Customer, method: SavedPaymentMethod, withoutCvc: boolean): Payment {
  // without its CVC, a card saved off-session is charged with its connector mandate, as a MIT is
  const route = withoutCvc ? mandateRoute(engine, payment, method) : null;
  payment.payment_method = 'card';
  payment.payment_method_type ??= method.payment_method_type ?? method.card.card_type;
  payment.payment_method_id = method.payment_method_id;
  markUsed(engine, payment, customer.customer_id, method.payment_method_id);
  const attempt = newMit(engine, payment, method.card, route);
  if (method.issuer_decline) return decline(engine, payment, attempt, method.issuer_decline);
  if (method.issuer_challenge && payment.authentication_type === 'three_ds') return challenge(engine, payment, attempt, method.issuer_challenge);
  return approve(engine, payment, attempt);
}

/** The saved card's `last_used_at` becomes now (the lists show the most recently used first). */
function markUsed(engine: PaymentEngine, payment: Payment, customerId: string, paymentMethodId: string): void {
  const customer = engine.store.customer(payment.merchant_id, customerId);
  const method = customer?.payment_methods?.find((candidate) => candidate.payment_method_id === paymentMethodId);
  if (!customer || !method) return;
  method.last_used_at = engine.nowIso();
  engine.store.putCustomer(customer);
}
