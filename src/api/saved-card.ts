/**
 * A saved card's confirm and the customer's consent to keep a card, as the real service's web SDK
 * sends them (`savedCardBody` and `customerAcceptanceBody` in hyperswitch-web
 * `src/Utilities/PaymentBody.res`; upstream's `CustomerAcceptance`). A module of its own: the
 * saved-cards chunk builds the consent without bringing the client.
 */
import type { ClientError } from './errors.js';
import type { SavedCardsResponse } from './schemas.js';

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
