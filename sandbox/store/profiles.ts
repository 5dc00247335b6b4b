/**
 * The business profiles table (store/db.ts, migration 4): one JSON document per profile, with the
 * merchant, the name (unique among the merchant's live profiles) and a deleted mark beside it. A
 * deleted profile keeps its row, so that a merchant without any row is one stored before profiles
 * existed (domain/profiles.ts gives it its default profile on first use).
 */
import type Database from 'better-sqlite3';
import type { BusinessProfile } from '../domain/types.js';
import type { Db } from './db.js';

type Row = { doc: string };
const parse = (row: Row | undefined): BusinessProfile | null => (row ? (JSON.parse(row.doc) as BusinessProfile) : null);

export class ProfileQueries {
  private readonly statements: Record<'get' | 'byName' | 'ofMerchant' | 'anyRow' | 'idTaken' | 'insert' | 'update' | 'markDeleted', Database.Statement>;

  constructor(db: Db) {
    this.statements = {
      get: db.prepare('SELECT doc FROM profiles WHERE profile_id = ? AND deleted = 0'),
      byName: db.prepare('SELECT doc FROM profiles WHERE merchant_id = ? AND profile_name = ? AND deleted = 0'),
      ofMerchant: db.prepare('SELECT doc FROM profiles WHERE merchant_id = ? AND deleted = 0 ORDER BY rowid'),
      anyRow: db.prepare('SELECT 1 FROM profiles WHERE merchant_id = ? LIMIT 1'),
      idTaken: db.prepare('SELECT 1 FROM profiles WHERE profile_id = ?'),
      insert: db.prepare('INSERT INTO profiles (profile_id, merchant_id, profile_name, doc) VALUES (?, ?, ?, ?)'),
      update: db.prepare('UPDATE profiles SET profile_name = ?, doc = ? WHERE profile_id = ? AND deleted = 0'),
      markDeleted: db.prepare('UPDATE profiles SET deleted = 1 WHERE profile_id = ? AND merchant_id = ? AND deleted = 0'),
    };
  }

  /** A live profile by its id, whichever merchant's. */
  profile(profileId: string): BusinessProfile | null {
    return parse(this.statements.get.get(profileId) as Row | undefined);
  }

  /** A merchant's live profile by name. */
  byName(merchantId: string, profileName: string): BusinessProfile | null {
    return parse(this.statements.byName.get(merchantId, profileName) as Row | undefined);
  }

  /** A merchant's live profiles, oldest first. */
  ofMerchant(merchantId: string): BusinessProfile[] {
    return (this.statements.ofMerchant.all(merchantId) as Row[]).map((row) => JSON.parse(row.doc) as BusinessProfile);
  }

  /** Whether the merchant has, or ever had, a profile. */
  hasAny(merchantId: string): boolean {
    return this.statements.anyRow.get(merchantId) !== undefined;
  }

  /** Whether any row, live or deleted, has this id (ids are never reused). */
  idTaken(profileId: string): boolean {
    return this.statements.idTaken.get(profileId) !== undefined;
  }

  insert(profile: BusinessProfile): void {
    this.statements.insert.run(profile.profile_id, profile.merchant_id, profile.profile_name, JSON.stringify(profile));
  }

  update(profile: BusinessProfile): void {
    this.statements.update.run(profile.profile_name, JSON.stringify(profile), profile.profile_id);
  }

  /** Marks the merchant's live profile deleted; false when it has none by that id. */
  markDeleted(merchantId: string, profileId: string): boolean {
    return this.statements.markDeleted.run(profileId, merchantId).changes > 0;
  }
}
