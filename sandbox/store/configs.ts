/** The configs table (store/db.ts, migration 7): upstream's global key-value configs (domain/configs.ts). */
import type Database from 'better-sqlite3';
import { perDatabase, type Db } from './db.js';

export class ConfigQueries {
  private readonly statements: Record<'get' | 'insert' | 'update' | 'delete', Database.Statement>;

  constructor(db: Db) {
    this.statements = {
      get: db.prepare('SELECT value FROM configs WHERE key = ?'),
      insert: db.prepare('INSERT INTO configs (key, value) VALUES (?, ?)'),
      update: db.prepare('UPDATE configs SET value = ? WHERE key = ?'),
      delete: db.prepare('DELETE FROM configs WHERE key = ?'),
    };
  }

  /** A config's value, or null when there is none. */
  value(key: string): string | null {
    return (this.statements.get.get(key) as { value: string } | undefined)?.value ?? null;
  }

  insert(key: string, value: string): void {
    this.statements.insert.run(key, value);
  }

  /** Replaces a config's value; false when there is none. */
  update(key: string, value: string): boolean {
    return this.statements.update.run(value, key).changes > 0;
  }

  delete(key: string): void {
    this.statements.delete.run(key);
  }
}

/** The table's queries, one set per database (the payment engine reads it too). */
export const configQueries = perDatabase((db) => new ConfigQueries(db));
