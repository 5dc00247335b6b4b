/** The ephemeral keys table (store/db.ts, migration 8): a customer's short-lived keys, each secret as its SHA-256 only. */
import type Database from 'better-sqlite3';
import { perDatabase, type Db } from './db.js';

/** An ephemeral key as stored: never its secret. */
export interface StoredEphemeralKey {
  id: string;
  merchant_id: string;
  customer_id: string;
  /** Unix seconds, as upstream's EphemeralKey. */
  created_at: number;
  expires: number;
}

export class EphemeralKeyQueries {
  private readonly statements: Record<'insert' | 'bySecret' | 'get' | 'delete', Database.Statement>;

  constructor(db: Db) {
    const columns = 'id, merchant_id, customer_id, created_at, expires';
    this.statements = {
      insert: db.prepare('INSERT INTO ephemeral_keys (id, merchant_id, customer_id, secret_hash, created_at, expires) VALUES (?, ?, ?, ?, ?, ?)'),
      bySecret: db.prepare(`SELECT ${columns} FROM ephemeral_keys WHERE secret_hash = ?`),
      get: db.prepare(`SELECT ${columns} FROM ephemeral_keys WHERE id = ? AND merchant_id = ?`),
      delete: db.prepare('DELETE FROM ephemeral_keys WHERE id = ? AND merchant_id = ?'),
    };
  }

  insert(key: StoredEphemeralKey, secretHash: string): void {
    this.statements.insert.run(key.id, key.merchant_id, key.customer_id, secretHash, key.created_at, key.expires);
  }

  bySecretHash(hash: string): StoredEphemeralKey | null {
    return (this.statements.bySecret.get(hash) as StoredEphemeralKey | undefined) ?? null;
  }

  key(merchantId: string, id: string): StoredEphemeralKey | null {
    return (this.statements.get.get(id, merchantId) as StoredEphemeralKey | undefined) ?? null;
  }

  delete(merchantId: string, id: string): void {
    this.statements.delete.run(id, merchantId);
  }
}

/** The table's queries, one set per database. */
export const ephemeralKeyQueries = perDatabase((db) => new EphemeralKeyQueries(db));
