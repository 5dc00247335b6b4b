/**
 * The merchant's view of its payment links (upstream's `GET /payment_link/{payment_link_id}`,
 * `retrieve_payment_link`, and `POST /payment_link/list`, `list_payment_link`, in
 * `crates/router/src/core/payment_link.rs`): a link is the `payment_link` of a payment created with
 * `payment_link: true`, answered as `RetrievePaymentLinkResponse`. Its expiry is the payment's client
 * session end (upstream gives the link the payment's `session_expiry` as its `fulfilment_time`); its
 * status `expired` after it, else `active`. A link is found among its merchant's payments only:
 * upstream's retrieve looks the id up across merchants, the sandbox answers another merchant's link
 * as not found.
 */
import type { PaymentLinkListConstraints } from '../../src/api/admin.js';
import type { DocFilter, Store } from '../store/repo.js';
import { apiError } from './errors.js';
import { CREATED_FILTERS, ISO_DATE_TIME, listLimit, storedTime, LIST_MAX_LIMIT } from './payments/list.js';
import { sessionEnd } from './sdk-auth.js';
import type { JsonObject, Payment } from './types.js';

/** A payment's link as `RetrievePaymentLinkResponse`, its status at `now` (epoch ms). */
export function paymentLinkWire(payment: Payment, now: number): JsonObject {
  const link = payment.payment_link;
  if (!link) throw new Error(`payment ${payment.payment_id} has no payment link`);
  const expiry = sessionEnd(payment);
  return {
    payment_link_id: link.payment_link_id,
    merchant_id: payment.merchant_id,
    processor_merchant_id: payment.merchant_id,
    link_to_pay: link.link,
    amount: payment.amount,
    created_at: payment.created,
    expiry: new Date(expiry).toISOString(),
    description: payment.description,
    status: now > expiry ? 'expired' : 'active',
    currency: payment.currency,
    secure_link: link.secure_link,
  };
}

/** Where a payment document keeps its link's id. */
const LINK_ID = '$.payment_link.payment_link_id';
/** Only payments with a link (`json_extract` of a missing member is NULL, and NULL > '' is not true). */
const LINKED: DocFilter = { member: LINK_ID, op: '>', value: '' };

/**
 * The merchant's link `paymentLinkId`, or `404 HE_02` (PaymentLinkNotFound). Found by reading the merchant's
 * payments' documents (no index: only this route reads a link by its id, and no payment write pays for one).
 */
export function retrievePaymentLink(store: Store, merchantId: string, paymentLinkId: string, now: number): JsonObject {
  const [payment] = store.listPayments(merchantId, [{ member: LINK_ID, op: '=', value: paymentLinkId }], { limit: 1 });
  if (!payment) throw apiError('paymentLinkNotFound');
  return paymentLinkWire(payment, now);
}

/** The merchant's links, newest first: at most `limit` (1–100; 100 when absent). */
export function listPaymentLinks(store: Store, merchantId: string, constraints: PaymentLinkListConstraints, now: number): JsonObject[] {
  const limit = constraints.limit == null ? LIST_MAX_LIMIT : listLimit(constraints.limit);
  const where: DocFilter[] = [LINKED];
  for (const [member, op] of CREATED_FILTERS) {
    const value = constraints[member];
    if (value == null) continue;
    const refuse = () => apiError('deserialize', { detail: `invalid value for \`${member}\`: ${JSON.stringify(value)} is not an ISO 8601 date-time` });
    if (!ISO_DATE_TIME.test(value)) throw refuse();
    where.push({ member: '$.created', op, value: storedTime(value, refuse) });
  }
  return store.listPayments(merchantId, where, { limit }).map((payment) => paymentLinkWire(payment, now));
}
