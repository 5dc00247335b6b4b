/**
 * The payment state machine: create, confirm (card, mandate), 3-D Secure completion, mobile money,
 * asynchronous settlement, capture and cancel. Every public method is one SQLite transaction.
 * It knows nothing of HTTP: it takes validated request members and throws ApiError for the API's
 * documented refusals.
 */
import type { PaymentCaptureRequest, PaymentCancelRequest, PaymentConfirmRequest, PaymentCreateRequest, CardData } from '../../src/api/requests.js';
import type * as z from 'zod/mini';
import { isConfirmable } from '../../src/api/statuses.js';
import { apiError, errors } from './errors.js';
import type { Store } from '../store/repo.js';
import { amountCapturable } from './amounts.js';
import { gatewayFee, processorFee } from './fees.js';
import { CONNECTORS, DECLINES, decideCard, decidePhone, type DeclineCode } from './processor.js';
import { paymentResponse } from './response.js';
import { enqueueEvent, wantsEvent } from './webhooks.js';
import { newAttemptId, newClientSecret, newConnectorTransactionId, newMandateId, newPaymentId } from './ids.js';
import { challengeNextAction, challengePath, findToken, newToken, withToken, withoutToken } from './challenge.js';
import { asJson, checkMetadata, checkStatementDescriptors } from './validation.js';
import { checkCard } from './card-check.js';
import { recurringOf, saveCard, savedCardFor } from './saved-methods.js';
import type { Attempt, Customer, IntentStatus, Mandate, MaskedCard, MerchantAccount, Payment, WebhookEventType } from './types.js';

type CaptureRequest = z.infer<typeof PaymentCaptureRequest>;
type CancelRequest = z.infer<typeof PaymentCancelRequest>;

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
const DEFAULT_SESSION_EXPIRY_S = 900;


export class PaymentService {
  private readonly now: () => number;
  private readonly challengeWindowMs: number;
  /** What each payment object was when read or written, so save() knows what changed without a query. */
  private readonly stored = new WeakMap<Payment, { status: string; attempts: number }>();

  constructor(
    private readonly store: Store,
    private readonly options: PaymentServiceOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.challengeWindowMs = options.challengeWindowMs ?? CHALLENGE_WINDOW_MS;
  }

  /** POST /payments. Creates the intent and, with `confirm: true`, confirms it in the same transaction. */
  create(merchant: MerchantAccount, request: PaymentCreateRequest): Payment {
    if (request.client_secret != null) throw apiError('clientSecretNotAllowed');
    checkCreateRules(request, merchant);
    return this.store.transaction(() => {
      const paymentId = request.payment_id ?? newPaymentId();
      // Ids are unique across merchants, not only within one: the customer-facing simulator pages
      // (/sandbox/mobile_money/{payment_id}) name a payment by its id alone.
      const taken = request.payment_id != null ? this.store.paymentIdInUse(paymentId) : this.store.payment(merchant.merchant_id, paymentId);
      if (taken) {
        throw apiError('duplicatePayment', {}, `${paymentId} already exists`);
      }
      const customerId = this.attachCustomer(merchant, request);
      if (request.mandate_data && !customerId) throw apiError('mandateNeedsCustomer');
      const nowIso = new Date(this.now()).toISOString();
      const payment: Payment = {
        payment_id: paymentId,
        merchant_id: merchant.merchant_id,
        status: 'requires_confirmation',
        amount: request.amount,
        currency: request.currency,
        amount_to_capture: request.amount_to_capture ?? null,
        amount_received: 0,
        shipping_cost: request.shipping_cost ?? null,
        order_tax_amount: request.order_tax_amount ?? null,
        surcharge_details: asJson(request.surcharge_details),
        capture_method: request.capture_method ?? 'automatic',
        authentication_type: request.authentication_type ?? 'three_ds',
        client_secret: newClientSecret(paymentId),
        created: nowIso,
        updated: nowIso,
        session_expiry: request.session_expiry ?? DEFAULT_SESSION_EXPIRY_S,
        customer_id: customerId,
        description: request.description ?? null,
        return_url: request.return_url ?? null,
        setup_future_usage: request.setup_future_usage ?? null,
        off_session: request.off_session ?? null,
        metadata: asJson(request.metadata),
        connector_metadata: asJson(request.connector_metadata),
        feature_metadata: null,
        frm_metadata: asJson(request.frm_metadata),
        billing: asJson(request.billing),
        shipping: asJson(request.shipping),
        order_details: request.order_details ? (asJson({ items: request.order_details })?.items as Payment['order_details']) : null,
        statement_descriptor_name: request.statement_descriptor_name ?? null,
        statement_descriptor_suffix: request.statement_descriptor_suffix ?? null,
        mandate_data: asJson(request.mandate_data),
        mandate_id: null,
        customer_acceptance: asJson(request.customer_acceptance ?? request.mandate_data?.customer_acceptance),
        payment_method: request.payment_method ?? null,
        payment_method_type: request.payment_method_type ?? null,
        payment_experience: request.payment_experience ?? null,
        payment_token: request.payment_token ?? null,
        card: null,
        billing_of_method: asJson(request.payment_method_data?.billing),
        next_action: null,
        error_code: null,
        error_message: null,
        unified_code: null,
        unified_message: null,
        manual_retry_allowed: null,
        cancellation_reason: null,
        connector: null,
        connector_requested: request.connector ?? null,
        connector_transaction_id: null,
        attempt_count: 0,
        active_attempt_id: null,
        captures: [],
        settlement: null,
        business_country: request.business_country ?? null,
        business_label: request.business_label ?? null,
        allowed_payment_method_types: request.allowed_payment_method_types ?? null,
        merchant_order_reference_id: request.merchant_order_reference_id ?? null,
        profile_id: merchant.default_profile,
        payment_type: request.payment_type ?? (request.mandate_data ? 'new_mandate' : request.mandate_id || request.recurring_details ? 'recurring_mandate' : 'normal'),
        request_incremental_authorization: request.request_incremental_authorization ?? null,
        split_payments: asJson(request.split_payments),
        request_external_three_ds_authentication: request.request_external_three_ds_authentication ?? null,
        psd2_sca_exemption_type: request.psd2_sca_exemption_type ?? null,
        browser_info_received: request.browser_info != null,
        is_iframe_redirection_enabled: request.is_iframe_redirection_enabled ?? null,
      };
      this.store.insertPayment(payment);
      this.stored.set(payment, { status: payment.status, attempts: payment.attempt_count });
      this.emit(merchant, payment, 'payment_created');
      if (!request.confirm) return payment;
      if (request.payment_method === 'wallet') return this.startMobileMoney(payment, request);
      return this.runConfirm(payment, request);
    });
  }

  /**
   * POST /payments/{id}/confirm, by the merchant's server or the customer's browser. `authorize`
   * sees the payment inside the transaction before anything changes (the client-secret check).
   */
  confirm(
    merchant: MerchantAccount,
    paymentId: string,
    request: PaymentConfirmRequest,
    authorize: (payment: Payment) => void = () => {},
  ): Payment {
    checkMetadata('metadata', request.metadata);
    if (request.off_session && !request.mandate_id && !request.recurring_details) {
      // off_session on confirm is a recurring payment and needs a mandate, as on create
      throw apiError('offSessionNeedsMandate');
    }
    return this.store.transaction(() => {
      const payment = this.loadSettled(merchant.merchant_id, paymentId);
      authorize(payment);
      // upstream's own confirm bodies repeat the payment's currency (and amount): the same value is no change
      for (const member of ['amount', 'currency', 'payment_id'] as const) {
        if (request[member] != null && request[member] !== payment[member]) throw apiError('changedOnConfirm', { member });
      }
      return this.runConfirm(payment, request);
    });
  }

  /** GET /payments/{id}: the payment as it is now, with any due settlement applied first. */
  retrieve(merchantId: string, paymentId: string): Payment {
    const payment = this.load(merchantId, paymentId);
    if (!payment.settlement || payment.settlement.at > this.now()) return payment;
    return this.store.transaction(() => this.loadSettled(merchantId, paymentId));
  }

  attempts(merchantId: string, paymentId: string): Attempt[] {
    return this.store.attempts(merchantId, paymentId);
  }

  /** POST /payments/{id}/capture */
  capture(merchantId: string, paymentId: string, request: CaptureRequest): Payment {
    return this.store.transaction(() => {
      const payment = this.load(merchantId, paymentId);
      if (payment.status !== 'requires_capture' && payment.status !== 'partially_captured_and_capturable') {
        throw apiError('captureWrongState', { status: payment.status });
      }
      const capturable = amountCapturable(payment);
      const amount = request.amount_to_capture ?? capturable;
      if (amount <= 0 && capturable > 0) throw apiError('captureZero');
      if (amount > capturable) throw apiError('captureAboveAmount');
      const nowIso = new Date(this.now()).toISOString();
      payment.captures.push({
        capture_id: `${payment.active_attempt_id}_capture_${payment.captures.length + 1}`,
        status: 'charged',
        amount,
        currency: payment.currency,
        created: nowIso,
      });
      payment.amount_received += amount;
      const remaining = (payment.amount_to_capture ?? payment.amount) - payment.amount_received;
      if (remaining === 0) payment.status = payment.amount_received < payment.amount ? 'partially_captured' : 'succeeded';
      else payment.status = payment.capture_method === 'manual_multiple' ? 'partially_captured_and_capturable' : 'partially_captured';
      if (request.statement_descriptor_suffix != null) payment.statement_descriptor_suffix = request.statement_descriptor_suffix;
      this.saveAttemptStatus(payment, payment.status === 'succeeded' || payment.status === 'partially_captured' ? 'charged' : 'authorized');
      return this.save(payment);
    });
  }

  /** POST /payments/{id}/cancel */
  cancel(merchantId: string, paymentId: string, request: CancelRequest): Payment {
    return this.store.transaction(() => {
      const payment = this.load(merchantId, paymentId);
      const cancellable: IntentStatus[] = [
        'requires_payment_method',
        'requires_confirmation',
        'requires_customer_action',
        'requires_capture',
        'partially_captured_and_capturable',
      ];
      if (!cancellable.includes(payment.status)) {
        throw apiError('cancelWrongState', { status: payment.status });
      }
      payment.cancellation_reason = request.cancellation_reason ?? null;
      payment.next_action = null;
      payment.settlement = null;
      if (payment.amount_received > 0) {
        // After a partial capture only the uncaptured rest is voided: what was captured stays
        // received and refundable (the payment ends partially_captured, like a final partial capture).
        payment.status = 'partially_captured';
        this.saveAttemptStatus(payment, 'charged');
        return this.save(payment);
      }
      payment.status = 'cancelled';
      this.saveAttemptStatus(payment, 'voided');
      return this.save(payment);
    });
  }

  /**
   * The payment as the API shows it. A pending challenge's next action gets a fresh single-use link
   * whose token's digest is kept on the attempt; the stored payment keeps the link without a token.
   */
  withChallengeLink(payment: Payment): Payment {
    if (payment.status !== 'requires_customer_action' || payment.next_action?.type !== 'redirect_to_url') return payment;
    return this.store.transaction(() => {
      const pending = this.pendingChallenge(payment.merchant_id, payment.payment_id, payment.active_attempt_id ?? '');
      if (!pending) return payment;
      const linkToken = newToken();
      pending.attempt.challenge_links = withToken(pending.attempt.challenge_links, linkToken);
      this.store.putAttempt(pending.attempt);
      return { ...payment, next_action: challengeNextAction(this.options.publicUrl, payment, pending.attempt.attempt_id, linkToken) };
    });
  }

  /**
   * Opens the 3-D Secure test page: spends the link token and gives the page a token of its own for
   * its answer, and how many ms are left before the challenge fails unanswered (null: it never does,
   * a challenge stored before challenges had a window). Null (nothing changed) when the link is not,
   * or no longer, valid for this attempt.
   */
  openChallenge(merchantId: string, paymentId: string, attemptId: string, linkToken: string): { payment: Payment; pageToken: string; endsInMs: number | null } | null {
    return this.store.transaction(() => {
      const pending = this.pendingChallenge(merchantId, paymentId, attemptId);
      const index = pending ? findToken(pending.attempt.challenge_links, linkToken) : -1;
      if (!pending || index < 0) return null;
      const pageToken = newToken();
      pending.attempt.challenge_links = withoutToken(pending.attempt.challenge_links, index);
      pending.attempt.challenge_pages = withToken(pending.attempt.challenge_pages, pageToken);
      this.store.putAttempt(pending.attempt);
      const endsInMs = pending.payment.settlement ? pending.payment.settlement.at - this.now() : null;
      return { payment: pending.payment, pageToken, endsInMs };
    });
  }

  /**
   * The 3-D Secure test page's answer, with the token of the page it came from. Returns the payment
   * after it, or null (nothing changed) when the page token is not valid for this attempt.
   */
  completeChallenge(merchantId: string, paymentId: string, attemptId: string, pageToken: string, answer: 'complete' | 'reject'): Payment | null {
    return this.store.transaction(() => {
      const pending = this.pendingChallenge(merchantId, paymentId, attemptId);
      if (!pending || findToken(pending.attempt.challenge_pages, pageToken) < 0) return null;
      const { payment, attempt } = pending;
      // every link and page of the attempt dies with its answer
      attempt.challenge_links = [];
      attempt.challenge_pages = [];
      if (answer === 'complete' && attempt.challenge_outcome === 'succeed') {
        return this.approve(payment, attempt);
      }
      return this.decline(payment, attempt, 'authentication_failed');
    });
  }

  /** The mobile-money simulator: the customer approves or declines on the phone. */
  answerMobileMoney(paymentId: string, answer: 'approve' | 'decline'): Payment {
    return this.store.transaction(() => {
      const payment = this.store.paymentById(paymentId);
      if (!payment) throw apiError('paymentNotFound');
      if (payment.status !== 'requires_customer_action' || payment.next_action?.type !== 'wait_screen_information') {
        throw apiError('notWaitingForMobileMoney', { status: payment.status });
      }
      const attempt = this.activeAttempt(payment);
      if (answer === 'decline') return this.decline(payment, attempt, 'mobile_money_declined');
      return this.approve(payment, attempt);
    });
  }

  /** Applies every settlement that is due; the server calls this on a timer. Returns how many it applied. */
  settleDue(): number {
    let applied = 0;
    for (const { merchant_id, payment_id } of this.store.duePayments(this.now())) {
      this.store.transaction(() => {
        const payment = this.store.payment(merchant_id, payment_id);
        if (payment?.settlement && payment.settlement.at <= this.now()) {
          this.settleLoaded(payment);
          applied += 1;
        }
      });
    }
    return applied;
  }

  // ---- inside a transaction -------------------------------------------------------------------

  private load(merchantId: string, paymentId: string): Payment {
    const payment = this.store.payment(merchantId, paymentId);
    if (!payment) throw apiError('paymentNotFound');
    this.stored.set(payment, { status: payment.status, attempts: payment.attempt_count });
    return payment;
  }

  /** The payment with a due settlement applied (inside a transaction). */
  private loadSettled(merchantId: string, paymentId: string): Payment {
    const payment = this.load(merchantId, paymentId);
    return payment.settlement && payment.settlement.at <= this.now() ? this.settleLoaded(payment) : payment;
  }

  /**
   * Writes the payment. Whatever is captured carries its fees; a new outcome (a status change, or
   * another failed attempt) queues the merchant's webhook event, in the same transaction.
   */
  private save(payment: Payment): Payment {
    payment.updated = new Date(this.now()).toISOString();
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
    this.stored.set(payment, { status: payment.status, attempts: payment.attempt_count });
    if (merchant && outcome && payment.status === 'succeeded') this.emit(merchant, payment, 'payment_succeeded');
    if (merchant && outcome && payment.status === 'failed') this.emit(merchant, payment, 'payment_failed');
    return payment;
  }

  private emit(merchant: MerchantAccount, payment: Payment, type: WebhookEventType): void {
    if (!wantsEvent(merchant, type)) return;
    const customer = payment.customer_id ? this.store.customer(payment.merchant_id, payment.customer_id) : null;
    const refunds = this.store.refundsOfPayment(payment.merchant_id, payment.payment_id);
    enqueueEvent(this.store, merchant, type, paymentResponse(payment, { customer, refunds }), this.now());
  }

  /** The latest attempt (the active one is always the last), or null before the first. */
  private currentAttempt(payment: Payment): Attempt | null {
    return payment.attempt_count > 0 ? this.store.attempt(payment.merchant_id, payment.payment_id, payment.attempt_count) : null;
  }

  /** A payment waiting on the test page with `attemptId` as its active attempt (its window still open), or null. */
  private pendingChallenge(merchantId: string, paymentId: string, attemptId: string): { payment: Payment; attempt: Attempt } | null {
    const payment = this.store.payment(merchantId, paymentId);
    if (!payment || payment.active_attempt_id !== attemptId || payment.status !== 'requires_customer_action') return null;
    if (payment.next_action?.type !== 'redirect_to_url') return null;
    // the window closed: no page or answer any more, even before the settlement is applied
    if (payment.settlement && payment.settlement.at <= this.now()) return null;
    const attempt = this.currentAttempt(payment);
    return attempt?.status === 'authentication_pending' ? { payment, attempt } : null;
  }

  private activeAttempt(payment: Payment): Attempt {
    const attempt = this.currentAttempt(payment);
    if (!attempt) throw errors.internal();
    return attempt;
  }

  private saveAttemptStatus(payment: Payment, status: Attempt['status']): void {
    const attempt = this.currentAttempt(payment);
    if (!attempt) return;
    attempt.status = status;
    attempt.modified_at = new Date(this.now()).toISOString();
    this.store.putAttempt(attempt);
  }

  private attachCustomer(merchant: MerchantAccount, request: PaymentCreateRequest): string | null {
    const details = request.customer;
    const customerId = details?.id ?? request.customer_id ?? null;
    if (!customerId) return null;
    if (this.store.customer(merchant.merchant_id, customerId)) return customerId;
    // the deprecated top-level members describe the customer when no `customer` object does, as upstream
    const customer: Customer = {
      customer_id: customerId,
      merchant_id: merchant.merchant_id,
      name: details?.name ?? request.name ?? null,
      email: details?.email ?? request.email ?? null,
      phone: details?.phone ?? request.phone ?? null,
      phone_country_code: details?.phone_country_code ?? request.phone_country_code ?? null,
      description: null,
      address: null,
      metadata: null,
      default_payment_method_id: null,
      created_at: new Date(this.now()).toISOString(),
    };
    this.store.putCustomer(customer);
    return customerId;
  }

  private runConfirm(payment: Payment, request: PaymentConfirmRequest): Payment {
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
    if (recurring?.kind === 'mandate') return this.confirmWithMandate(payment, recurring.id, request);
    if (recurring?.kind === 'payment_method') return this.confirmWithSavedCard(payment, recurring.id, request);
    return this.confirmCard(payment, card as CardData);
  }

  private newAttempt(payment: Payment, method: string, card: MaskedCard | null, phoneLast4: string | null): Attempt {
    payment.attempt_count += 1;
    const nowIso = new Date(this.now()).toISOString();
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
      connector: payment.connector_requested?.[0] ?? CONNECTORS[0],
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
    payment.card = card;
    payment.error_code = payment.error_message = payment.unified_code = payment.unified_message = null;
    payment.manual_retry_allowed = null;
    payment.next_action = null;
    payment.settlement = null;
    return attempt;
  }

  private confirmCard(payment: Payment, card: CardData): Payment {
    const masked = checkCard(card, this.now());
    payment.payment_method = 'card';
    payment.payment_method_type ??= 'credit';
    const attempt = this.newAttempt(payment, 'card', masked, null);
    const decision = decideCard(card.card_number);
    switch (decision.kind) {
      case 'approve':
        return this.approve(payment, attempt);
      case 'decline':
        return this.decline(payment, attempt, decision.code);
      case 'challenge': {
        attempt.status = 'authentication_pending';
        attempt.challenge_outcome = decision.afterChallenge;
        payment.status = 'requires_customer_action';
        payment.next_action = {
          type: 'redirect_to_url',
          // stored without a token: withChallengeLink() adds a fresh one to every answer that shows it
          redirect_to_url: `${this.options.publicUrl}${challengePath(payment, attempt.attempt_id)}`,
        };
        // left unanswered, the challenge fails by itself (settleDue, or the next retrieve)
        payment.settlement = { at: this.now() + this.challengeWindowMs, outcome: 'fail', error_code: 'authentication_failed' };
        this.store.putAttempt(attempt);
        return this.save(payment);
      }
      case 'async':
        attempt.status = 'pending';
        payment.status = 'processing';
        payment.settlement = { at: this.now() + decision.delayMs, outcome: 'succeed' };
        this.store.putAttempt(attempt);
        return this.save(payment);
    }
  }

  private confirmWithMandate(payment: Payment, mandateId: string, request: PaymentConfirmRequest): Payment {
    const mandate = this.store.mandate(payment.merchant_id, mandateId);
    if (!mandate) throw apiError('mandateNotFound');
    if (mandate.status !== 'active') throw errors.mandateValidation(`mandate ${mandateId} is ${mandate.status}`);
    if (!request.off_session && !payment.off_session) throw apiError('offSessionNeedsMandate');
    if (payment.customer_id && payment.customer_id !== mandate.customer_id) {
      throw errors.mandateValidation('customer_id must match the mandate customer_id');
    }
    if (mandate.mandate_type === 'single_use' && mandate.times_used > 0) {
      throw errors.mandateValidation(`single-use mandate ${mandateId} has already been used`);
    }
    if (mandate.end_date && Date.parse(mandate.end_date) < this.now()) {
      throw errors.mandateValidation(`mandate ${mandateId} ended on ${mandate.end_date}`);
    }
    if (mandate.start_date && Date.parse(mandate.start_date) > this.now()) {
      throw errors.mandateValidation(`mandate ${mandateId} starts on ${mandate.start_date}`);
    }
    if (mandate.currency && mandate.currency !== payment.currency) {
      throw errors.mandateValidation(`cross currency mandates not supported: the mandate is for ${mandate.currency}, the payment is in ${payment.currency}`);
    }
    if (mandate.amount != null && payment.amount > mandate.amount) {
      throw errors.mandateValidation(`payment amount ${payment.amount} is greater than mandate amount ${mandate.amount}`);
    }
    payment.customer_id ??= mandate.customer_id;
    payment.mandate_id = mandate.mandate_id;
    payment.payment_method_id = mandate.payment_method_id ?? null;
    payment.off_session = true;
    payment.payment_method = 'card';
    payment.payment_method_type ??= 'credit';
    mandate.times_used += 1;
    this.store.putMandate(mandate);
    const attempt = this.newAttempt(payment, 'card', mandate.card, null);
    return this.approve(payment, attempt);
  }

  /** A recurring payment on a card the customer saved off-session (`recurring_details` of type `payment_method_id`). */
  private confirmWithSavedCard(payment: Payment, paymentMethodId: string, request: PaymentConfirmRequest): Payment {
    if (!request.off_session && !payment.off_session) throw apiError('offSessionNeedsMandate');
    if (!payment.customer_id) throw errors.missingParam('customer_id');
    const method = savedCardFor(this.store.customer(payment.merchant_id, payment.customer_id), paymentMethodId);
    payment.off_session = true;
    payment.payment_method = 'card';
    payment.payment_method_type ??= 'credit';
    payment.payment_method_id = method.payment_method_id;
    return this.approve(payment, this.newAttempt(payment, 'card', method.card, null));
  }

  /** A card payment of a customer that asks to keep the card (`setup_future_usage`, `mandate_data`) saves it. */
  private saveCardIfAsked(payment: Payment): void {
    if (payment.payment_method_id || !payment.card || !payment.customer_id) return;
    if (payment.setup_future_usage == null && !payment.mandate_data) return;
    const customer = this.store.customer(payment.merchant_id, payment.customer_id);
    if (!customer) return;
    const offSession = payment.setup_future_usage === 'off_session' || payment.mandate_data != null;
    payment.payment_method_id = saveCard(customer, payment.card, offSession, new Date(this.now()).toISOString()).payment_method_id;
    this.store.putCustomer(customer);
  }

  private startMobileMoney(payment: Payment, request: PaymentCreateRequest): Payment {
    const phone =
      request.payment_method_data?.wallet?.mobile_money?.phone_number ??
      request.payment_method_data?.billing?.phone?.number ??
      request.billing?.phone?.number ??
      null;
    if (!phone) throw errors.missingParam('payment_method_data.wallet.mobile_money.phone_number');
    const digits = phone.replace(/\D/g, '');
    payment.payment_method = 'wallet';
    const attempt = this.newAttempt(payment, 'wallet', null, digits.slice(-4));
    attempt.status = 'pending';
    const now = this.now();
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
    this.store.putAttempt(attempt);
    return this.save(payment);
  }

  private settleLoaded(payment: Payment): Payment {
    const settlement = payment.settlement;
    if (!settlement) return payment;
    const attempt = this.activeAttempt(payment);
    payment.settlement = null;
    if (settlement.outcome === 'fail') return this.decline(payment, attempt, (settlement.error_code ?? 'processing_error') as DeclineCode);
    return this.approve(payment, attempt);
  }

  private approve(payment: Payment, attempt: Attempt): Payment {
    const manual = payment.capture_method === 'manual' || payment.capture_method === 'manual_multiple';
    attempt.connector_transaction_id = newConnectorTransactionId();
    attempt.status = manual ? 'authorized' : 'charged';
    attempt.modified_at = new Date(this.now()).toISOString();
    this.store.putAttempt(attempt);
    payment.connector_transaction_id = attempt.connector_transaction_id;
    payment.next_action = null;
    payment.settlement = null;
    if (manual) {
      payment.status = 'requires_capture';
    } else {
      const captured = payment.amount_to_capture ?? payment.amount;
      payment.amount_received = captured;
      payment.captures.push({
        capture_id: `${attempt.attempt_id}_capture_1`,
        status: 'charged',
        amount: captured,
        currency: payment.currency,
        created: attempt.modified_at,
      });
      payment.status = captured < payment.amount ? 'partially_captured' : 'succeeded';
    }
    this.saveCardIfAsked(payment);
    if (payment.mandate_data && !payment.mandate_id) payment.mandate_id = this.createMandate(payment, attempt).mandate_id;
    return this.save(payment);
  }

  private decline(payment: Payment, attempt: Attempt, code: DeclineCode): Payment {
    const text = DECLINES[code];
    attempt.status = 'failure';
    attempt.error_code = code;
    attempt.error_message = text.message;
    attempt.unified_code = text.unifiedCode;
    attempt.unified_message = text.unifiedMessage;
    attempt.modified_at = new Date(this.now()).toISOString();
    this.store.putAttempt(attempt);
    payment.status = 'failed';
    payment.error_code = code;
    payment.error_message = text.message;
    payment.unified_code = text.unifiedCode;
    payment.unified_message = text.unifiedMessage;
    // Every card decline may be retried with another card; a mobile-money payment cannot be confirmed again.
    payment.manual_retry_allowed = payment.payment_method === 'card';
    payment.next_action = null;
    payment.settlement = null;
    return this.save(payment);
  }

  private createMandate(payment: Payment, attempt: Attempt): Mandate {
    const data = payment.mandate_data as { mandate_type?: Record<string, Record<string, unknown> | null> } | null;
    const type = data?.mandate_type && 'single_use' in data.mandate_type ? 'single_use' : 'multi_use';
    const limits = (data?.mandate_type?.[type] ?? null) as { amount?: number; currency?: string; start_date?: string; end_date?: string } | null;
    const mandate: Mandate = {
      mandate_id: newMandateId(),
      merchant_id: payment.merchant_id,
      customer_id: payment.customer_id as string,
      payment_id: payment.payment_id,
      status: 'active',
      mandate_type: type,
      amount: limits?.amount ?? null,
      currency: limits?.currency ?? null,
      start_date: limits?.start_date ?? null,
      end_date: limits?.end_date ?? null,
      card: attempt.card,
      customer_acceptance: payment.customer_acceptance,
      payment_method_id: payment.payment_method_id ?? null,
      times_used: 0,
      created_at: new Date(this.now()).toISOString(),
    };
    this.store.putMandate(mandate);
    return mandate;
  }
}

/** Cross-member rules of the create request that the schema cannot express. */
function checkCreateRules(request: PaymentCreateRequest, merchant: MerchantAccount): void {
  if (request.amount_to_capture != null && request.amount_to_capture > request.amount) {
    throw apiError('amountToCaptureAboveAmount');
  }
  const netAmount =
    request.amount +
    (request.shipping_cost ?? 0) +
    (request.order_tax_amount ?? 0) +
    (request.surcharge_details?.surcharge_amount ?? 0) +
    (request.surcharge_details?.tax_amount ?? 0);
  if (!Number.isSafeInteger(netAmount)) {
    // every amount the API shows (net_amount, amount_capturable…) must stay an exact JSON integer
    throw apiError('netAmountTooLarge', { max: Number.MAX_SAFE_INTEGER });
  }
  checkMetadata('metadata', request.metadata);
  checkStatementDescriptors(request.statement_descriptor_name, request.statement_descriptor_suffix);
  if (request.off_session && request.confirm !== true) throw apiError('offSessionNeedsConfirm');
  const recurring = recurringOf(request);
  if (recurring && request.off_session !== true) throw apiError('offSessionNeedsMandate');
  if (recurring && request.payment_method_data?.card) throw apiError('mandateAndCard');
  if (request.customer && request.customer_id && request.customer.id !== request.customer_id) {
    throw apiError('customerIdMismatch');
  }
  if (request.mandate_data) {
    const acceptance = request.mandate_data.customer_acceptance ?? request.customer_acceptance;
    if (!acceptance) throw errors.missingParam('mandate_data.customer_acceptance');
    if (!request.mandate_data.mandate_type) throw errors.missingParam('mandate_data.mandate_type');
    const limits = 'single_use' in request.mandate_data.mandate_type ? request.mandate_data.mandate_type.single_use : request.mandate_data.mandate_type.multi_use;
    if (limits && limits.currency !== request.currency) throw apiError('mandateDataCurrency');
    if (limits && request.amount > limits.amount) throw apiError('mandateDataAmount');
  }
  if (request.capture_method === 'scheduled') {
    throw apiError('notImplemented', { feature: 'capture_method scheduled' });
  }
  if (request.payment_link) throw apiError('notImplemented', { feature: 'payment_link' });
  if (request.profile_id != null && request.profile_id !== merchant.default_profile) throw apiError('businessProfileNotFound', { id: request.profile_id });
  for (const name of request.connector ?? []) {
    if (!(CONNECTORS as readonly string[]).includes(name)) {
      throw apiError('connectorNotEnabled', { connector: name, connectors: CONNECTORS.join(', ') });
    }
  }
  if (request.order_details) {
    const total = request.order_details.reduce((sum, item) => sum + item.amount * item.quantity, 0);
    if (total !== request.amount) {
      throw apiError('orderDetailsTotal', { total, amount: request.amount });
    }
  }
  // card data with confirm needs its payment_method (Cypress Commons.js:1253)
  if (request.confirm && request.payment_method_data?.card && request.payment_method == null) throw errors.missingParam('payment_method');
  if (request.payment_method === 'wallet') {
    if (request.confirm !== true) throw apiError('mobileMoneyNeedsConfirm');
    if (request.payment_method_type !== 'pay_bill' && request.payment_method_type !== 'pay_till') {
      throw apiError('mobileMoneyType');
    }
  } else if (request.confirm && !request.payment_method_data?.card && request.mandate_id == null && request.recurring_details == null) {
    throw apiError('paymentMethodDataRequired');
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
