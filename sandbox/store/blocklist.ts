/** The blocklist table (store/db.ts, migration 10): a merchant's blocked card BINs (domain/card-blocking.ts). */
import type Database from 'better-sqlite3';
import { perDatabase, type Db } from './db.js';

/** An entry as upstream's `BlocklistResponse` answers it. */
export interface BlocklistEntry {
  fingerprint_id: string;
  data_kind: 'card_bin' | 'extended_card_bin';
  created_at: string;
}

export class BlocklistQueries {
  private readonly statements: Record<'get' | 'insert' | 'delete', Database.Statement>;

  constructor(db: Db) {
    this.statements = {
      get: db.prepare('SELECT fingerprint_id, data_kind, created_at FROM blocklist WHERE merchant_id = ? AND fingerprint_id = ?'),
      insert: db.prepare('INSERT INTO blocklist (merchant_id, fingerprint_id, data_kind, created_at) VALUES (?, ?, ?, ?)'),
      delete: db.prepare('DELETE FROM blocklist WHERE merchant_id = ? AND fingerprint_id = ?'),
    };
  }

  entry(merchantId: string, fingerprintId: string): BlocklistEntry | null {
    return (this.statements.get.get(merchantId, fingerprintId) as BlocklistEntry | undefined) ?? null;
  }

  insert(merchantId: string, entry: BlocklistEntry): void {
    this.statements.insert.run(merchantId, entry.fingerprint_id, entry.data_kind, entry.created_at);
  }

  delete(merchantId: string, fingerprintId: string): boolean {
    return this.statements.delete.run(merchantId, fingerprintId).changes > 0;
  }
}

export const blocklistQueries = perDatabase((db) => new BlocklistQueries(db));
