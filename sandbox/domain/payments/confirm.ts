/**
 * POST /payments/{id}/confirm, by the merchant's server or the customer's browser, and the confirm
 * step of a create with `confirm: true`: the members a confirm may update, then one new attempt
 * with the card (approve, decline, a 3-D Secure challenge or an asynchronous approval, as the
 * simulated processor decides) or with a mandate or saved card (mandates.ts).
 */
import type { CardData, PaymentConfirmRequest } from '../../../src/api/requests.js';
import { isConfirmable } from '../../../src/api/statuses.js';
import { checkCard } from '../card-check.js';
import { challengePath } from '../challenge.js';
import { apiError, errors } from '../errors.js';
import { decideCard } from '../processor.js';
import { recurringOf } from '../saved-methods.js';
import type { MerchantAccount, Payment } from '../types.js';
import { asJson, checkMetadata } from '../validation.js';
import type { PaymentEngine } from './engine.js';
import { confirmWithMandate, confirmWithSavedCard } from './mandates.js';
import { approve, decline, loadSettled } from './outcome.js';

/**
 * Confirms a payment created earlier. `authorize` sees the payment inside the transaction before
 * anything changes (the client-secret check).
 */
export function confirmPayment(
  engine: PaymentEngine,
  merchant: MerchantAccount,
  paymentId: string,
  request: PaymentConfirmRequest,
  authorize: (payment: Payment) => void,
): Payment {
  checkMetadata('metadata', request.metadata);
  if (request.off_session && !request.mandate_id && !request.recurring_details) {
    // off_session on confirm is a recurring payment and needs a mandate, as on create
    throw apiError('offSessionNeedsMandate');
  }
  return engine.store.transaction(() => {
    const payment = loadSettled(engine, merchant.merchant_id, paymentId);
    authorize(payment);
    // upstream's own confirm bodies repeat the payment's currency (and amount): the same value is no change
    for (const member of ['amount', 'currency', 'payment_id'] as const) {
      if (request[member] != null && request[member] !== payment[member]) throw apiError('changedOnConfirm', { member });
    }
    return runConfirm(engine, payment, request);
  });
}

/** The confirm itself, inside the caller's transaction (confirm, or create with `confirm: true`). */
export function runConfirm(engine: PaymentEngine, payment: Payment, request: PaymentConfirmRequest): Payment {
  const retrying = payment.status === 'failed' && payment.manual_retry_allowed === true;
  if (!isConfirmable(payment.status) && !retrying) {
    throw apiError('confirmWrongState', { status: payment.status });
  }
  if (request.payment_method === 'wallet' || payment.payment_method === 'wallet') {
    throw apiError('confirmIsForCards');
  }
  if (request.payment_method != null && request.payment_method !== 'card') {
    throw apiError('paymentMethodNotSupported', {}, `payment_method ${request.payment_method} is not supported by the sandbox's simulated connector`);
  }
  // card data needs its payment_method, on confirm as on create (Cypress Commons.js:1253)
  if (request.payment_method_data?.card && request.payment_method == null) throw errors.missingParam('payment_method');
  applyConfirmMembers(payment, request);
  const card = request.payment_method_data?.card;
  const recurring = recurringOf(request);
  if (card && recurring) throw apiError('mandateAndCard');
  if (!card && !recurring) throw apiError('paymentMethodDataRequired');
  if (recurring?.kind === 'mandate') return confirmWithMandate(engine, payment, recurring.id, request);
  if (recurring?.kind === 'payment_method') return confirmWithSavedCard(engine, payment, recurring.id, request);
  return confirmCard(engine, payment, card as CardData);
}

function confirmCard(engine: PaymentEngine, payment: Payment, card: CardData): Payment {
  const masked = checkCard(card, engine.now());
  payment.payment_method = 'card';
  payment.payment_method_type ??= 'credit';
  const attempt = engine.newAttempt(payment, 'card', masked, null);
  const decision = decideCard(card.card_number);
  switch (decision.kind) {
    case 'approve':
      return approve(engine, payment, attempt);
    case 'decline':
      return decline(engine, payment, attempt, decision.code);
    case 'challenge': {
      attempt.status = 'authentication_pending';
      attempt.challenge_outcome = decision.afterChallenge;
      payment.status = 'requires_customer_action';
      payment.next_action = {
        type: 'redirect_to_url',
        // stored without a token: withChallengeLink() adds a fresh one to every answer that shows it
        redirect_to_url: `${engine.options.publicUrl}${challengePath(payment, attempt.attempt_id)}`,
      };
      // left unanswered, the challenge fails by itself (settleDue, or the next retrieve)
      payment.settlement = { at: engine.now() + engine.challengeWindowMs, outcome: 'fail', error_code: 'authentication_failed' };
      engine.store.putAttempt(attempt);
      return engine.save(payment);
    }
    case 'async':
      attempt.status = 'pending';
      payment.status = 'processing';
      payment.settlement = { at: engine.now() + decision.delayMs, outcome: 'succeed' };
      engine.store.putAttempt(attempt);
      return engine.save(payment);
  }
}

/** Members of a confirm request that update the payment before it is processed. */
function applyConfirmMembers(payment: Payment, request: PaymentConfirmRequest): void {
  if (request.return_url != null) payment.return_url = request.return_url;
  if (request.capture_method != null) payment.capture_method = request.capture_method;
  if (request.authentication_type != null) payment.authentication_type = request.authentication_type;
  if (request.description != null) payment.description = request.description;
  if (request.metadata != null) payment.metadata = asJson(request.metadata);
  if (request.billing != null) payment.billing = asJson(request.billing);
  if (request.shipping != null) payment.shipping = asJson(request.shipping);
  if (request.payment_method_data?.billing != null) payment.billing_of_method = asJson(request.payment_method_data.billing);
  if (request.customer_acceptance != null) payment.customer_acceptance = asJson(request.customer_acceptance);
  if (request.setup_future_usage != null) payment.setup_future_usage = request.setup_future_usage;
  if (request.browser_info != null) payment.browser_info_received = true;
  if (request.payment_method_type != null) payment.payment_method_type = request.payment_method_type;
  if (request.off_session != null) payment.off_session = request.off_session;
  if (request.is_iframe_redirection_enabled != null) payment.is_iframe_redirection_enabled = request.is_iframe_redirection_enabled;
}
