/**
 * Card networks and co-badged cards. A co-badged card carries two payment networks, typically a
 * domestic scheme beside an international brand (Cartes Bancaires with Visa or Mastercard); under the
 * EU Interchange Fee Regulation (2015/751, art. 8) the payer may choose which network processes the
 * payment. The brand table (brands.ts) gives every number one brand by its IIN range; which BINs are
 * also issued on a second network is a fact of the BIN, kept here as data.
 */
import { CARD_BRANDS, type CardBrand } from './brands.js';

/** A network a card can be paid on: a brand of the brand table, or a scheme that only comes co-badged. */
export type CardNetwork = CardBrand | 'cartes_bancaires';

/** Networks that have no IIN range of their own: they exist only as the second network of a co-badged BIN. */
const SCHEMES: Record<Exclude<CardNetwork, CardBrand>, string> = { cartes_bancaires: 'Cartes Bancaires' };

/**
 * BINs known to be co-badged, and their networks (the IIN range's brand first). The sandbox's test
 * ranges: the co-badged test cards published by Stripe (4000 0025 0000 1001, 5555 5525 0000 1001)
 * and Adyen (4035 5010 0000 0008). A production deployment knows the BINs its acquirer reports.
 */
const CO_BADGED_BINS: readonly (readonly [bin: string, networks: readonly CardNetwork[]])[] = [
  ['40000025', ['visa', 'cartes_bancaires']],
  ['403550', ['visa', 'cartes_bancaires']],
  ['55555525', ['mastercard', 'cartes_bancaires']],
];

/** Human name of a network, e.g. "Cartes Bancaires", "American Express" (a proper noun: not translated). */
export function networkName(network: CardNetwork): string {
  return network === 'cartes_bancaires' ? SCHEMES[network] : CARD_BRANDS[network].displayName;
}

/** The payment API's `card_network` name of a network, e.g. "CartesBancaires", "AmericanExpress". */
export function networkApiName(network: CardNetwork): string {
  return networkName(network).replace(/ /g, '');
}

/** Every network the card module knows, brands first (table order), then the co-badge-only schemes. */
export const CARD_NETWORK_IDS: readonly CardNetwork[] = [...(Object.keys(CARD_BRANDS) as CardBrand[]), ...(Object.keys(SCHEMES) as CardNetwork[])];

/** The network of a payment API `card_network` name ("CartesBancaires" → `cartes_bancaires`), or null. */
export function networkOfApiName(name: string): CardNetwork | null {
  return CARD_NETWORK_IDS.find((network) => networkApiName(network) === name) ?? null;
}

/**
 * The networks a (partial) card number can be paid on when its BIN is co-badged, the IIN range's
 * brand first: `coBadgedNetworks('4000 0025 0000 1001')` → `['visa', 'cartes_bancaires']`. Empty when
 * the card has one network, or while the digits typed do not reach the BIN yet. Accepts digits,
 * spaces and dashes; anything else gives an empty list.
 */
export function coBadgedNetworks(input: string): CardNetwork[] {
  const digits = String(input).replace(/[\s-]/g, '');
  if (!/^\d+$/.test(digits)) return [];
  const entry = CO_BADGED_BINS.find(([bin]) => digits.startsWith(bin));
  return entry ? [...entry[1]] : [];
}

/**
 * The network a payment goes on: `chosen` when the number is co-badged on it, else the number's
 * one network (its brand, `brand`); null when neither is known.
 */
export function paymentNetwork(input: string, brand: CardBrand | null, chosen?: CardNetwork | null): CardNetwork | null {
  return chosen && coBadgedNetworks(input).includes(chosen) ? chosen : brand;
}
