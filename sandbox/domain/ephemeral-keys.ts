/**
 * Ephemeral keys, as upstream's crates/router/src/core/payment_methods/cards.rs and routes/
 * ephemeral_key.rs @ d1688907 make them (`POST /ephemeral_keys`, `DELETE /ephemeral_keys/{id}`, the
 * merchant's secret key; ids `eki_`, secrets `epk_` and 32 hex digits): a key for one customer,
 * valid for an hour (upstream's default
 * `eph_key.validity`), that a browser sends as its `api-key` (`epk_…`) to read that customer and its
 * saved payment methods. Upstream's key authenticates as its merchant, any customer; the sandbox's
 * reads its own customer only. Its secret is kept as a SHA-256 only, as the API keys' are, so the
 * answer to a delete has no `secret`.
 */
import { hashApiKey } from './api-keys.js';
import { apiError } from './errors.js';
import { newEphemeralKeyId, newEphemeralKeySecret } from './ids.js';
import { ephemeralKeyQueries, type StoredEphemeralKey } from '../store/ephemeral-keys.js';
import type { Store } from '../store/repo.js';

/** Upstream's default validity (config `[eph_key] validity`, in hours). */
const VALIDITY_S = 3600;

export type EphemeralKey = StoredEphemeralKey & { secret: string };

export class EphemeralKeyService {
  constructor(
    private readonly store: Store,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * POST /ephemeral_keys: a key for a customer id of the merchant's. As upstream's make_ephemeral_key,
   * the customer need not exist yet: reading it with the key answers what reading it does (404 HE_02
   * while there is none, 400 IR_11 once deleted).
   */
  create(merchantId: string, customerId: string): EphemeralKey {
    return this.store.transaction(() => {
      const createdAt = Math.floor(this.now() / 1000);
      const key: StoredEphemeralKey = { id: newEphemeralKeyId(), merchant_id: merchantId, customer_id: customerId, created_at: createdAt, expires: createdAt + VALIDITY_S };
      const secret = newEphemeralKeySecret();
      ephemeralKeyQueries(this.store.db).insert(key, hashApiKey(secret));
      return { ...key, secret };
    });
  }

  /** DELETE /ephemeral_keys/{id}: the key, deleted (one the merchant does not have: 404 HE_02). */
  delete(merchantId: string, id: string): StoredEphemeralKey {
    return this.store.transaction(() => {
      const key = ephemeralKeyQueries(this.store.db).key(merchantId, id);
      if (!key) throw apiError('ephemeralKeyNotFound');
      ephemeralKeyQueries(this.store.db).delete(merchantId, id);
      return key;
    });
  }
}

/** The live key a secret names, or null (unknown, or expired). */
export function ephemeralKeyOf(store: Store, secret: string, nowMs: number): StoredEphemeralKey | null {
  const key = ephemeralKeyQueries(store.db).bySecretHash(hashApiKey(secret));
  return key && key.expires * 1000 > nowMs ? key : null;
}
