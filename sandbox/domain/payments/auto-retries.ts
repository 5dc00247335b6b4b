/**
 * Auto retries, as upstream's crates/router/src/core/payments/retry.rs @ d1688907 makes them: a card
 * declined on a profile with `is_auto_retries_enabled` is tried again on the profile's other connector
 * accounts, one new attempt each, at most `max_auto_retries_enabled` times (unset: none, as
 * `get_retries` gives none; the config `max_auto_retries_enabled_{merchant_id}` before it, as upstream's).
 * Upstream asks its gateway status map (GSM) whether a connector's decline
 * may be retried; the sandbox has none and retries its soft declines (RETRYABLE), never a card that is
 * lost, stolen, expired, out of funds or given a wrong CVC. Every account is the simulated processor,
 * so a test card declines on each: the payment ends `failed` on the last account tried, with every
 * attempt listed.
 */
import { routedPayment } from '../account-methods.js';
import { merchantMaxAutoRetries, stepUpEnabled } from '../configs.js';
import { otherRoutes } from '../connector-accounts.js';
import type { DeclineCode } from '../processor.js';
import type { Attempt, MaskedCard, Payment } from '../types.js';
import type { PaymentEngine } from './engine.js';
import { failAttempt } from './outcome.js';

const RETRYABLE: readonly DeclineCode[] = ['card_declined', 'processing_error'];

/**
 * The attempt the decline ends on: `attempt`, or the last retry's (each one before it stored as
 * failed). A `no_three_ds` payment whose connector `step_up_enabled_{merchant_id}` lists is retried
 * once on the same account with 3-D Secure (upstream's step-up, chosen before the auto retries).
 */
export function retryDecline(engine: PaymentEngine, payment: Payment, attempt: Attempt, card: MaskedCard, code: DeclineCode): Attempt {
  if (!RETRYABLE.includes(code)) return attempt;
  const profile = engine.profiles.ofPayment(payment);
  if (profile?.['is_auto_retries_enabled'] !== true) return attempt;
  // the merchant's config is read only for a profile that retries (every decline goes through here)
  const retries = merchantMaxAutoRetries(engine.store, payment.merchant_id) ?? Number(profile['max_auto_retries_enabled'] ?? 0);
  if (retries <= 0) return attempt;
  if (payment.authentication_type !== 'three_ds' && stepUpEnabled(engine.store, payment.merchant_id, attempt.connector)) {
    failAttempt(engine, attempt, code);
    payment.authentication_type = 'three_ds';
    return engine.newAttempt(payment, 'card', card, null, { connector: attempt.connector, id: attempt.merchant_connector_id ?? null });
  }
  const tried = [attempt.merchant_connector_id ?? null];
  let last = attempt;
  for (const next of otherRoutes(engine.store, payment, tried, routedPayment(payment, 'card', card)).slice(0, retries)) {
    failAttempt(engine, last, code);
    last = engine.newAttempt(payment, 'card', card, null, next);
  }
  return last;
}
