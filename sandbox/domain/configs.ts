/**
 * The admin key's configs (`/configs`), as upstream's crates/router/src/core/configs.rs @ d1688907
 * keeps them: string values by a global key, created once (a taken key is `400 HE_01`), read,
 * replaced and deleted (an unknown key is `404 HE_02`), each answering `{key, value}`. Every config
 * is kept and answered; the sandbox reads two of upstream's keys, as its router does
 * (crates/router/src/core/payments/retry.rs):
 *
 * - `step_up_enabled_{merchant_id}`: a JSON list of connectors whose soft declines of a
 *   `no_three_ds` payment are retried once with 3-D Secure (payments/auto-retries.ts);
 * - `max_auto_retries_enabled_{merchant_id}`: the merchant's number of auto retries, before its
 *   profiles' `max_auto_retries_enabled`;
 * - `guard_blocklist_for_{merchant_id}`: `true` while the merchant's blocklist guard is on (`POST
 *   /blocklist/toggle`), which checks a profile's `payment_method_blocking` at confirm
 *   (card-blocking.ts; upstream's core/payments.rs `blocklist_guard`).
 */
import { configQueries } from '../store/configs.js';
import type { Store } from '../store/repo.js';
import { apiError } from './errors.js';

export interface Config {
  key: string;
  value: string;
}

/** A config's value, or null when there is none. */
export function configValue(store: Store, key: string): string | null {
  return configQueries(store.db).value(key);
}

export class ConfigService {
  constructor(private readonly store: Store) {}

  /** POST /configs/. */
  create(config: Config): Config {
    return this.store.transaction(() => {
      if (configValue(this.store, config.key) !== null) throw apiError('duplicateConfig');
      configQueries(this.store.db).insert(config.key, config.value);
      return { key: config.key, value: config.value };
    });
  }

  /** GET /configs/{key}. */
  read(key: string): Config {
    const value = configValue(this.store, key);
    if (value === null) throw apiError('configNotFound');
    return { key, value };
  }

  /** POST /configs/{key}. */
  update(key: string, value: string): Config {
    return this.store.transaction(() => {
      if (!configQueries(this.store.db).update(key, value)) throw apiError('configNotFound');
      return { key, value };
    });
  }

  /** DELETE /configs/{key}: the config as it was. */
  delete(key: string): Config {
    return this.store.transaction(() => {
      const config = this.read(key);
      configQueries(this.store.db).delete(key);
      return config;
    });
  }
}

/** Whether `step_up_enabled_{merchant_id}` lists the connector (a value that is no JSON list of names lists none, as upstream logs and goes on). */
export function stepUpEnabled(store: Store, merchantId: string, connector: string): boolean {
  try {
    const listed: unknown = JSON.parse(configValue(store, `step_up_enabled_${merchantId}`) ?? '[]');
    return Array.isArray(listed) && listed.includes(connector);
  } catch {
    return false;
  }
}

/** `max_auto_retries_enabled_{merchant_id}` as an integer, or null when unset or not one. */
export function merchantMaxAutoRetries(store: Store, merchantId: string): number | null {
  const value = configValue(store, `max_auto_retries_enabled_${merchantId}`);
  return value !== null && /^-?\d{1,9}$/.test(value.trim()) ? Number(value.trim()) : null;
}

/** Whether the merchant's blocklist guard is on: `guard_blocklist_for_{merchant_id}` is JSON `true` (anything else is off, as upstream's `unwrap_or(false)`). */
export function blocklistGuardEnabled(store: Store, merchantId: string): boolean {
  try {
    return JSON.parse(configValue(store, `guard_blocklist_for_${merchantId}`) ?? 'false') === true;
  } catch {
    return false;
  }
}

/** POST /blocklist/toggle (upstream's toggle_blocklist_guard_for_merchant): the guard's config written, created when missing. */
export function toggleBlocklistGuard(store: Store, merchantId: string, status: boolean): { blocklist_guard_status: 'enabled' | 'disabled' } {
  store.transaction(() => {
    const queries = configQueries(store.db);
    const key = `guard_blocklist_for_${merchantId}`;
    if (!queries.update(key, String(status))) queries.insert(key, String(status));
  });
  return { blocklist_guard_status: status ? 'enabled' : 'disabled' };
}
