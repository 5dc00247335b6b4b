/**
 * Card validation of a confirm, in the real service's order and wording (error-table.ts): the
 * number's length and check digit (a JSON deserialisation error, as upstream's card-number type
 * refuses it while parsing), then the CVC length, the expiry month, the expiry year (a past year is
 * an invalid year), and last a month of this year that has passed ("Card Expired").
 */
import type { CardData } from '../../src/api/requests.js';
import { detectBrand, luhnValid, networkApiName, networkOfApiName, paymentNetwork, validateCardNumber } from '../../src/card/index.js';
import { apiError, errors } from './errors.js';
import type { MaskedCard } from './types.js';

/** The number's length and check digit: the first check of a card, and the only one of an eligibility check. */
export function checkCardNumber(number: string): void {
  if (!/^\d{12,19}$/.test(number)) throw errors.badJson('invalid card number length');
  // Luhn, except where the card module knows the issuers skip it (some UnionPay ranges)
  if (!luhnValid(number) && !validateCardNumber(number).valid) throw apiError('invalidCardNumber');
}

/** The card members checked: a payment's card, or a card saved with `POST /payment_methods` (CVC optional there). */
export type CardInput = Pick<CardData, 'card_number' | 'card_exp_month' | 'card_exp_year' | 'card_holder_name' | 'card_network'> & {
  card_cvc?: string | null;
};

/**
 * Validates the card members and returns what the sandbox keeps of the card. The number and CVC
 * are read here and nowhere else; they are not copied into anything that is stored or logged. A
 * card saved without a payment (`requireCvc` false) has its CVC checked only when it is sent.
 */
export function checkCard(card: CardInput, now: number, requireCvc = true): MaskedCard {
  const number = card.card_number;
  checkCardNumber(number);
  const brand = detectBrand(number);
  const cvc = card.card_cvc;
  if (cvc != null || requireCvc) {
    // 3 or 4 digits whatever the network, as upstream (payments/helpers.rs validate_card_data): the
    // widget asks for the brand's length, but the API takes an Amex card's 3-digit CVC as the real service does
    if (cvc == null || !/^\d{3,4}$/.test(cvc)) throw apiError('invalidCvcLength');
  }
  const month = /^\d{1,2}$/.test(card.card_exp_month) ? Number(card.card_exp_month) : 0;
  if (month < 1 || month > 12) throw apiError('invalidExpiryMonth');
  if (!/^(\d{2}|\d{4})$/.test(card.card_exp_year)) throw apiError('invalidExpiryYear');
  const year = card.card_exp_year.length === 2 ? 2000 + Number(card.card_exp_year) : Number(card.card_exp_year);
  const today = new Date(now);
  // the network the customer chose, when the card is co-badged on it; else the brand's (a card of one
  // network keeps its own whatever the body names, as before)
  const network = paymentNetwork(number, brand, card.card_network ? networkOfApiName(card.card_network) : null);
  if (year < today.getUTCFullYear()) throw apiError('invalidExpiryYear');
  // valid through the last day of its month; a far-off year is the issuer's business
  if (year === today.getUTCFullYear() && month < today.getUTCMonth() + 1) throw apiError('cardExpired');
  return {
    last4: number.slice(-4),
    card_isin: number.slice(0, 6),
    card_network: network ? networkApiName(network) : card.card_network ?? null,
    card_type: 'credit',
    card_exp_month: String(month).padStart(2, '0'),
    card_exp_year: String(year),
    card_holder_name: card.card_holder_name ?? null,
  };
}
