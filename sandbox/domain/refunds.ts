/**
 * Refunds against captured payments. The sandbox decides a refund's course by the last two digits
 * of its amount (README "Refund outcomes"): 51 pending → succeeded, 52 review → succeeded,
 * 53 failed at once, 54 pending → failed; anything else succeeds at once. A `scheduled` refund is
 * `pending` first, whatever its amount (scheduledOr).
 */
import type { RefundCreate, RefundListRequest, RefundUpdate } from '../../src/api/admin.js';
import { apiError, errors } from './errors.js';
import { listLimit, storedTime } from './payments/list.js';
import { CONNECTORS, connectorAccountId } from './processor.js';
import type { DocFilter, Store } from '../store/repo.js';
import { gatewayFee } from './fees.js';
import { alphanumeric, newRefundId } from './ids.js';
import type { MerchantAccount, Refund, RefundStatus } from './types.js';
import { asJson, checkMetadata } from './validation.js';

const CONNECTOR_NAMES: readonly string[] = CONNECTORS;

/** How long a `pending` or `review` refund takes to settle. */
export const REFUND_SETTLE_MS = 2000;

const REFUNDABLE = ['succeeded', 'partially_captured', 'partially_captured_and_capturable'];

type Course = { now: RefundStatus; later?: RefundStatus };

export function refundCourse(amount: number): Course {
  switch (amount % 100) {
    case 51:
      return { now: 'pending', later: 'succeeded' };
    case 52:
      return { now: 'review', later: 'succeeded' };
    case 53:
      return { now: 'failed' };
    case 54:
      return { now: 'pending', later: 'failed' };
    default:
      return { now: 'succeeded' };
  }
}

/**
 * A `scheduled` refund is queued, not sent (upstream's refunds.rs schedule_refund_execution: only
 * `instant` goes to the connector at once): `pending`, then after REFUND_SETTLE_MS the outcome its
 * amount would have had.
 */
function scheduledOr(course: Course, refundType: string | null | undefined): Course {
  if (refundType !== 'scheduled') return course;
  return { now: 'pending', later: course.later ?? course.now };
}

const FAILURE = {
  error_code: 'refund_failed',
  error_message: 'Refund declined by the processor',
  unified_code: 'UE_2001',
  unified_message: 'The refund could not be processed.',
};

/** Refunds that count against the captured amount: every one that has not failed. */
export const refundedTotal = (refunds: Refund[]): number =>
  refunds.filter((refund) => refund.status !== 'failed').reduce((sum, refund) => sum + refund.amount, 0);

export class RefundService {
  constructor(
    private readonly store: Store,
    private readonly now: () => number = Date.now,
  ) {}

  create(merchant: MerchantAccount, request: RefundCreate): Refund {
    checkMetadata('metadata', request.metadata);
    return this.store.transaction(() => {
      const payment = this.store.payment(merchant.merchant_id, request.payment_id);
      if (!payment) throw apiError('paymentNotFound');
      if (!REFUNDABLE.includes(payment.status)) {
        throw apiError('refundWrongState', { status: payment.status, states: REFUNDABLE.join(', ') });
      }
      const refundId = request.refund_id ?? newRefundId();
      if (this.store.refund(merchant.merchant_id, refundId)) {
        throw apiError('duplicateRefund');
      }
      const refundable = payment.amount_received - refundedTotal(this.store.refundsOfPayment(merchant.merchant_id, payment.payment_id));
      if (refundable <= 0) throw apiError('refundAboveCaptured');
      const amount = request.amount ?? refundable;
      if (amount > refundable) {
        throw apiError('refundAboveCaptured');
      }
      const course = scheduledOr(refundCourse(amount), request.refund_type);
      const nowIso = new Date(this.now()).toISOString();
      const refund: Refund = {
        refund_id: refundId,
        payment_id: payment.payment_id,
        merchant_id: merchant.merchant_id,
        amount,
        currency: payment.currency,
        status: course.now,
        connector: payment.connector ?? 'phonypay',
        ...(payment.merchant_connector_id ? { merchant_connector_id: payment.merchant_connector_id } : {}),
        reason: request.reason ?? null,
        metadata: asJson(request.metadata),
        error_code: null,
        error_message: null,
        unified_code: null,
        unified_message: null,
        connector_refund_id: `snd_rfnd_${alphanumeric(20)}`,
        refund_arn: course.now === 'succeeded' ? alphanumeric(23) : null,
        refund_type: request.refund_type ?? 'instant',
        split_refunds: asJson(request.split_refunds),
        gateway_fee: gatewayFee(merchant, amount),
        profile_id: payment.profile_id,
        created_at: nowIso,
        updated_at: nowIso,
        settlement: course.later ? { at: this.now() + REFUND_SETTLE_MS, status: course.later } : null,
      };
      if (course.now === 'failed') Object.assign(refund, FAILURE);
      this.store.putRefund(refund);
      return refund;
    });
  }

  /** A refund as it is now, with a due settlement applied first. */
  get(merchantId: string, refundId: string): Refund {
    const refund = this.store.refund(merchantId, refundId);
    if (!refund) throw apiError('refundNotFound');
    if (!refund.settlement || refund.settlement.at > this.now()) return refund;
    return this.store.transaction(() => this.settle(merchantId, refundId) ?? refund);
  }

  /**
   * POST /refunds/{refund_id}: a new `reason` or `metadata`, whatever the refund's status, as
   * upstream's refund_update_core (`MetadataAndReasonUpdate`; an absent member is kept).
   */
  update(merchantId: string, refundId: string, request: RefundUpdate): Refund {
    checkMetadata('metadata', request.metadata);
    return this.store.transaction(() => {
      const refund = this.get(merchantId, refundId);
      if (request.reason != null) refund.reason = request.reason;
      if (request.metadata != null) refund.metadata = asJson(request.metadata);
      refund.updated_at = new Date(this.now()).toISOString();
      this.store.putRefund(refund);
      return refund;
    });
  }

  /**
   * POST /refunds/list: the merchant's refunds, newest first, as upstream's refund_list: the
   * filters of RefundListRequest, `limit` 1–100 (default 10) from `offset`, and how many match in all.
   */
  list(merchantId: string, request: RefundListRequest): { refunds: Refund[]; total: number } {
    const limit = listLimit(request.limit);
    this.settleDue();
    const where: DocFilter[] = [];
    const equal = (member: string, value: string | null | undefined) => {
      if (value != null) where.push({ member, op: '=', value });
    };
    equal('$.payment_id', request.payment_id);
    equal('$.refund_id', request.refund_id);
    equal('$.profile_id', request.profile_id);
    if (request.start_time != null) where.push({ member: '$.created_at', op: '>=', value: storedTime(request.start_time, () => errors.badJson('invalid value for `start_time`')) });
    if (request.end_time != null) where.push({ member: '$.created_at', op: '<=', value: storedTime(request.end_time, () => errors.badJson('invalid value for `end_time`')) });
    if (request.amount_filter?.start_amount != null) where.push({ member: '$.amount', op: '>=', value: request.amount_filter.start_amount });
    if (request.amount_filter?.end_amount != null) where.push({ member: '$.amount', op: '<=', value: request.amount_filter.end_amount });
    if (request.connector != null) where.push({ member: '$.connector', op: 'in', values: request.connector });
    if (request.currency != null) where.push({ member: '$.currency', op: 'in', values: request.currency });
    if (request.refund_status != null) where.push({ member: '$.status', op: 'in', values: request.refund_status });
    if (request.merchant_connector_id != null) {
      // a refund names its connector account; one of the simulated default connector names none (processor.ts derives its id)
      const ids = request.merchant_connector_id;
      const simulated = CONNECTOR_NAMES.filter((name) => ids.includes(connectorAccountId(merchantId, name) ?? ''));
      where.push({
        op: 'any',
        of: [
          [{ member: '$.merchant_connector_id', op: 'in', values: ids }],
          [
            { member: '$.merchant_connector_id', op: 'missing' },
            { member: '$.connector', op: 'in', values: simulated },
          ],
        ],
      });
    }
    return this.store.listRefunds(merchantId, where, { limit, offset: request.offset ?? 0 });
  }

  /** Applies every due refund settlement (called on the server's timer). */
  settleDue(): number {
    let applied = 0;
    for (const { merchant_id, refund_id } of this.store.dueRefunds(this.now())) {
      if (this.store.transaction(() => this.settle(merchant_id, refund_id))) applied += 1;
    }
    return applied;
  }

  private settle(merchantId: string, refundId: string): Refund | null {
    const refund = this.store.refund(merchantId, refundId);
    if (!refund?.settlement || refund.settlement.at > this.now()) return null;
    refund.status = refund.settlement.status;
    refund.settlement = null;
    refund.updated_at = new Date(this.now()).toISOString();
    if (refund.status === 'failed') Object.assign(refund, FAILURE);
    else refund.refund_arn = alphanumeric(23);
    this.store.putRefund(refund);
    return refund;
  }
}
