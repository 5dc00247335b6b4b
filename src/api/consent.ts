/**
 * The customer's consent to keep their card, as the confirm carries it (upstream's `CustomerAcceptance`;
 * the web SDK's `customerAcceptanceBody` in hyperswitch-web `src/Utilities/PaymentBody.res`). A module
 * of its own: the saved-cards chunk builds it without bringing the client.
 */
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
