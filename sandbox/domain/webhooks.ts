/** Webhook events: written to the outbox in the same transaction as the change they report. */
import { alphanumeric } from './ids.js';
import type { Store } from '../store/repo.js';
import type { MerchantAccount, WebhookEventType } from './types.js';

export const newEventId = (): string => `evt_${alphanumeric(20)}`;

/** Whether the merchant asked for this kind of event (and has somewhere to send it). */
export function wantsEvent(merchant: MerchantAccount, type: WebhookEventType): boolean {
  const details = merchant.webhook_details;
  if (!details?.webhook_url) return false;
  switch (type) {
    case 'payment_created':
      return details.payment_created_enabled === true;
    case 'payment_succeeded':
      return details.payment_succeeded_enabled === true;
    case 'payment_failed':
      return details.payment_failed_enabled === true;
  }
}

/**
 * Queues an event for delivery. The body is fixed now, so every retry sends the same bytes with
 * the same `event_id` (at-least-once delivery; receivers de-duplicate on the id).
 */
export function enqueueEvent(store: Store, merchant: MerchantAccount, type: WebhookEventType, object: unknown, now: number): string {
  const eventId = newEventId();
  const body = JSON.stringify({
    merchant_id: merchant.merchant_id,
    event_id: eventId,
    event_type: type,
    content: { type: 'payment_details', object },
    timestamp: new Date(now).toISOString(),
  });
  store.insertEvent({ event_id: eventId, merchant_id: merchant.merchant_id, event_type: type, body, next_attempt_at: now, created_at: now });
  return eventId;
}
