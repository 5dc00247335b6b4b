/** The collect_links table (store/db.ts, migration 9): payment-method collect links (domain/collect-links.ts). */
import type Database from 'better-sqlite3';
import type { CollectLink } from '../domain/types.js';
import { perDatabase, type Db } from './db.js';

export class CollectLinkQueries {
  private readonly statements: Record<'get' | 'insert' | 'update', Database.Statement>;

  constructor(db: Db) {
    this.statements = {
      get: db.prepare('SELECT doc FROM collect_links WHERE link_id = ? AND merchant_id = ?'),
      insert: db.prepare('INSERT INTO collect_links (link_id, merchant_id, doc) VALUES (?, ?, ?)'),
      update: db.prepare('UPDATE collect_links SET doc = ? WHERE link_id = ?'),
    };
  }

  /** One of the merchant's links, or null. */
  link(merchantId: string, linkId: string): CollectLink | null {
    const row = this.statements.get.get(linkId, merchantId) as { doc: string } | undefined;
    return row ? (JSON.parse(row.doc) as CollectLink) : null;
  }

  /** Adds a link; false when its id is taken (by any merchant: the id names the link alone). */
  insert(link: CollectLink): boolean {
    try {
      this.statements.insert.run(link.pm_collect_link_id, link.merchant_id, JSON.stringify(link));
      return true;
    } catch (error) {
      if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_PRIMARYKEY') return false;
      throw error;
    }
  }

  update(link: CollectLink): void {
    this.statements.update.run(JSON.stringify(link), link.pm_collect_link_id);
  }
}

/** The table's queries, one set per database. */
export const collectLinkQueries = perDatabase((db) => new CollectLinkQueries(db));
