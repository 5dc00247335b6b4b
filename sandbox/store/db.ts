import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Migrations, applied in order once each. Records are JSON documents with the columns that
 * queries, uniqueness and concurrency need pulled out beside them. Attempts (small rows) are a
 * WITHOUT ROWID table clustered on their key; payments (2 KB documents) are not, as SQLite advises
 * for large rows. Card numbers and CVCs have no
 * column and never reach a document (the domain builds documents from masked fields only).
 */
const MIGRATIONS: string[] = [
  `CREATE TABLE organizations (
     organization_id TEXT PRIMARY KEY,
     doc TEXT NOT NULL
   );
   CREATE TABLE merchants (
     merchant_id TEXT PRIMARY KEY,
     publishable_key TEXT NOT NULL UNIQUE,
     doc TEXT NOT NULL
   );
   CREATE TABLE api_keys (
     key_id TEXT PRIMARY KEY,
     merchant_id TEXT NOT NULL REFERENCES merchants(merchant_id),
     key_hash TEXT NOT NULL UNIQUE,
     doc TEXT NOT NULL
   );
   CREATE INDEX api_keys_by_merchant ON api_keys(merchant_id);
   CREATE TABLE customers (
     merchant_id TEXT NOT NULL REFERENCES merchants(merchant_id),
     customer_id TEXT NOT NULL,
     doc TEXT NOT NULL,
     PRIMARY KEY (merchant_id, customer_id)
   );
   CREATE TABLE payments (
     merchant_id TEXT NOT NULL REFERENCES merchants(merchant_id),
     payment_id TEXT NOT NULL,
     status TEXT NOT NULL,
     settle_at INTEGER,
     doc TEXT NOT NULL,
     PRIMARY KEY (merchant_id, payment_id)
   );
   CREATE INDEX payments_to_settle ON payments(settle_at) WHERE settle_at IS NOT NULL;
   CREATE INDEX payments_by_id ON payments(payment_id);
   CREATE TABLE attempts (
     merchant_id TEXT NOT NULL,
     payment_id TEXT NOT NULL,
     attempt_number INTEGER NOT NULL,
     doc TEXT NOT NULL,
     PRIMARY KEY (merchant_id, payment_id, attempt_number)
   ) WITHOUT ROWID;
   CREATE TABLE mandates (
     mandate_id TEXT PRIMARY KEY,
     merchant_id TEXT NOT NULL REFERENCES merchants(merchant_id),
     doc TEXT NOT NULL
   );`,
  `CREATE TABLE refunds (
     merchant_id TEXT NOT NULL REFERENCES merchants(merchant_id),
     refund_id TEXT NOT NULL,
     payment_id TEXT NOT NULL,
     settle_at INTEGER,
     doc TEXT NOT NULL,
     PRIMARY KEY (merchant_id, refund_id)
   );
   CREATE INDEX refunds_by_payment ON refunds(merchant_id, payment_id);
   CREATE INDEX refunds_to_settle ON refunds(settle_at) WHERE settle_at IS NOT NULL;
   CREATE TABLE webhook_outbox (
     event_id TEXT PRIMARY KEY,
     merchant_id TEXT NOT NULL REFERENCES merchants(merchant_id),
     event_type TEXT NOT NULL,
     body TEXT NOT NULL,
     attempts INTEGER NOT NULL DEFAULT 0,
     next_attempt_at INTEGER NOT NULL,
     delivered_at INTEGER,
     abandoned_at INTEGER,
     last_error TEXT,
     created_at INTEGER NOT NULL
   );
   CREATE INDEX webhook_outbox_due ON webhook_outbox(next_attempt_at) WHERE delivered_at IS NULL AND abandoned_at IS NULL;`,
  // saved-card tokens (domain/saved-methods.ts): only a SHA-256 of each token is kept, bound to its
  // payment, customer and saved card, and it lapses with the payment's client secret
  `CREATE TABLE payment_tokens (
     token_hash TEXT PRIMARY KEY,
     merchant_id TEXT NOT NULL REFERENCES merchants(merchant_id),
     payment_id TEXT NOT NULL,
     customer_id TEXT NOT NULL,
     payment_method_id TEXT NOT NULL,
     expires_at INTEGER NOT NULL
   ) WITHOUT ROWID;
   CREATE INDEX payment_tokens_by_expiry ON payment_tokens(expires_at);`,
  // business profiles (domain/profiles.ts, store/profiles.ts): ids are global, as upstream's; a name
  // is unique among a merchant's live profiles (upstream's business_profile_merchant_id_profile_name_index).
  // A deleted profile stays as a row marked deleted: a merchant with no row at all was stored before
  // profiles existed, and gets its default profile on first use.
  `CREATE TABLE profiles (
     profile_id TEXT PRIMARY KEY,
     merchant_id TEXT NOT NULL REFERENCES merchants(merchant_id),
     profile_name TEXT NOT NULL,
     deleted INTEGER NOT NULL DEFAULT 0,
     doc TEXT NOT NULL
   );
   CREATE INDEX profiles_by_merchant ON profiles(merchant_id);
   CREATE UNIQUE INDEX profiles_by_name ON profiles(merchant_id, profile_name) WHERE deleted = 0;`,
  // connector accounts (domain/connector-accounts.ts, store/connector-accounts.ts): one JSON document
  // per account, its credentials masked; a label is unique within its profile (upstream's
  // merchant_connector_account_profile_id_connector_label_index). Deleted accounts are deleted.
  `CREATE TABLE connector_accounts (
     merchant_connector_id TEXT PRIMARY KEY,
     merchant_id TEXT NOT NULL REFERENCES merchants(merchant_id),
     profile_id TEXT NOT NULL,
     connector_label TEXT NOT NULL,
     doc TEXT NOT NULL
   );
   CREATE INDEX connector_accounts_by_merchant ON connector_accounts(merchant_id);
   CREATE UNIQUE INDEX connector_accounts_by_label ON connector_accounts(profile_id, connector_label);`,
  // the admin key's configs (domain/configs.ts): upstream's key-value table, keys global
  `CREATE TABLE configs (
     key TEXT PRIMARY KEY,
     value TEXT NOT NULL
   );`,
  // ephemeral keys (domain/ephemeral-keys.ts): a customer's short-lived key, its secret kept as a hash only
  `CREATE TABLE ephemeral_keys (
     id TEXT PRIMARY KEY,
     merchant_id TEXT NOT NULL REFERENCES merchants(merchant_id),
     customer_id TEXT NOT NULL,
     secret_hash TEXT NOT NULL UNIQUE,
     created_at INTEGER NOT NULL,
     expires INTEGER NOT NULL
   );`,
  // payment-method collect links (domain/collect-links.ts): a page where a customer saves a card
  `CREATE TABLE collect_links (
     link_id TEXT PRIMARY KEY,
     merchant_id TEXT NOT NULL REFERENCES merchants(merchant_id),
     doc TEXT NOT NULL
   );`,
  // the merchant's blocklist (domain/card-blocking.ts): card BINs, six or eight digits, never a card number
  `CREATE TABLE blocklist (
     merchant_id TEXT NOT NULL REFERENCES merchants(merchant_id),
     fingerprint_id TEXT NOT NULL,
     data_kind TEXT NOT NULL,
     created_at TEXT NOT NULL,
     PRIMARY KEY (merchant_id, fingerprint_id)
   );`,
];

export type Db = Database.Database;

/** One `make(db)` per database, made on first use (a table's prepared queries, shared by its callers). */
export function perDatabase<T>(make: (db: Db) => T): (db: Db) => T {
  const made = new WeakMap<Db, T>();
  return (db) => {
    let value = made.get(db);
    if (value === undefined) {
      value = make(db);
      made.set(db, value);
    }
    return value;
  };
}

/**
 * How long a write waits for the write lock (the checkpointer's worker holds it while it truncates
 * the log). SQLite counts this time in the sleeps of its busy handler, and a signal cuts a sleep
 * short (the CPU profiler's SIGPROF, every millisecond): Store.transaction() therefore tries again
 * until this much real time has passed.
 */
export const BUSY_TIMEOUT_MS = 5000;

/** SQLite's SQLITE_BUSY (and its extended codes): another connection holds the lock it needs. */
export const isBusy = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && String((error as { code?: unknown }).code).startsWith('SQLITE_BUSY');

/** Opens (creating when needed) the sandbox database and brings its schema up to date. */
export function openDatabase(path: string): Db {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  // 8 KB pages (new files only: a WAL database keeps the size it was made with). A payment's
  // document is about 2 KB and grows at confirm; with 4 KB pages its page was rebalanced with its
  // neighbours on nearly every confirm (8–9 pages of log per confirm): 8 KB pages cost about 10 %
  // less CPU per confirm (docs/decisions/0095).
  db.pragma('page_size = 8192');
  // WAL: readers never block the writer. NORMAL: a committed transaction survives a crash of the
  // process (kill -9); only an OS crash or power loss may lose the last few (docs/decisions/0002).
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  // Checkpoints run in a worker thread (store/checkpointer.ts), off the request path.
  if (path !== ':memory:') db.pragma('wal_autocheckpoint = 0');
  migrate(db);
  return db;
}

function migrate(db: Db): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  for (let version = current; version < MIGRATIONS.length; version += 1) {
    db.transaction(() => {
      db.exec(MIGRATIONS[version] as string);
      db.pragma(`user_version = ${version + 1}`);
    }).immediate();
  }
}
