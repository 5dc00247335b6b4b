/**
 * Delivers queued webhook events (the `webhook_outbox` table) to each merchant's `webhook_url`:
 * basic auth from `webhook_username`/`webhook_password`, an HMAC-SHA512 signature of the body with
 * `payment_response_hash_key` when `enable_payment_response_hash` is on, retries with exponential
 * back-off while the receiver is down, slow or failing. Events survive restarts (they are rows),
 * so delivery is at least once; every attempt of an event carries the same `event_id` and body.
 */
import { createHmac } from 'node:crypto';
import type { Store } from '../store/repo.js';
import type { WebhookEvent } from '../domain/types.js';

export interface DeliveryOptions {
  /** How often the outbox is looked at (ms). */
  everyMs?: number;
  /** How long a receiver may take to answer (ms). */
  timeoutMs?: number;
  /** Back-off: base × 2^(attempts − 1), capped at maxDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** After this many failed attempts the event is marked abandoned (it stays in the table). */
  maxAttempts?: number;
  fetch?: typeof fetch;
  now?: () => number;
  log?: ((line: string) => void) | null;
}

export const SIGNATURE_HEADER = 'x-webhook-signature-512';

/** The signature a merchant recomputes: HMAC-SHA512 of the raw body with its hash key, hex. */
export const signWebhookBody = (body: string, key: string): string => createHmac('sha512', key).update(body).digest('hex');

export class WebhookDeliverer {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private readonly options: Required<Omit<DeliveryOptions, 'log'>> & { log: DeliveryOptions['log'] };

  constructor(
    private readonly store: Store,
    options: DeliveryOptions = {},
  ) {
    this.options = {
      everyMs: options.everyMs ?? 200,
      timeoutMs: options.timeoutMs ?? 5000,
      baseDelayMs: options.baseDelayMs ?? 1000,
      maxDelayMs: options.maxDelayMs ?? 5 * 60 * 1000,
      maxAttempts: options.maxAttempts ?? 20,
      fetch: options.fetch ?? globalThis.fetch,
      now: options.now ?? Date.now,
      log: options.log ?? null,
    };
  }

  start(): void {
    this.timer ??= setInterval(() => void this.runOnce(), this.options.everyMs);
    this.timer.unref();
  }

  /** Stops looking at the outbox and waits for deliveries under way. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Sends every due event once (in parallel); returns how many were delivered. One run at a time. */
  runOnce(): Promise<number> {
    this.running ??= (async () => {
      try {
        // an event written in this turn's batch is sent once that batch is committed (Store.enableGroupCommit)
        for (let pending = this.store.batchSettled(); pending; pending = this.store.batchSettled()) await pending;
        const due = this.store.dueEvents(this.options.now(), 50);
        const results = await Promise.all(due.map((event) => this.deliver(event)));
        return results.filter(Boolean).length;
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  private async deliver(event: WebhookEvent): Promise<boolean> {
    const merchant = this.store.merchant(event.merchant_id);
    const details = merchant?.webhook_details;
    if (!merchant || !details?.webhook_url) return this.failed(event, 'no webhook_url is configured');
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'user-agent': 'tender-sandbox-webhooks/1',
      'x-webhook-event-id': event.event_id,
      'x-webhook-event-type': event.event_type,
    };
    if (details.webhook_username != null || details.webhook_password != null) {
      const credentials = `${details.webhook_username ?? ''}:${details.webhook_password ?? ''}`;
      headers.authorization = `Basic ${Buffer.from(credentials).toString('base64')}`;
    }
    if (merchant.enable_payment_response_hash) {
      headers[SIGNATURE_HEADER] = signWebhookBody(event.body, merchant.payment_response_hash_key);
      headers['x-webhook-signature-algorithm'] = 'HMAC-SHA512';
    }
    try {
      const response = await this.options.fetch(details.webhook_url, {
        method: 'POST',
        headers,
        body: event.body,
        signal: AbortSignal.timeout(this.options.timeoutMs),
        redirect: 'manual',
      });
      await response.body?.cancel();
      if (response.status >= 200 && response.status < 300) {
        this.store.markEventDelivered(event.event_id, this.options.now());
        return true;
      }
      return this.failed(event, `the receiver answered HTTP ${response.status}`);
    } catch (error) {
      const reason = error instanceof Error && error.name === 'TimeoutError' ? `no answer within ${this.options.timeoutMs} ms` : 'the receiver could not be reached';
      return this.failed(event, reason);
    }
  }

  private failed(event: WebhookEvent, reason: string): false {
    const attempts = event.attempts + 1;
    const now = this.options.now();
    const delay = Math.min(this.options.baseDelayMs * 2 ** (attempts - 1), this.options.maxDelayMs);
    const abandoned = attempts >= this.options.maxAttempts ? now : null;
    this.store.markEventFailed(event.event_id, now + delay, reason, abandoned);
    this.options.log?.(`webhook ${event.event_id} (${event.event_type}) attempt ${attempts} failed: ${reason}${abandoned ? '; abandoned' : ''}`);
    return false;
  }
}
