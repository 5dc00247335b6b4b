/**
 * POST /payments/{id}/confirm, by the merchant's server or the customer's browser, and the confirm
 * step of a create with `confirm: true`: the members a confirm may update, then one new attempt
 * with the card (approve, decline, a 3-D Secure challenge or an asynchronous approval, as the
 * simulated processor decides) or with a mandate or saved card (mandates.ts).
 */
import type { PaymentConfirmRequest } from '../../../src/api/requests.js';
import { isConfirmable } from '../../../src/api/statuses.js';
import { cardBlockReason } from '../card-blocking.js';
import { checkCard } from '../card-check.js';
import { knownConnectors, routeFor } from '../connector-accounts.js';
import { apiError, errors } from '../errors.js';
import { isMobileMoney } from '../payment-method-types.js';
import { addressVerificationFails } from '../billing.js';
import { decideCard, type CardDecision } from '../processor.js';
import { checkManualRetry } from '../profiles.js';
import { recurringOf, resolvePaymentToken } from '../saved-methods.js';
import type { MaskedCard, MerchantAccount, Payment } from '../types.js';
import { checkMetadata } from '../validation.js';
import { retryDecline } from './auto-retries.js';
import type { PaymentEngine } from './engine.js';
import { confirmWithMandate, confirmWithPaymentToken, confirmWithSavedCard } from './mandates.js';
import { applyPaymentMembers, checkPaymentRules } from './members.js';
import { approve, block, challenge, decline, loadSettled } from './outcome.js';

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
  byClient = false,
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
    return runConfirm(engine, merchant, payment, request, byClient);
  });
}

/**
 * The confirm itself, inside the caller's transaction (confirm, update or create with
 * `confirm: true`): the members it is sent are applied (members.ts), then one attempt pays with the
 * card sent, the card attached earlier, a mandate, a saved card or a saved card's `payment_token`.
 * `byClient`: the customer's browser confirms (publishable key); its card is then saved only with
 * the customer's consent (`customer_acceptance`, on this confirm or set by the merchant).
 */
export function runConfirm(engine: PaymentEngine, merchant: MerchantAccount, payment: Payment, request: PaymentConfirmRequest, byClient = false): Payment {
  // a declined card may be confirmed again, as its profile allows (profiles.ts checkManualRetry)
  const retrying = payment.status === 'failed' && payment.payment_method === 'card';
  if (retrying) checkManualRetry(engine.profiles.ofPayment(payment)?.is_manual_retry_enabled ?? null, payment, engine.now());
  else if (!isConfirmable(payment.status)) throw apiError('confirmWrongState', { status: payment.status });
  checkPaymentRules(request, payment, () => knownConnectors(engine.store, payment.merchant_id));
  // mobile money is created with confirm=true; another wallet (WeChat Pay…) is a method the sandbox does not pay
  if (payment.payment_method === 'wallet' || (request.payment_method === 'wallet' && isMobileMoney(request.payment_method_type))) {
    throw apiError('confirmIsForCards');
  }
  if (request.payment_method != null && request.payment_method !== 'card') {
    throw errors.methodNotPaid(request.payment_method);
  }
  // a profile_id sent is one of the merchant's profiles; the payment stays on its own
  if (request.profile_id != null) engine.profiles.owned(merchant, request.profile_id);
  const card = request.payment_method_data?.card;
  const recurring = recurringOf(request);
  if (card && recurring) throw apiError('mandateAndCard');
  if (request.payment_token != null && (card || recurring)) throw apiError('paymentTokenAndCard');
  // the token is checked before anything is applied: a token refused leaves the payment as it was
  const saved = request.payment_token != null ? resolvePaymentToken(engine.store, payment, request.payment_token, engine.now()) : null;
  if (saved) checkSavedCardCvc(request, saved.method.off_session);
  if (byClient) {
    const consent = request.customer_acceptance ?? request.mandate_data?.customer_acceptance ?? payment.customer_acceptance;
    payment.save_card_consent = consent != null;
  } else {
    // the merchant's server confirms: setup_future_usage alone saves, whatever a browser's confirm said before
    delete payment.save_card_consent;
  }
  applyPaymentMembers(engine, merchant, payment, request);
  // a card attached at create or update pays when the confirm brings none (it is spent by this attempt)
  const attached = card || recurring || saved ? null : (payment.attached_card ?? null);
  if (!card && !recurring && !saved && !attached) throw apiError('paymentMethodDataRequired');
  const checked = card ? { card: checkCard(card, engine.now()), decision: decideCard(card.card_number) } : attached;
  if (payment.capture_method === 'scheduled') {
    // upstream's test connector refuses it when the payment reaches it (dummyconnector.rs ConnectorValidation)
    const connector = engine.connectorOf(payment);
    throw apiError('captureMethodNotSupported', { connector }, `scheduled is not supported by ${connector}`);
  }
  payment.attached_card = null;
  if (saved) return confirmWithPaymentToken(engine, payment, saved.customer, saved.method, savedCardCvc(request) == null);
  if (recurring?.kind === 'mandate') return confirmWithMandate(engine, payment, recurring.id, request);
  if (recurring?.kind === 'payment_method') return confirmWithSavedCard(engine, payment, recurring.id, request);
  if (!checked) throw apiError('paymentMethodDataRequired');
  // a card sent with this confirm may be one the merchant's blocklist or profile refuses (card-blocking.ts)
  return confirmCard(engine, payment, checked.card, checked.decision, card ? cardBlockReason(engine.store, engine.profiles, payment, card.card_number) : null);
}

/**
 * The CVC a saved card needs (`payment_method_data.card_token.card_cvc`, the web SDK's
 * savedCardBody): required for a card saved on-session, checked for form, then forgotten — it is
 * never stored. A card saved off-session needs none (one sent anyway is checked the same way).
 */
function checkSavedCardCvc(request: PaymentConfirmRequest, offSession: boolean): void {
  // the web SDK sends it in card_token, upstream's Cypress save-card confirm as the request's own card_cvc
  const cardToken = request.payment_method_data?.card_token as { card_cvc?: unknown } | null | undefined;
  const cvc = savedCardCvc(request);
  if (cvc == null) {
    if (offSession) return;
    throw errors.missingParam('card_cvc');
  }
  if (typeof cvc !== 'string' || !/^\d{3,4}$/.test(cvc)) throw errors.invalidValue(cardToken?.card_cvc != null ? 'payment_method_data.card_token.card_cvc' : 'card_cvc', 'must be 3 or 4 digits');
}

/** The CVC sent with a saved card: the web SDK's `card_token.card_cvc`, or the request's own `card_cvc` (upstream's Cypress). */
const savedCardCvc = (request: PaymentConfirmRequest): unknown => (request.payment_method_data?.card_token as { card_cvc?: unknown } | null | undefined)?.card_cvc ?? request.card_cvc;

function confirmCard(engine: PaymentEngine, payment: Payment, masked: MaskedCard, decision: CardDecision, blocked: string | null): Payment {
  if (payment.payment_method_pending) {
    // a retry after a failed challenge: the card it announced was never saved
    payment.payment_method_id = null;
    delete payment.payment_method_pending;
  }
  payment.payment_method = 'card';
  payment.payment_method_type ??= 'credit';
  if (blocked) {
    // refused before the accounts are matched with the card's network: the sandbox names a network by
    // the number (6304… Maestro), upstream by its BIN table, else as the body says (its test sends Visa)
    return block(engine, payment, engine.newAttempt(payment, 'card', masked, null, routeFor(engine.store, payment)), blocked);
  }
  const attempt = engine.newAttempt(payment, 'card', masked, null);
  // the issuer checks the postal code with the authorization: a failing one declines a card that would pass
  if (decision.kind !== 'decline' && addressVerificationFails(payment)) return decline(engine, payment, attempt, 'address_verification_failed');
  switch (decision.kind) {
    case 'approve':
      return approve(engine, payment, attempt);
    case 'decline':
      return decline(engine, payment, retryDecline(engine, payment, attempt, masked, decision.code), decision.code);
    case 'challenge':
      return challenge(engine, payment, attempt, decision.afterChallenge);
    case 'async':
      attempt.status = 'pending';
      payment.status = 'processing';
      payment.settlement = { at: engine.now() + decision.delayMs, outcome: 'succeed' };
      engine.store.putAttempt(attempt);
      return engine.save(payment);
  }
}
