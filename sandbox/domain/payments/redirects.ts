/**
 * The customer-action step: a 3-D Secure challenge behind a redirect (`redirect_to_url`: single-use
 * links, the test page's own token, its answer) and a mobile-money approval behind a wait screen
 * (`wait_screen_information`: the simulated phone's answer, or the window running out).
 */
import type { PaymentCreateRequest } from '../../../src/api/requests.js';
import { challengeNextAction, findToken, newToken, withToken, withoutToken } from '../challenge.js';
import { apiError, errors } from '../errors.js';
import { decidePhone } from '../processor.js';
import type { Attempt, Payment } from '../types.js';
import { MOBILE_MONEY_WINDOW_MS, type PaymentEngine } from './engine.js';
import { approve, decline } from './outcome.js';

/**
 * The payment as the API shows it. A pending challenge's next action gets a fresh single-use link
 * whose token's digest is kept on the attempt; the stored payment keeps the link without a token.
 */
export function withChallengeLink(engine: PaymentEngine, payment: Payment): Payment {
  if (payment.status !== 'requires_customer_action' || payment.next_action?.type !== 'redirect_to_url') return payment;
  return engine.store.transaction(() => {
    const pending = pendingChallenge(engine, payment.merchant_id, payment.payment_id, payment.active_attempt_id ?? '');
    if (!pending) return payment;
    const linkToken = newToken();
    pending.attempt.challenge_links = withToken(pending.attempt.challenge_links, linkToken);
    engine.store.putAttempt(pending.attempt);
    return { ...payment, next_action: challengeNextAction(engine.options.publicUrl, payment, pending.attempt.attempt_id, linkToken) };
  });
}

/**
 * Opens the 3-D Secure test page: spends the link token and gives the page a token of its own for
 * its answer, and how many ms are left before the challenge fails unanswered (null: it never does,
 * a challenge stored before challenges had a window). Null (nothing changed) when the link is not,
 * or no longer, valid for this attempt.
 */
export function openChallenge(
  engine: PaymentEngine,
  merchantId: string,
  paymentId: string,
  attemptId: string,
  linkToken: string,
): { payment: Payment; pageToken: string; endsInMs: number | null } | null {
  return engine.store.transaction(() => {
    const pending = pendingChallenge(engine, merchantId, paymentId, attemptId);
    const index = pending ? findToken(pending.attempt.challenge_links, linkToken) : -1;
    if (!pending || index < 0) return null;
    const pageToken = newToken();
    pending.attempt.challenge_links = withoutToken(pending.attempt.challenge_links, index);
    pending.attempt.challenge_pages = withToken(pending.attempt.challenge_pages, pageToken);
    engine.store.putAttempt(pending.attempt);
    const endsInMs = pending.payment.settlement ? pending.payment.settlement.at - engine.now() : null;
    return { payment: pending.payment, pageToken, endsInMs };
  });
}

/**
 * The 3-D Secure test page's answer, with the token of the page it came from. Returns the payment
 * after it, or null (nothing changed) when the page token is not valid for this attempt.
 */
export function completeChallenge(
  engine: PaymentEngine,
  merchantId: string,
  paymentId: string,
  attemptId: string,
  pageToken: string,
  answer: 'complete' | 'reject',
): Payment | null {
  return engine.store.transaction(() => {
    const pending = pendingChallenge(engine, merchantId, paymentId, attemptId);
    if (!pending || findToken(pending.attempt.challenge_pages, pageToken) < 0) return null;
    const { payment, attempt } = pending;
    // every link and page of the attempt dies with its answer
    attempt.challenge_links = [];
    attempt.challenge_pages = [];
    if (answer === 'complete' && attempt.challenge_outcome === 'succeed') return approve(engine, payment, attempt);
    return decline(engine, payment, attempt, 'authentication_failed');
  });
}

/** A payment waiting on the test page with `attemptId` as its active attempt (its window still open), or null. */
function pendingChallenge(engine: PaymentEngine, merchantId: string, paymentId: string, attemptId: string): { payment: Payment; attempt: Attempt } | null {
  const payment = engine.store.payment(merchantId, paymentId);
  if (!payment || payment.active_attempt_id !== attemptId || payment.status !== 'requires_customer_action') return null;
  if (payment.next_action?.type !== 'redirect_to_url') return null;
  // the window closed: no page or answer any more, even before the settlement is applied
  if (payment.settlement && payment.settlement.at <= engine.now()) return null;
  const attempt = engine.currentAttempt(payment);
  return attempt?.status === 'authentication_pending' ? { payment, attempt } : null;
}

/** A mobile-money payment (create with `confirm: true`): the wait screen, and when the simulated phone answers. */
export function startMobileMoney(engine: PaymentEngine, payment: Payment, request: PaymentCreateRequest): Payment {
  const phone =
    request.payment_method_data?.wallet?.mobile_money?.phone_number ??
    request.payment_method_data?.billing?.phone?.number ??
    request.billing?.phone?.number ??
    null;
  if (!phone) throw errors.missingParam('payment_method_data.wallet.mobile_money.phone_number');
  const digits = phone.replace(/\D/g, '');
  payment.payment_method = 'wallet';
  const attempt = engine.newAttempt(payment, 'wallet', null, digits.slice(-4));
  attempt.status = 'pending';
  const now = engine.now();
  const decision = decidePhone(phone);
  payment.status = 'requires_customer_action';
  payment.next_action = {
    type: 'wait_screen_information',
    // nanoseconds since the epoch, as upstream
    display_from_timestamp: now * 1_000_000,
    display_to_timestamp: (now + MOBILE_MONEY_WINDOW_MS) * 1_000_000,
    poll_config: { delay_in_secs: 2, frequency: MOBILE_MONEY_WINDOW_MS / 2000 },
  };
  payment.settlement =
    decision.kind === 'approve_after'
      ? { at: now + decision.delayMs, outcome: 'succeed' }
      : decision.kind === 'decline_after'
        ? { at: now + decision.delayMs, outcome: 'fail', error_code: 'mobile_money_declined' }
        : { at: now + MOBILE_MONEY_WINDOW_MS, outcome: 'fail', error_code: 'mobile_money_timeout' };
  engine.store.putAttempt(attempt);
  return engine.save(payment);
}

/** The mobile-money simulator: the customer approves or declines on the phone. */
export function answerMobileMoney(engine: PaymentEngine, merchantId: string, paymentId: string, answer: 'approve' | 'decline'): Payment {
  return engine.store.transaction(() => {
    const payment = engine.store.payment(merchantId, paymentId);
    if (!payment) throw apiError('paymentNotFound');
    if (payment.status !== 'requires_customer_action' || payment.next_action?.type !== 'wait_screen_information') {
      throw apiError('notWaitingForMobileMoney', { status: payment.status });
    }
    const attempt = engine.activeAttempt(payment);
    if (answer === 'decline') return decline(engine, payment, attempt, 'mobile_money_declined');
    return approve(engine, payment, attempt);
  });
}
