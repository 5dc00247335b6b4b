/**
 * Card networks on the wire. The card module knows brands the real service's `CardNetwork` enum does
 * not (Elo, Hipercard, Mir, Verve, Troy). The sandbox accepts and pays those cards, but names only
 * networks of the real enum in its answers — in the payment-method list and in a payment's
 * `payment_method_data.card.card_network` (null for the others) — so that a client typed against
 * the real enum never meets a value it cannot read.
 */
import { CARD_NETWORKS } from '../../src/api/enums.js';
import { CARD_NETWORK_IDS, networkApiName } from '../../src/card/index.js';

const isApiNetwork = (network: string): boolean => (CARD_NETWORKS as readonly string[]).includes(network);

/**
 * The networks the payment-method list reports: the card module's networks that the real enum has
 * (its brands, and Cartes Bancaires, which comes co-badged with Visa or Mastercard).
 */
export const LISTED_CARD_NETWORKS: string[] = [...new Set(CARD_NETWORK_IDS.map(networkApiName))].filter(isApiNetwork);

/** A stored card's network as the API names it: itself when the real enum has it, otherwise null. */
export const apiCardNetwork = (network: string | null): string | null => (network !== null && isApiNetwork(network) ? network : null);
