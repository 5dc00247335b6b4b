/**
 * POST /payments/{id}: the merchant's server changes a payment before it is confirmed — amount,
 * currency, customer, addresses, order, metadata, the card to pay with… — under the rules create
 * has (members.ts). With `confirm: true` the update is followed by the confirm in the same
 * transaction, as upstream hands its update operation over to its confirm operation.
 *
 * Upstream: `crates/router/src/core/payments/operations/payment_update.rs` (allowed statuses
 * `requires_payment_method` and `requires_confirmation`; a request member replaces the stored one,
 * an absent one keeps it; payment method data without `confirm` leaves the payment waiting for its
 * confirmation).
 */
import type { PaymentConfirmRequest } from '../../../src/api/requests.js';
import { knownConnectors } from '../connector-accounts.js';
import { apiError, errors } from '../errors.js';
import { newClientSessionId } from '../sdk-auth.js';
import type { MerchantAccount, Payment } from '../types.js';
import { runConfirm } from './confirm.js';
import type { PaymentEngine } from './engine.js';
import { applyPaymentMembers, attachCard, checkPaymentRules, checkUnconfirmedRules } from './members.js';
import { loadSettled } from './outcome.js';

/** The statuses a payment may be updated in (upstream's payment_update.rs). */
const UPDATABLE: readonly string[] = ['requires_payment_method', 'requires_confirmation'];

export function updatePayment(engine: PaymentEngine, merchant: MerchantAccount, paymentId: string, request: PaymentConfirmRequest): Payment {
  checkUnconfirmedRules(request);
  if (request.off_session && request.mandate_id == null && request.recurring_details == null) throw apiError('offSessionNeedsMandate');
  return engine.store.transaction(() => {
    const payment = loadSettled(engine, merchant.merchant_id, paymentId);
    if (!UPDATABLE.includes(payment.status)) throw apiError('updateWrongState', { status: payment.status });
    checkPaymentRules(request, payment, () => knownConnectors(engine.store, merchant.merchant_id));
    if (request.payment_method === 'wallet') throw apiError('mobileMoneyNeedsConfirm');
    if (request.payment_method != null && request.payment_method !== 'card') {
      throw errors.methodNotPaid(request.payment_method);
    }
    // a profile_id sent is one of the merchant's profiles; the payment stays on its own
    if (request.profile_id != null) engine.profiles.owned(merchant, request.profile_id);
    applyPaymentMembers(engine, merchant, payment, request);
    // a new client session: an SDK authorization of the old one stops working (upstream's recreate_session)
    payment.client_session_id = newClientSessionId();
    // the merchant's server names the payment's email (the browser's `email` on confirm is ignored)
    const email = request.customer?.email ?? request.email;
    if (email != null) payment.email = email;
    if (request.confirm === true) return runConfirm(engine, merchant, payment, request);
    const card = request.payment_method_data?.card;
    if (card) attachCard(engine, payment, card);
    return engine.save(payment);
  });
}
