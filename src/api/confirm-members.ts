/**
 * What a confirm carries besides a new card, as the real service's web SDK sends it: the browser's
 * details (`browser_info`, for 3-D Secure risk checks), a saved card's token (`savedCardBody` in
 * hyperswitch-web `src/Utilities/PaymentBody.res`) and the customer's consent to keep a card
 * (`customerAcceptanceBody`; upstream's `CustomerAcceptance`). A module of the client's; the saved-cards
 * chunk builds the consent without bringing the client.
 */
import type { ClientError } from './errors.js';
import type { SavedCardsResponse } from './schemas.js';

/** The `browser_info` the API uses for 3-D Secure risk checks. */
export interface BrowserInfo {
  user_agent?: string;
  accept_header?: string;
  language?: string;
  color_depth?: number;
  screen_height?: number;
  screen_width?: number;
  /** `Date.prototype.getTimezoneOffset()`, in minutes. */
  time_zone?: number;
  java_enabled?: boolean;
  java_script_enabled?: boolean;
  [member: string]: unknown;
}

const ACCEPT_HEADER = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/webp,image/apng,*/*;q=0.8';

/** `browser_info` from the running browser; undefined outside one (Node). */
export function collectBrowserInfo(): BrowserInfo | undefined {
  if (typeof window === 'undefined' || typeof navigator === 'undefined' || typeof screen === 'undefined') return undefined;
  return {
    user_agent: navigator.userAgent,
    accept_header: ACCEPT_HEADER,
    language: navigator.language,
    color_depth: screen.colorDepth,
    screen_height: screen.height,
    screen_width: screen.width,
    time_zone: new Date().getTimezoneOffset(),
    java_enabled: false,
    java_script_enabled: true,
  };
}

export interface CustomerAcceptance {
  acceptance_type: 'online';
  /** ISO 8601, when the customer agreed (the confirm's time). */
  accepted_at: string;
  online: { user_agent: string };
}

/** The consent given now in this browser: `acceptance_type: "online"`, `accepted_at`, the user agent. */
export function customerAcceptance(now: Date = new Date()): CustomerAcceptance {
  return { acceptance_type: 'online', accepted_at: now.toISOString(), online: { user_agent: typeof navigator === 'undefined' ? '' : navigator.userAgent } };
}

/**
 * A saved card the customer chose from the client's `listSavedCards`: confirmed as the real service's web SDK does
 * (`savedCardBody` in hyperswitch-web `src/Utilities/PaymentBody.res`).
 */
export interface SavedCardInput {
  /** The card's `payment_token` in this payment's list (bound to this payment's client session). */
  paymentToken: string;
  /** The payment's customer, sent as `customer_id` (the API refuses any other). */
  customerId: string;
  /** The security code, for a card that `requires_cvv`; null or absent for one that does not. */
  cvc?: string | null;
}

/** A saved-card list result (the client's `listSavedCards`). */
export type SavedCardsResult = { ok: true; savedCards: SavedCardsResponse } | { ok: false; error: ClientError };

/**
 * The confirm's members for a saved card (`payment_method`, `payment_token`, `customer_id`, and
 * `card_token.card_cvc` when there is a CVC) and what no error message may repeat; null without a token.
 */
export function savedCardMembers(card: SavedCardInput): { members: Record<string, unknown>; secrets: string[] } | null {
  if (typeof card !== 'object' || card === null || typeof card.paymentToken !== 'string' || !card.paymentToken) return null;
  const cvc = typeof card.cvc === 'string' ? card.cvc.trim() : '';
  const members = {
    payment_method: 'card',
    payment_token: card.paymentToken,
    customer_id: card.customerId,
    ...(cvc ? { payment_method_data: { card_token: { card_cvc: cvc } } } : {}),
  };
  return { members, secrets: cvc ? [cvc] : [] };
}
