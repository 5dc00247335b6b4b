/**
 * A merchant's customers a page at a time, read as upstream reads them for its customer lists
 * (juspay/hyperswitch `crates/diesel_models/src/query/customers.rs` at 6607fe50,
 * `list_customers_by_merchant_id_and_constraints` and `get_customer_count_by_merchant_id_and_constraints`):
 * the merchant's customers, or only the one `customer_id`, or only those created in a time range,
 * ordered by `created_at` (oldest first; the rowid, which is creation order, breaks ties), `LIMIT` and
 * `OFFSET`; the count is of the same rows. SQLite pages and counts; only the page is parsed.
 */
import type Database from 'better-sqlite3';
import type { Customer } from '../domain/types.js';
import type { Db } from './db.js';

/** Which of the merchant's customers: all, one id, or those created in `[from, to]` (ISO 8601, as stored). */
export type CustomerListFilter = { customerId: string } | { createdFrom: string; createdTo: string } | null;

const CREATED = "json_extract(doc, '$.created_at')";
const WHERE = {
  all: 'merchant_id = ?',
  one: 'merchant_id = ? AND customer_id = ?',
  created: `merchant_id = ? AND ${CREATED} BETWEEN ? AND ?`,
} as const;
type Kind = keyof typeof WHERE;

const kindOf = (filter: CustomerListFilter): Kind => (filter === null ? 'all' : 'customerId' in filter ? 'one' : 'created');
const paramsOf = (merchantId: string, filter: CustomerListFilter): string[] =>
  filter === null ? [merchantId] : 'customerId' in filter ? [merchantId, filter.customerId] : [merchantId, filter.createdFrom, filter.createdTo];

export class CustomerListQueries {
  private readonly pages: Record<Kind, Database.Statement>;
  private readonly counts: Record<Kind, Database.Statement>;

  constructor(db: Db) {
    const each = (sql: (where: string) => string) =>
      Object.fromEntries(Object.entries(WHERE).map(([kind, where]) => [kind, db.prepare(sql(where))])) as Record<Kind, Database.Statement>;
    this.pages = each((where) => `SELECT doc FROM customers WHERE ${where} ORDER BY ${CREATED}, rowid LIMIT ? OFFSET ?`);
    this.counts = each((where) => `SELECT COUNT(*) AS total FROM customers WHERE ${where}`);
  }

  /** Up to `limit` customers after skipping `offset`, oldest first. */
  page(merchantId: string, filter: CustomerListFilter, limit: number, offset: number): Customer[] {
    const rows = this.pages[kindOf(filter)].all(...paramsOf(merchantId, filter), limit, offset) as { doc: string }[];
    return rows.map((row) => JSON.parse(row.doc) as Customer);
  }

  /** How many customers the filter selects in all. */
  count(merchantId: string, filter: CustomerListFilter): number {
    return (this.counts[kindOf(filter)].get(...paramsOf(merchantId, filter)) as { total: number }).total;
  }
}
