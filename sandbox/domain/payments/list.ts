/**
 * GET /payments/list: a merchant's payments, newest first, as upstream's `payments_list`
 * (`crates/api_models/src/payments.rs` PaymentListConstraints: `customer_id`, `starting_after`,
 * `ending_before`, `limit` 1–100 (default 10), `created`, `created.lt`, `created.gt`, `created.lte`,
 * `created.gte`; the answer `{"size", "data"}`).
 */
import { apiError, type ApiError } from '../errors.js';
import type { DocFilter } from '../../store/repo.js';
import type { Payment } from '../types.js';
import type { PaymentEngine } from './engine.js';

export interface PaymentListQuery {
  customer_id?: string;
  starting_after?: string;
  ending_before?: string;
  /** Digits (the route checks the form). */
  limit?: string;
  /** ISO 8601 date-times (the route checks the form); without an offset they are UTC, as upstream's. */
  created?: string;
  'created.lt'?: string;
  'created.gt'?: string;
  'created.lte'?: string;
  'created.gte'?: string;
}

/** The default and the largest page (upstream's default_limit and PAYMENTS_LIST_MAX_LIMIT_V1). */
export const LIST_DEFAULT_LIMIT = 10;
export const LIST_MAX_LIMIT = 100;

/** A list's `limit`: the default when absent, `422 IR_06` outside 1–100 (shared with the refund list). */
export function listLimit(limit: string | number | null | undefined): number {
  if (limit == null) return LIST_DEFAULT_LIMIT;
  const value = Number(limit);
  if (!Number.isInteger(value) || value < 1 || value > LIST_MAX_LIMIT) throw apiError('listLimit');
  return value;
}

/**
 * An ISO 8601 date-time as the sandbox stores `created` (UTC, milliseconds), so strings compare in
 * time order; `refuse` is the error for one of the right form that names no time (month 13, hour
 * 99): a 400 naming the parameter, as the other refusals of a list's filters (never a 500).
 */
export function storedTime(value: string, refuse: () => ApiError): string {
  const time = new Date(/(Z|[+-]\d{2}:\d{2})$/.test(value) ? value : `${value}Z`);
  if (Number.isNaN(time.getTime()) || !namesATime(value)) throw refuse();
  return time.toISOString();
}

/**
 * Whether the date and time written in `value` exist: JavaScript's Date takes February 31 as March 3
 * and 24:00 as the next day, where upstream's time crate refuses both.
 */
function namesATime(value: string): boolean {
  const parts = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})/.exec(value);
  if (!parts) return true;
  const [year, month, day, hour, minute, second] = parts.slice(1).map(Number) as [number, number, number, number, number, number];
  const written = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  return written.getUTCFullYear() === year && written.getUTCMonth() === month - 1 && written.getUTCDate() === day && written.getUTCHours() === hour && written.getUTCMinutes() === minute && written.getUTCSeconds() === second;
}

/** An ISO 8601 date-time as upstream's list filters take it (`2022-09-10T10:11:12Z`; without an offset it is UTC). */
export const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})?$/;

/** A list's `created` filters (query parameters or body members) and their comparisons. */
export const CREATED_FILTERS = [
  ['created', '='],
  ['created.lt', '<'],
  ['created.gt', '>'],
  ['created.lte', '<='],
  ['created.gte', '>='],
] as const;

export function listPayments(engine: PaymentEngine, merchantId: string, query: PaymentListQuery): Payment[] {
  const limit = listLimit(query.limit);
  const where: DocFilter[] = [];
  if (query.customer_id !== undefined) where.push({ member: '$.customer_id', op: '=', value: query.customer_id });
  for (const [param, op] of CREATED_FILTERS) {
    const value = query[param];
    if (value !== undefined) where.push({ member: '$.created', op, value: storedTime(value, () => apiError('badQuery', { detail: `invalid value for query parameter \`${param}\`` })) });
  }
  for (const anchor of [query.starting_after, query.ending_before]) {
    if (anchor !== undefined && !engine.store.payment(merchantId, anchor)) throw apiError('paymentNotFound');
  }
  return engine.store.listPayments(merchantId, where, { after: query.starting_after, before: query.ending_before, limit });
}
