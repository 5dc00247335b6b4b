/**
 * The payment state machine behind one class: create, update, list, confirm (card, mandate, saved card), 3-D
 * Secure completion, mobile money, asynchronous settlement, capture and cancel. Every public method
 * is one SQLite transaction. It knows nothing of HTTP: it takes validated request members and
 * throws ApiError for the API's documented refusals. Each operation lives in its own file beside
 * this one; engine.ts holds what they share.
 */
import type { PaymentConfirmRequest, PaymentCreateRequest } from '../../../src/api/requests.js';
import type { Store } from '../../store/repo.js';
import type { Attempt, MerchantAccount, Payment } from '../types.js';
import { cancelPayment, capturePayment, type CancelRequest, type CaptureRequest } from './capture-cancel.js';
import { confirmPayment } from './confirm.js';
import { createPayment } from './create.js';
import { PaymentEngine, type PaymentServiceOptions } from './engine.js';
import { listPayments, type PaymentListQuery } from './list.js';
import { loadSettled, settleLoaded } from './outcome.js';
import { answerMobileMoney, completeChallenge, openChallenge, withChallengeLink } from './redirects.js';
import { updatePayment } from './update.js';

export { CHALLENGE_WINDOW_MS, MOBILE_MONEY_WINDOW_MS, type PaymentServiceOptions } from './engine.js';

export class PaymentService {
  private readonly engine: PaymentEngine;

  constructor(store: Store, options: PaymentServiceOptions) {
    this.engine = new PaymentEngine(store, options);
  }

  /** POST /payments. Creates the intent and, with `confirm: true`, confirms it in the same transaction. */
  create(merchant: MerchantAccount, request: PaymentCreateRequest): Payment {
    return createPayment(this.engine, merchant, request);
  }

  /**
   * POST /payments/{id}/confirm, by the merchant's server or the customer's browser. `authorize`
   * sees the payment inside the transaction before anything changes (the client-secret check).
   */
  confirm(merchant: MerchantAccount, paymentId: string, request: PaymentConfirmRequest, authorize: (payment: Payment) => void = () => {}, byClient = false): Payment {
    return confirmPayment(this.engine, merchant, paymentId, request, authorize, byClient);
  }

  /** POST /payments/{id}: changes a payment not yet confirmed (and confirms it with `confirm: true`). */
  update(merchant: MerchantAccount, paymentId: string, request: PaymentConfirmRequest): Payment {
    return updatePayment(this.engine, merchant, paymentId, request);
  }

  /** GET /payments/list: the merchant's payments, newest first, after every due settlement. */
  list(merchantId: string, query: PaymentListQuery): Payment[] {
    this.settleDue();
    return listPayments(this.engine, merchantId, query);
  }

  /** GET /payments/{id}: the payment as it is now, with any due settlement applied first. */
  retrieve(merchantId: string, paymentId: string): Payment {
    const payment = this.engine.load(merchantId, paymentId);
    if (!payment.settlement || payment.settlement.at > this.engine.now()) return payment;
    return this.engine.store.transaction(() => loadSettled(this.engine, merchantId, paymentId));
  }

  attempts(merchantId: string, paymentId: string): Attempt[] {
    return this.engine.store.attempts(merchantId, paymentId);
  }

  /** POST /payments/{id}/capture */
  capture(merchantId: string, paymentId: string, request: CaptureRequest): Payment {
    return capturePayment(this.engine, merchantId, paymentId, request);
  }

  /** POST /payments/{id}/cancel */
  cancel(merchantId: string, paymentId: string, request: CancelRequest): Payment {
    return cancelPayment(this.engine, merchantId, paymentId, request);
  }

  /** The payment as the API shows it: a pending challenge's next action with a fresh single-use link. */
  withChallengeLink(payment: Payment): Payment {
    return withChallengeLink(this.engine, payment);
  }

  /** Opens the 3-D Secure test page (see redirects.ts); null when the link is not valid. */
  openChallenge(merchantId: string, paymentId: string, attemptId: string, linkToken: string): { payment: Payment; pageToken: string; endsInMs: number | null } | null {
    return openChallenge(this.engine, merchantId, paymentId, attemptId, linkToken);
  }

  /** The 3-D Secure test page's answer; null (nothing changed) when its page token is not valid. */
  completeChallenge(merchantId: string, paymentId: string, attemptId: string, pageToken: string, answer: 'complete' | 'reject'): Payment | null {
    return completeChallenge(this.engine, merchantId, paymentId, attemptId, pageToken, answer);
  }

  /** The mobile-money simulator: the customer approves or declines on the phone. */
  answerMobileMoney(merchantId: string, paymentId: string, answer: 'approve' | 'decline'): Payment {
    return answerMobileMoney(this.engine, merchantId, paymentId, answer);
  }

  /** Applies every settlement that is due; the server calls this on a timer. Returns how many it applied. */
  settleDue(): number {
    let applied = 0;
    const { store } = this.engine;
    for (const { merchant_id, payment_id } of store.duePayments(this.engine.now())) {
      store.transaction(() => {
        const payment = store.payment(merchant_id, payment_id);
        if (payment?.settlement && payment.settlement.at <= this.engine.now()) {
          settleLoaded(this.engine, payment);
          applied += 1;
        }
      });
    }
    return applied;
  }
}
