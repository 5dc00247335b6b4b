/**
 * `webhook_details` of merchant accounts and business profiles: as stored from a request, merged by
 * an update (members not sent keep their value), and as the API shows it.
 */
import type { MerchantAccountCreate } from '../../src/api/admin.js';
import type { WebhookDetails } from './types.js';

/** `webhook_details` as a request sends it (the same schema on accounts and profiles). */
export type WebhookDetailsBody = NonNullable<MerchantAccountCreate['webhook_details']>;

export function mergeWebhookDetails(
  current: WebhookDetails | null,
  update: WebhookDetailsBody,
): WebhookDetails {
  const next = webhookDetails(update);
  if (!current) return next;
  for (const member of Object.keys(next) as (keyof WebhookDetails)[]) {
    if (update[member] === undefined) (next as unknown as Record<string, unknown>)[member] = current[member];
  }
  return next;
}

export function webhookDetails(details: WebhookDetailsBody): WebhookDetails {
  return {
    webhook_version: details.webhook_version ?? null,
    webhook_username: details.webhook_username ?? null,
    webhook_password: details.webhook_password ?? null,
    webhook_url: details.webhook_url ?? null,
    payment_created_enabled: details.payment_created_enabled ?? null,
    payment_succeeded_enabled: details.payment_succeeded_enabled ?? null,
    payment_failed_enabled: details.payment_failed_enabled ?? null,
    payment_statuses_enabled: details.payment_statuses_enabled ?? null,
    refund_statuses_enabled: details.refund_statuses_enabled ?? null,
    payout_statuses_enabled: details.payout_statuses_enabled ?? null,
  };
}

/**
 * `webhook_details` as the API shows it. Upstream's response always has the two status lists; when
 * the merchant has not set them they name the payment statuses the sandbox sends events for (the
 * `payment_succeeded_enabled` and `payment_failed_enabled` switches) and no refund status (the
 * sandbox sends no refund events).
 */
export function webhookDetailsResponse(details: WebhookDetails) {
  const fromSwitches = [
    ...(details.payment_succeeded_enabled ? ['succeeded'] : []),
    ...(details.payment_failed_enabled ? ['failed'] : []),
  ];
  return {
    ...details,
    payment_statuses_enabled: details.payment_statuses_enabled ?? fromSwitches,
    refund_statuses_enabled: details.refund_statuses_enabled ?? [],
    payout_statuses_enabled: details.payout_statuses_enabled ?? null,
  };
}

