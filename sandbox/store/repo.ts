import type Database from 'better-sqlite3';
import { channel } from 'node:diagnostics_channel';
import { BUSY_TIMEOUT_MS, isBusy, type Db } from './db.js';
import { docClause, docParams, type DocFilter } from './doc-filter.js';

export type { DocFilter } from './doc-filter.js';
import { GroupCommit } from './group-commit.js';
import type {
  ApiKeyRecord,
  Attempt,
  Customer,
  Mandate,
  MerchantAccount,
  Organization,
  Payment,
  Refund,
  WebhookEvent,
} from '../domain/types.js';

type Row = { doc: string };

/** A saved-card token as stored: the SHA-256 of its value, never the value. */
export interface PaymentTokenRecord {
  token_hash: string;
  merchant_id: string;
  /** The payment whose client session it was issued to; '' when the merchant's list issued it (any payment of its customer). */
  payment_id: string;
  customer_id: string;
  payment_method_id: string;
  /** Milliseconds since the epoch: the payment's client secret expires then (or the merchant list's token lapses). */
  expires_at: number;
}

const parse = <T>(row: Row | undefined): T | null => (row ? (JSON.parse(row.doc) as T) : null);

/** A payment's key in Store.refunded: two payments with the same key would only cost the other one a query. */
const refundKey = (merchantId: string, paymentId: string): string => `${merchantId}\n${paymentId}`;

/**
 * Told how long a write waited for the checkpointer's gate, when anyone listens (bench/sandbox-monitor.ts;
 * with no subscriber it costs one property read): `{ waitedMs, blocking }`, blocking when the event
 * loop waited with it (in transaction()), not when a route awaited Store.writable().
 */
const gateChannel = channel('tender.sandbox.write-gate');

/** How many merchant accounts are kept in memory at most (then they are all forgotten and read again). */
const MERCHANTS_KEPT = 1000;

/** Freezes a parsed JSON document and everything in it. */
function deepFreeze(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const member of Object.values(value)) deepFreeze(member);
}

/**
 * Typed access to the sandbox's tables. Every write that belongs to one API operation goes through
 * `transaction`, so a crash or an error mid-request leaves nothing half-written.
 */
export class Store {
  private readonly statements;
  private readonly composed = new Map<string, Database.Statement>();
  /** Merchant accounts kept in memory by id, and their ids by publishable key (see merchant()). */
  private readonly merchantsById = new Map<string, MerchantAccount>();
  private readonly merchantIdsByKey = new Map<string, string>();
  /** One transaction wrapper for every call (better-sqlite3 builds one per `db.transaction(fn)`). */
  private readonly inTransaction: Database.Transaction<(work: () => unknown) => unknown>;
  private gate: Int32Array | null = null;
  /** The writes of one event-loop turn in one transaction, once enableGroupCommit() is called. */
  private group: GroupCommit | null = null;
  /**
   * The payments that have (or may have) a refund, by refundKey(): read from the table
   * once, then added to by putRefund(). Refunds are never deleted, and this process is the only writer
   * of its database file (docs/decisions/0095), so a payment not in it has none, and its answer
   * (`refunds: null`) needs no query: most answers are of payments never refunded. A refund written
   * in a transaction that then fails leaves its payment here: one query too many, never one too few.
   */
  private refunded: Set<string> | null = null;

  constructor(readonly db: Db) {
    this.inTransaction = db.transaction((work: () => unknown) => work());
    const prepare = (sql: string) => db.prepare(sql);
    this.statements = {
      getOrganization: prepare('SELECT doc FROM organizations WHERE organization_id = ?'),
      putOrganization: prepare(
        'INSERT INTO organizations (organization_id, doc) VALUES (?, ?) ON CONFLICT(organization_id) DO UPDATE SET doc = excluded.doc',
      ),
      getMerchant: prepare('SELECT doc FROM merchants WHERE merchant_id = ?'),
      getMerchantByPublishableKey: prepare('SELECT doc FROM merchants WHERE publishable_key = ?'),
      merchantsOfOrganization: prepare("SELECT doc FROM merchants WHERE json_extract(doc, '$.organization_id') = ? ORDER BY rowid"),
      insertMerchant: prepare('INSERT INTO merchants (merchant_id, publishable_key, doc) VALUES (?, ?, ?)'),
      updateMerchant: prepare('UPDATE merchants SET publishable_key = ?, doc = ? WHERE merchant_id = ?'),
      getApiKeyByHash: prepare('SELECT doc FROM api_keys WHERE key_hash = ?'),
      getApiKey: prepare('SELECT doc FROM api_keys WHERE merchant_id = ? AND key_id = ?'),
      insertApiKey: prepare('INSERT INTO api_keys (key_id, merchant_id, key_hash, doc) VALUES (?, ?, ?, ?)'),
      updateApiKey: prepare('UPDATE api_keys SET doc = ? WHERE key_id = ?'),
      listApiKeys: prepare(
        "SELECT doc FROM api_keys WHERE merchant_id = ? AND json_extract(doc, '$.revoked') = 0 ORDER BY rowid LIMIT ? OFFSET ?",
      ),
      getCustomer: prepare('SELECT doc FROM customers WHERE merchant_id = ? AND customer_id = ?'),
      putCustomer: prepare(
        'INSERT INTO customers (merchant_id, customer_id, doc) VALUES (?, ?, ?) ON CONFLICT(merchant_id, customer_id) DO UPDATE SET doc = excluded.doc',
      ),
      getPayment: prepare('SELECT doc FROM payments WHERE merchant_id = ? AND payment_id = ?'),
      insertPayment: prepare(
        'INSERT INTO payments (merchant_id, payment_id, status, settle_at, doc) VALUES (?, ?, ?, ?, ?)',
      ),
      updatePayment: prepare(
        'UPDATE payments SET status = ?, settle_at = ?, doc = ? WHERE merchant_id = ? AND payment_id = ?',
      ),
      duePayments: prepare(
        'SELECT merchant_id, payment_id FROM payments WHERE settle_at IS NOT NULL AND settle_at <= ? LIMIT 200',
      ),
      getAttempt: prepare('SELECT doc FROM attempts WHERE merchant_id = ? AND payment_id = ? AND attempt_number = ?'),
      putAttempt: prepare(
        'INSERT INTO attempts (merchant_id, payment_id, attempt_number, doc) VALUES (?, ?, ?, ?) ON CONFLICT(merchant_id, payment_id, attempt_number) DO UPDATE SET doc = excluded.doc',
      ),
      listAttempts: prepare('SELECT doc FROM attempts WHERE merchant_id = ? AND payment_id = ? ORDER BY attempt_number'),
      getRefund: prepare('SELECT doc FROM refunds WHERE merchant_id = ? AND refund_id = ?'),
      putRefund: prepare(
        'INSERT INTO refunds (merchant_id, refund_id, payment_id, settle_at, doc) VALUES (?, ?, ?, ?, ?) ON CONFLICT(merchant_id, refund_id) DO UPDATE SET settle_at = excluded.settle_at, doc = excluded.doc',
      ),
      refundsOfPayment: prepare('SELECT doc FROM refunds WHERE merchant_id = ? AND payment_id = ? ORDER BY rowid'),
      dueRefunds: prepare('SELECT merchant_id, refund_id FROM refunds WHERE settle_at IS NOT NULL AND settle_at <= ? LIMIT 200'),
      paymentStatus: prepare('SELECT status FROM payments WHERE merchant_id = ? AND payment_id = ?'),
      insertEvent: prepare(
        'INSERT INTO webhook_outbox (event_id, merchant_id, event_type, body, next_attempt_at, created_at) VALUES (?, ?, ?, ?, ?, ?)',
      ),
      dueEvents: prepare(
        'SELECT * FROM webhook_outbox WHERE delivered_at IS NULL AND abandoned_at IS NULL AND next_attempt_at <= ? ORDER BY next_attempt_at LIMIT ?',
      ),
      markDelivered: prepare('UPDATE webhook_outbox SET delivered_at = ?, attempts = attempts + 1, last_error = NULL WHERE event_id = ?'),
      markFailed: prepare(
        'UPDATE webhook_outbox SET attempts = attempts + 1, next_attempt_at = ?, last_error = ?, abandoned_at = ? WHERE event_id = ?',
      ),
      eventsOfMerchant: prepare('SELECT * FROM webhook_outbox WHERE merchant_id = ? ORDER BY created_at, event_id'),
      getMandate: prepare('SELECT doc FROM mandates WHERE mandate_id = ? AND merchant_id = ?'),
      mandatesOfCustomer: prepare("SELECT doc FROM mandates WHERE merchant_id = ? AND json_extract(doc, '$.customer_id') = ? ORDER BY rowid"),
      customerWithPaymentMethod: prepare(
        "SELECT doc FROM customers WHERE merchant_id = ? AND EXISTS (SELECT 1 FROM json_each(doc, '$.payment_methods') WHERE json_extract(value, '$.payment_method_id') = ?)",
      ),
      insertPaymentToken: prepare(
        'INSERT INTO payment_tokens (token_hash, merchant_id, payment_id, customer_id, payment_method_id, expires_at) VALUES (?, ?, ?, ?, ?, ?)',
      ),
      getPaymentToken: prepare('SELECT * FROM payment_tokens WHERE token_hash = ?'),
      deleteExpiredPaymentTokens: prepare('DELETE FROM payment_tokens WHERE expires_at < ?'),
      putMandate: prepare(
        'INSERT INTO mandates (mandate_id, merchant_id, doc) VALUES (?, ?, ?) ON CONFLICT(mandate_id) DO UPDATE SET doc = excluded.doc',
      ),
    };
  }

  /**
   * Runs `work` in one IMMEDIATE transaction: all of it is committed, or none of it. A transaction
   * that fails forgets the merchants kept in memory: one it changed (or read after changing it) must
   * not outlive its rollback. While the checkpointer holds the write lock (its gate is 1), the
   * transaction waits for it to let go before it begins (docs/decisions/0097). With group commit
   * (enableGroupCommit()) it is a savepoint in the turn's batch instead: all or none of `work` is
   * kept, and it is durable once the batch commits.
   */
  transaction<T>(work: () => T): T {
    if (this.group) {
      try {
        return this.group.run(work);
      } catch (error) {
        this.forgetMerchants();
        throw error;
      }
    }
    const deadline = performance.now() + BUSY_TIMEOUT_MS;
    if (!this.db.inTransaction) this.waitForGate();
    for (;;) {
      let begun = false;
      try {
        return this.inTransaction.immediate(() => {
          begun = true;
          return work();
        }) as T;
      } catch (error) {
        // BEGIN IMMEDIATE found the write lock taken for longer than SQLite's busy handler waited:
        // nothing has run yet, so it is tried again until BUSY_TIMEOUT_MS of real time (db.ts)
        if (!begun && isBusy(error) && performance.now() < deadline) continue;
        this.forgetMerchants();
        throw error;
      }
    }
  }

  /**
   * Group commit (store/group-commit.ts, docs/decisions/0105): from now on, the writes of one
   * event-loop turn share one transaction, and each call of transaction() is a savepoint in it. An
   * HTTP answer must wait for committed() (app.ts does, for every route), and so must anything that
   * tells the outside world what it read (batchSettled()).
   */
  enableGroupCommit(errorLog: ((line: string) => void) | null = null): void {
    this.group ??= new GroupCommit(this.db, {
      waitForGate: () => this.waitForGate(),
      nested: (work) => this.inTransaction(work),
      lost: () => this.forgetMerchants(),
      errorLog,
    });
  }

  /** GroupCommit.mark(): 0 without group commit. */
  batchMark(): number {
    return this.group?.mark() ?? 0;
  }

  /** GroupCommit.committed(): null without group commit (every transaction is committed when it returns). */
  committed(mark: number): Promise<void> | null {
    return this.group?.committed(mark) ?? null;
  }

  /** GroupCommit.settled(): null when no batch is open. */
  batchSettled(): Promise<void> | null {
    return this.group?.settled() ?? null;
  }

  /** Commits the open batch now (before the database is closed). */
  flush(): void {
    this.group?.flush();
  }

  /**
   * While the checkpointer holds (or is taking) the write lock, waits for it to let go, to the
   * microsecond, rather than in the sleeps of SQLite's busy handler (1, 2, 5, 10, 15, 20 ms…).
   */
  private waitForGate(): void {
    const gate = this.gate;
    if (gate === null || Atomics.load(gate, 0) === 0) return;
    const waitStart = gateChannel.hasSubscribers ? performance.now() : 0;
    Atomics.wait(gate, 0, 1, BUSY_TIMEOUT_MS);
    if (waitStart > 0) gateChannel.publish({ waitedMs: performance.now() - waitStart, blocking: true });
  }

  /**
   * The checkpointer's gate (store/checkpointer.ts): a cell that is 1 while another connection holds
   * the write lock for a checkpoint, set back to 0 with a notify when it lets go.
   */
  useWriteGate(gate: Int32Array | null): void {
    this.gate = gate;
  }

  /**
   * Null when a write may begin now; while the checkpointer holds the write lock (its gate is 1), a
   * promise that settles once it lets go (or after BUSY_TIMEOUT_MS). A route awaits it right before
   * its write, so that while the lock is held the event loop goes on reading and checking the other
   * requests in flight instead of waiting in transaction() with all of them (docs/decisions/0101).
   * transaction() still waits for the gate itself: it may have closed again since.
   */
  writable(): Promise<unknown> | null {
    const gate = this.gate;
    if (gate === null || Atomics.load(gate, 0) === 0 || this.db.inTransaction) return null;
    // ES2024's Atomics.waitAsync (Node 16+), not in this project's ES2022 lib
    const waited = (Atomics as unknown as { waitAsync(cells: Int32Array, index: number, value: number, timeoutMs: number): { async: boolean; value: unknown } }).waitAsync(
      gate,
      0,
      1,
      BUSY_TIMEOUT_MS,
    );
    if (!waited.async) return null;
    if (!gateChannel.hasSubscribers) return waited.value as Promise<unknown>;
    const waitStart = performance.now();
    return (waited.value as Promise<unknown>).then(() => gateChannel.publish({ waitedMs: performance.now() - waitStart, blocking: false }));
  }

  organization(id: string): Organization | null {
    return parse(this.statements.getOrganization.get(id) as Row | undefined);
  }
  putOrganization(org: Organization): void {
    this.statements.putOrganization.run(org.organization_id, JSON.stringify(org));
  }

  /**
   * A merchant account, read from the table once and then kept in memory (frozen: callers that
   * change an account copy it first) until the next write of any account or a failed transaction
   * (docs/decisions/0095). Every confirm reads its merchant twice (the publishable key, then the
   * fees of what it captured); this process is the only writer of its database file.
   */
  merchant(id: string): MerchantAccount | null {
    const kept = this.merchantsById.get(id);
    if (kept) return kept;
    return this.keepMerchant(parse(this.statements.getMerchant.get(id) as Row | undefined));
  }
  merchantByPublishableKey(key: string): MerchantAccount | null {
    const id = this.merchantIdsByKey.get(key);
    const kept = id === undefined ? undefined : this.merchantsById.get(id);
    if (kept) return kept;
    return this.keepMerchant(parse(this.statements.getMerchantByPublishableKey.get(key) as Row | undefined));
  }
  insertMerchant(account: MerchantAccount): void {
    this.forgetMerchants();
    this.statements.insertMerchant.run(account.merchant_id, account.publishable_key, JSON.stringify(account));
  }
  updateMerchant(account: MerchantAccount): void {
    // a rotated publishable key must stop working at once: both the old and the new key are forgotten
    this.forgetMerchants();
    this.statements.updateMerchant.run(account.publishable_key, JSON.stringify(account), account.merchant_id);
  }
  /** Drops every merchant kept in memory (the next read goes to the table). */
  forgetMerchants(): void {
    this.merchantsById.clear();
    this.merchantIdsByKey.clear();
  }
  /** Whether any account, deleted ones too, has this id (ids are not reused: a deleted account's payments stay). */
  merchantIdTaken(id: string): boolean {
    return this.statements.getMerchant.get(id) !== undefined;
  }
  /** The live accounts of an organization, oldest first. */
  merchantsOfOrganization(organizationId: string): MerchantAccount[] {
    const rows = this.statements.merchantsOfOrganization.all(organizationId) as Row[];
    return rows.map((row) => JSON.parse(row.doc) as MerchantAccount).filter((account) => !account.deleted_at);
  }
  /** A deleted account (`DELETE /accounts/{id}`) is read as none. */
  private keepMerchant(account: MerchantAccount | null): MerchantAccount | null {
    if (!account || account.deleted_at) return null;
    if (this.merchantsById.size >= MERCHANTS_KEPT) this.forgetMerchants();
    deepFreeze(account);
    this.merchantsById.set(account.merchant_id, account);
    this.merchantIdsByKey.set(account.publishable_key, account.merchant_id);
    return account;
  }

  apiKeyByHash(hash: string): ApiKeyRecord | null {
    return parse(this.statements.getApiKeyByHash.get(hash) as Row | undefined);
  }
  apiKey(merchantId: string, keyId: string): ApiKeyRecord | null {
    return parse(this.statements.getApiKey.get(merchantId, keyId) as Row | undefined);
  }
  insertApiKey(key: ApiKeyRecord, hash: string): void {
    this.statements.insertApiKey.run(key.key_id, key.merchant_id, hash, JSON.stringify(key));
  }
  updateApiKey(key: ApiKeyRecord): void {
    this.statements.updateApiKey.run(JSON.stringify(key), key.key_id);
  }
  apiKeys(merchantId: string, limit: number, skip: number): ApiKeyRecord[] {
    return (this.statements.listApiKeys.all(merchantId, limit, skip) as Row[]).map((row) => JSON.parse(row.doc));
  }

  customer(merchantId: string, customerId: string): Customer | null {
    return parse(this.statements.getCustomer.get(merchantId, customerId) as Row | undefined);
  }
  putCustomer(customer: Customer): void {
    this.statements.putCustomer.run(customer.merchant_id, customer.customer_id, JSON.stringify(customer));
  }

  payment(merchantId: string, paymentId: string): Payment | null {
    return parse(this.statements.getPayment.get(merchantId, paymentId) as Row | undefined);
  }
  /**
   * A merchant's payments, newest first (`GET /payments/list`): `where` narrows them (members of the
   * stored document compared with a value), `after`/`before` start below or above another of the
   * merchant's payments (by creation order). `before` pages backwards: the `limit` payments just
   * newer than it, still newest first.
   */
  listPayments(merchantId: string, where: DocFilter[], page: { after?: string; before?: string; limit: number }): Payment[] {
    const clauses = ['merchant_id = ?', ...where.map(docClause)];
    const params: unknown[] = [merchantId, ...where.flatMap(docParams)];
    for (const [anchor, op] of [[page.after, '<'], [page.before, '>']] as const) {
      if (anchor === undefined) continue;
      clauses.push(`rowid ${op} (SELECT rowid FROM payments WHERE merchant_id = ? AND payment_id = ?)`);
      params.push(merchantId, anchor);
    }
    const order = page.before !== undefined ? 'ASC' : 'DESC';
    const rows = this.cached(`SELECT doc FROM payments WHERE ${clauses.join(' AND ')} ORDER BY rowid ${order} LIMIT ?`).all(...params, page.limit) as Row[];
    const payments = rows.map((row) => JSON.parse(row.doc) as Payment);
    return order === 'ASC' ? payments.reverse() : payments;
  }
  insertPayment(payment: Payment): void {
    this.statements.insertPayment.run(
      payment.merchant_id,
      payment.payment_id,
      payment.status,
      payment.settlement?.at ?? null,
      JSON.stringify(payment),
    );
  }
  updatePayment(payment: Payment): void {
    this.statements.updatePayment.run(
      payment.status,
      payment.settlement?.at ?? null,
      JSON.stringify(payment),
      payment.merchant_id,
      payment.payment_id,
    );
  }
  /** Payments whose pending settlement is due at `now` (ms). */
  duePayments(now: number): { merchant_id: string; payment_id: string }[] {
    return this.statements.duePayments.all(now) as { merchant_id: string; payment_id: string }[];
  }

  attempt(merchantId: string, paymentId: string, attemptNumber: number): Attempt | null {
    return parse(this.statements.getAttempt.get(merchantId, paymentId, attemptNumber) as Row | undefined);
  }
  putAttempt(attempt: Attempt): void {
    this.statements.putAttempt.run(attempt.merchant_id, attempt.payment_id, attempt.attempt_number, JSON.stringify(attempt));
  }
  attempts(merchantId: string, paymentId: string): Attempt[] {
    return (this.statements.listAttempts.all(merchantId, paymentId) as Row[]).map((row) => JSON.parse(row.doc));
  }

  refund(merchantId: string, refundId: string): Refund | null {
    return parse(this.statements.getRefund.get(merchantId, refundId) as Row | undefined);
  }
  putRefund(refund: Refund): void {
    this.refundedPayments().add(refundKey(refund.merchant_id, refund.payment_id));
    this.statements.putRefund.run(refund.merchant_id, refund.refund_id, refund.payment_id, refund.settlement?.at ?? null, JSON.stringify(refund));
  }
  /** A payment's refunds, oldest first (none without a query when the payment was never refunded). */
  refundsOfPayment(merchantId: string, paymentId: string): Refund[] {
    if (!this.refundedPayments().has(refundKey(merchantId, paymentId))) return [];
    return (this.statements.refundsOfPayment.all(merchantId, paymentId) as Row[]).map((row) => JSON.parse(row.doc));
  }
  private refundedPayments(): Set<string> {
    if (this.refunded) return this.refunded;
    const rows = this.db.prepare('SELECT DISTINCT merchant_id, payment_id FROM refunds').all() as { merchant_id: string; payment_id: string }[];
    this.refunded = new Set(rows.map((row) => refundKey(row.merchant_id, row.payment_id)));
    return this.refunded;
  }
  /** A merchant's refunds, newest first (`POST /refunds/list`), narrowed by `where`, and how many match in all. */
  listRefunds(merchantId: string, where: DocFilter[], page: { limit: number; offset: number }): { refunds: Refund[]; total: number } {
    const clause = ['merchant_id = ?', ...where.map(docClause)].join(' AND ');
    const params: unknown[] = [merchantId, ...where.flatMap(docParams)];
    const rows = this.cached(`SELECT doc FROM refunds WHERE ${clause} ORDER BY rowid DESC LIMIT ? OFFSET ?`).all(...params, page.limit, page.offset) as Row[];
    const { total } = this.cached(`SELECT COUNT(*) AS total FROM refunds WHERE ${clause}`).get(...params) as { total: number };
    return { refunds: rows.map((row) => JSON.parse(row.doc) as Refund), total };
  }
  dueRefunds(now: number): { merchant_id: string; refund_id: string }[] {
    return this.statements.dueRefunds.all(now) as { merchant_id: string; refund_id: string }[];
  }
  /** The stored status of a payment (cheaper than the whole record). */
  paymentStatus(merchantId: string, paymentId: string): string | null {
    return (this.statements.paymentStatus.get(merchantId, paymentId) as { status: string } | undefined)?.status ?? null;
  }

  insertEvent(event: Pick<WebhookEvent, 'event_id' | 'merchant_id' | 'event_type' | 'body' | 'next_attempt_at' | 'created_at'>): void {
    this.statements.insertEvent.run(event.event_id, event.merchant_id, event.event_type, event.body, event.next_attempt_at, event.created_at);
  }
  dueEvents(now: number, limit: number): WebhookEvent[] {
    return this.statements.dueEvents.all(now, limit) as WebhookEvent[];
  }
  markEventDelivered(eventId: string, at: number): void {
    this.statements.markDelivered.run(at, eventId);
  }
  markEventFailed(eventId: string, nextAttemptAt: number, error: string, abandonedAt: number | null): void {
    this.statements.markFailed.run(nextAttemptAt, error, abandonedAt, eventId);
  }
  eventsOfMerchant(merchantId: string): WebhookEvent[] {
    return this.statements.eventsOfMerchant.all(merchantId) as WebhookEvent[];
  }

  /** A customer's mandates, oldest first. */
  mandatesOfCustomer(merchantId: string, customerId: string): Mandate[] {
    return (this.statements.mandatesOfCustomer.all(merchantId, customerId) as Row[]).map((row) => JSON.parse(row.doc));
  }
  /** The customer of a merchant that has the saved payment method `paymentMethodId`, or null. */
  customerWithPaymentMethod(merchantId: string, paymentMethodId: string): Customer | null {
    return parse(this.statements.customerWithPaymentMethod.get(merchantId, paymentMethodId) as Row | undefined);
  }

  /** A statement built from a query this class composed (list filters), prepared once per text. */
  private cached(sql: string): Database.Statement {
    let statement = this.composed.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.composed.set(sql, statement);
    }
    return statement;
  }

  /** A saved-card token (by the hash of its value): what it is bound to and until when. Expired ones are dropped first. */
  insertPaymentToken(token: PaymentTokenRecord, now: number): void {
    this.statements.deleteExpiredPaymentTokens.run(now);
    this.statements.insertPaymentToken.run(token.token_hash, token.merchant_id, token.payment_id, token.customer_id, token.payment_method_id, token.expires_at);
  }
  paymentToken(tokenHash: string): PaymentTokenRecord | null {
    return (this.statements.getPaymentToken.get(tokenHash) as PaymentTokenRecord | undefined) ?? null;
  }

  mandate(merchantId: string, mandateId: string): Mandate | null {
    return parse(this.statements.getMandate.get(mandateId, merchantId) as Row | undefined);
  }
  putMandate(mandate: Mandate): void {
    this.statements.putMandate.run(mandate.mandate_id, mandate.merchant_id, JSON.stringify(mandate));
  }
}
