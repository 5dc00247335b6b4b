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
import { routeFor } from '../connector-accounts.js';
import { apiError } from '../errors.js';
import type { Payment, SavedPaymentMethod } from '../types.js';
import type { PaymentEngine } from './engine.js';

const holders = (method: SavedPaymentMethod): string[] => method.mandate_accounts ?? [''];

/**
 * How a charge without the customer is made: `mandate` when the routed account holds the card's
 * mandate, `network` when only the network transaction id can (the payment then answers
 * `connector_mandate_id` null, as upstream's 25-ConnectorAgnosticNTID expects, and no account gains a
 * mandate); neither is 400 IR_39.
 */
export function mandateRoute(engine: PaymentEngine, payment: Payment, method: SavedPaymentMethod): 'mandate' | 'network' {
  if (holders(method).includes(routeFor(engine.store, payment).id ?? '')) return 'mandate';
  if (method.network_transaction_id && engine.profiles.ofPayment(payment)?.['is_connector_agnostic_mit_enabled'] === true) return 'network';
  throw apiError('noEligibleConnector');
}

/** After an authorisation with the card's reference (`connector_mandate_id`): its account holds the mandate, and the card keeps the network's id of the first one. */
export function holdMandate(engine: PaymentEngine, payment: Payment): void {
  if (!payment.connector_mandate_id || !payment.payment_method_id || !payment.customer_id) return;
  const customer = engine.store.customer(payment.merchant_id, payment.customer_id);
  const method = customer?.payment_methods?.find((candidate) => candidate.payment_method_id === payment.payment_method_id);
  if (!customer || !method) return;
  const account = payment.merchant_connector_id ?? '';
  const known = holders(method);
  const changed = !known.includes(account) || (!method.network_transaction_id && payment.network_transaction_id);
  if (!changed) return;
  method.mandate_accounts = known.includes(account) ? known : [...known, account];
  if (!method.network_transaction_id && payment.network_transaction_id) method.network_transaction_id = payment.network_transaction_id;
  engine.store.putCustomer(customer);
}
