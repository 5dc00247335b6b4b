/**
 * Which connector account holds a saved card's connector mandate, and whether a payment that charges
 * the card without the customer can use it (upstream's crates/router/src/core/payments.rs @ d1688907,
 * `get_all_action_types`): the mandate of the account the payment is routed to, else, on a profile
 * with `is_connector_agnostic_mit_enabled`, the card's network transaction id from the payment that
 * saved it; with neither, `400 IR_39`, as `plan_payment_execution_after_routing` answers
 * IncorrectPaymentMethodConfiguration. A payment authorised through an account with the card's
 * reference (a CIT, or a customer's payment with the saved card) gives that account the mandate, as
 * upstream stores the connector's answer in `connector_mandate_details`.
 *
 * The simulated default connector is the account `''`; a card saved before connector accounts
 * existed is held by it alone.
 */
import { routedPayment } from '../account-methods.js';
import { routeFor, type Route } from '../connector-accounts.js';
import { apiError } from '../errors.js';
import { newConnectorMandateId } from '../ids.js';
import type { Payment, SavedPaymentMethod } from '../types.js';
import type { PaymentEngine } from './engine.js';

const holders = (method: SavedPaymentMethod): string[] => method.mandate_accounts ?? [''];

/** How a charge without the customer is made, and the route it takes (mandateRoute). */
export type MitRoute = { by: 'mandate' | 'network'; route: Route };

/**
 * How a charge without the customer is made: `mandate` when the routed account holds the card's
 * mandate, `network` when only the network transaction id can (the payment then answers
 * `connector_mandate_id` null, as upstream's 25-ConnectorAgnosticNTID expects, and no account gains a
 * mandate); neither is 400 IR_39. The route is the attempt's (engine.newAttempt takes it as is).
 */
export function mandateRoute(engine: PaymentEngine, payment: Payment, method: SavedPaymentMethod): MitRoute {
  const route = routeFor(engine.store, payment, routedPayment(payment, 'card', method.card));
  if (holders(method).includes(route.id ?? '')) return { by: 'mandate', route };
  if (method.network_transaction_id && engine.profiles.ofPayment(payment)?.['is_connector_agnostic_mit_enabled'] === true) return { by: 'network', route };
  throw apiError('noEligibleConnector');
}

/**
 * The card's reference for charging it without the customer (`connector_mandate_id`), on a payment
 * authorised with a card saved off-session (the payment that saved it, or one that charged it); null
 * otherwise. A card saved off-session before the reference existed gets it now; the payment's account
 * then holds the mandate, and the card keeps the network's id of its first authorisation. The
 * customer is read once and written only when something changed.
 */
export function chargedMandate(engine: PaymentEngine, payment: Payment): string | null {
  if (!payment.payment_method_id || !payment.customer_id) return null;
  const customer = engine.store.customer(payment.merchant_id, payment.customer_id);
  const method = customer?.payment_methods?.find((candidate) => candidate.payment_method_id === payment.payment_method_id);
  if (!customer || !method?.off_session) return null;
  let changed = false;
  if (!method.connector_mandate_id) {
    method.connector_mandate_id = newConnectorMandateId();
    changed = true;
  }
  const account = payment.merchant_connector_id ?? '';
  const known = holders(method);
  if (!known.includes(account)) {
    method.mandate_accounts = [...known, account];
    changed = true;
  }
  if (!method.network_transaction_id && payment.network_transaction_id) {
    method.network_transaction_id = payment.network_transaction_id;
    changed = true;
  }
  if (changed) engine.store.putCustomer(customer);
  return method.connector_mandate_id;
}
