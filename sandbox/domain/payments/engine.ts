/**
 * What every payment operation shares inside its transaction: the store, the clock, reading and
 * writing a payment (with the webhook event a new outcome queues) and its attempts. The operations
 * themselves live beside this file, one per file (create, confirm, capture and cancel, mandates,
 * redirects); service.ts puts them behind one class and one transaction per call.
 */
import type { Store } from '../../store/repo.js';
import { routedPayment } from '../account-methods.js';
import { routeFor, type Route } from '../connector-accounts.js';
import { apiError, errors } from '../errors.js';
import { gatewayFee, processorFee } from '../fees.js';
import { newAttemptId } from '../ids.js';
import { ProfileService } from '../profiles.js';
import { paymentResponse } from '../response.js';
import { encodeSdkAuthorization } from '../sdk-auth.js';
import { enqueueEvent, wantsEvent } from '../webhooks.js';
import type { Attempt, MaskedCard, MerchantAccount, Payment, WebhookEventType } from '../types.js';

export interface PaymentServiceOptions {
  /** Base URL the customer's browser reaches the sandbox on (redirect links). */
  publicUrl: string;
  now?: () => number;
  /** How long a 3-D Secure challenge waits for its answer ({@link CHALLENGE_WINDOW_MS}; tests shorten it). */
  challengeWindowMs?: number;
}

/** How long a mobile-money approval may take before the payment fails (the wait screen's window). */
export const MOBILE_MONEY_WINDOW_MS = 5 * 60 * 1000;
/**
 * How long a 3-D Secure challenge waits for the customer's answer before the payment fails
 * (`authentication_failed`), as an issuer's page times out.
 */
export const CHALLENGE_WINDOW_MS = 10 * 60 * 1000;

export class PaymentEngine {
  readonly now: () => number;
  readonly challengeWindowMs: number;
  /** The merchants' business profiles: which one a payment is made on, and what its settings change. */
  readonly profiles: ProfileService;
  /** What each payment object was when read or written, so save() knows what changed without a query. */
  private readonly stored = new WeakMap<Payment, { status: string; attempts: number }>();

  constructor(
    readonly store: Store,
    readonly options: PaymentServiceOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.challengeWindowMs = options.challengeWindowMs ?? CHALLENGE_WINDOW_MS;
    this.profiles = new ProfileService(store, this.now);
  }

  nowIso(): string {
    return new Date(this.now()).toISOString();
  }

  load(merchantId: string, paymentId: string): Payment {
    const payment = this.store.payment(merchantId, paymentId);
    if (!payment) throw apiError('paymentNotFound');
    this.track(payment);
    return payment;
  }

  /** Remembers what a payment read or inserted is now, so save() can tell a new outcome. */
  track(payment: Payment): void {
    this.stored.set(payment, { status: payment.status, attempts: payment.attempt_count });
  }

  /**
   * Writes the payment. Whatever is captured carries its fees; a new outcome (a status change, or
   * another failed attempt) queues the merchant's webhook event, in the same transaction.
   */
  save(payment: Payment): Payment {
    payment.updated = this.nowIso();
    const before = this.stored.get(payment) ?? {
      status: this.store.paymentStatus(payment.merchant_id, payment.payment_id),
      attempts: payment.attempt_count,
    };
    const outcome = before.status !== payment.status || before.attempts !== payment.attempt_count;
    const captured = payment.status === 'succeeded' || payment.status.startsWith('partially_captured');
    const merchant = captured || (outcome && payment.status === 'failed') ? this.store.merchant(payment.merchant_id) : null;
    if (merchant && captured) {
      payment.processor_fee = processorFee(payment.connector, payment.amount_received);
      payment.gateway_fee = gatewayFee(merchant, payment.amount_received);
    }
    this.store.updatePayment(payment);
    this.track(payment);
    if (merchant && outcome && payment.status === 'succeeded') this.emit(merchant, payment, 'payment_succeeded');
    if (merchant && outcome && payment.status === 'failed') this.emit(merchant, payment, 'payment_failed');
    return payment;
  }

  emit(merchant: MerchantAccount, payment: Payment, type: WebhookEventType): void {
    if (!wantsEvent(merchant, type)) return;
    const customer = payment.customer_id ? this.store.customer(payment.merchant_id, payment.customer_id) : null;
    const refunds = this.store.refundsOfPayment(payment.merchant_id, payment.payment_id);
    // the payment as a retrieve answers it, its sdk_authorization too (upstream's event content is that answer)
    const sdkAuthorization = encodeSdkAuthorization(payment, merchant.publishable_key, false);
    enqueueEvent(this.store, merchant, type, paymentResponse(payment, { customer, refunds, sdkAuthorization }), this.now());
  }

  /** The connector a payment's next attempt goes to (connector-accounts.ts routeFor). */
  connectorOf(payment: Payment): string {
    return routeFor(this.store, payment).connector;
  }

  /** The latest attempt (the active one is always the last), or null before the first. */
  currentAttempt(payment: Payment): Attempt | null {
    return payment.attempt_count > 0 ? this.store.attempt(payment.merchant_id, payment.payment_id, payment.attempt_count) : null;
  }

  activeAttempt(payment: Payment): Attempt {
    const attempt = this.currentAttempt(payment);
    if (!attempt) throw errors.internal();
    return attempt;
  }

  saveAttemptStatus(payment: Payment, status: Attempt['status']): void {
    const attempt = this.currentAttempt(payment);
    if (!attempt) return;
    attempt.status = status;
    attempt.modified_at = this.nowIso();
    this.store.putAttempt(attempt);
  }

  /** Starts the payment's next attempt: it becomes the active one and clears the last one's outcome. */
  newAttempt(payment: Payment, method: string, card: MaskedCard | null, phoneLast4: string | null, route: Route = routeFor(this.store, payment, routedPayment(payment, method, card))): Attempt {
    // `route`: the profile's connector account, or the simulated connector (connector-accounts.ts); a connector it cannot reach is refused first
    payment.attempt_count += 1;
    const nowIso = this.nowIso();
    const attempt: Attempt = {
      attempt_id: newAttemptId(payment.payment_id, payment.attempt_count),
      payment_id: payment.payment_id,
      merchant_id: payment.merchant_id,
      attempt_number: payment.attempt_count,
      status: 'started',
      payment_method: method,
      payment_method_type: payment.payment_method_type,
      card,
      phone_last4: phoneLast4,
      challenge_outcome: null,
      connector: route.connector,
      authentication_type: payment.authentication_type,
      ...(route.id ? { merchant_connector_id: route.id } : {}),
      connector_transaction_id: null,
      error_code: null,
      error_message: null,
      unified_code: null,
      unified_message: null,
      created_at: nowIso,
      modified_at: nowIso,
    };
    payment.active_attempt_id = attempt.attempt_id;
    payment.connector = attempt.connector;
    if (route.id) payment.merchant_connector_id = route.id;
    else delete payment.merchant_connector_id;
    payment.card = card;
    payment.error_code = payment.error_message = payment.unified_code = payment.unified_message = null;
    payment.manual_retry_allowed = null;
    delete payment.mit_by_network_id;
    payment.next_action = null;
    payment.settlement = null;
    return attempt;
  }
}
