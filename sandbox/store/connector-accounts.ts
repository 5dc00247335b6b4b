/**
 * The connector accounts table (store/db.ts, migration 6): one JSON document per account, with its
 * merchant, profile and label beside it (a label is unique within a profile). A deleted account's
 * row is deleted, as upstream's is.
 */
import type Database from 'better-sqlite3';
import type { ConnectorAccount } from '../domain/types.js';
import { perDatabase, type Db } from './db.js';

type Row = { doc: string };
const parse = (row: Row | undefined): ConnectorAccount | null => (row ? (JSON.parse(row.doc) as ConnectorAccount) : null);

export class ConnectorAccountQueries {
  private readonly statements: Record<'get' | 'ofMerchant' | 'ofProfile' | 'byLabel' | 'insert' | 'update' | 'delete', Database.Statement>;

  constructor(db: Db) {
    this.statements = {
      get: db.prepare('SELECT doc FROM connector_accounts WHERE merchant_connector_id = ? AND merchant_id = ?'),
      ofMerchant: db.prepare('SELECT doc FROM connector_accounts WHERE merchant_id = ? ORDER BY rowid'),
      ofProfile: db.prepare('SELECT doc FROM connector_accounts WHERE profile_id = ? ORDER BY rowid'),
      byLabel: db.prepare('SELECT doc FROM connector_accounts WHERE profile_id = ? AND connector_label = ?'),
      insert: db.prepare('INSERT INTO connector_accounts (merchant_connector_id, merchant_id, profile_id, connector_label, doc) VALUES (?, ?, ?, ?, ?)'),
      update: db.prepare('UPDATE connector_accounts SET connector_label = ?, doc = ? WHERE merchant_connector_id = ?'),
      delete: db.prepare('DELETE FROM connector_accounts WHERE merchant_connector_id = ? AND merchant_id = ?'),
    };
  }

  /** One of the merchant's accounts by its id. */
  account(merchantId: string, id: string): ConnectorAccount | null {
    return parse(this.statements.get.get(id, merchantId) as Row | undefined);
  }

  /** The merchant's accounts, oldest first. */
  ofMerchant(merchantId: string): ConnectorAccount[] {
    return (this.statements.ofMerchant.all(merchantId) as Row[]).map((row) => JSON.parse(row.doc) as ConnectorAccount);
  }

  /** A profile's accounts, oldest first. */
  ofProfile(profileId: string): ConnectorAccount[] {
    return (this.statements.ofProfile.all(profileId) as Row[]).map((row) => JSON.parse(row.doc) as ConnectorAccount);
  }

  /** The account of a profile with this label. */
  byLabel(profileId: string, label: string): ConnectorAccount | null {
    return parse(this.statements.byLabel.get(profileId, label) as Row | undefined);
  }

  insert(account: ConnectorAccount): void {
    this.statements.insert.run(account.merchant_connector_id, account.merchant_id, account.profile_id, account.connector_label, JSON.stringify(account));
  }

  update(account: ConnectorAccount): void {
    this.statements.update.run(account.connector_label, JSON.stringify(account), account.merchant_connector_id);
  }

  /** Deletes one of the merchant's accounts; false when it has none by that id. */
  delete(merchantId: string, id: string): boolean {
    return this.statements.delete.run(id, merchantId).changes > 0;
  }
}

/** The table's queries, one set per database (the payment engine reads it too). */
export const connectorAccountQueries = perDatabase((db) => new ConnectorAccountQueries(db));
