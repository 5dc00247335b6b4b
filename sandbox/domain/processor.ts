/**
 * The simulated processor: what a card or a phone number leads to (the README's "Test cards" table; test/node/docs.test.ts keeps the two in step).
 * Pure: it sees the card number only in memory, for the length of one decision.
 */
import { createHash } from 'node:crypto';

export type DeclineCode =
  | 'card_declined'
  | 'insufficient_funds'
  | 'lost_card'
  | 'stolen_card'
  | 'expired_card'
  | 'incorrect_cvc'
  | 'processing_error'
  | 'card_not_supported'
  | 'authentication_failed'
  | 'address_verification_failed'
  | 'mobile_money_declined'
  | 'mobile_money_timeout';

export type CardDecision =
  | { kind: 'approve' }
  | { kind: 'decline'; code: DeclineCode }
  /** 3-D Secure challenge; `afterChallenge` is what *Complete* leads to. */
  | { kind: 'challenge'; afterChallenge: 'succeed' | 'fail' }
  /** Asynchronous: `processing` now, success after `delayMs`. */
  | { kind: 'async'; delayMs: number };

const SUCCESS_CARDS = new Set([
  '4242424242424242',
  '4111111111111111',
  '5555555555554444',
  '378282246310005',
  '6011111111111117',
  '3566002020360505',
  '6200000000000005',
  '30569309025904',
  // co-badged: Visa or Mastercard with Cartes Bancaires (src/card/networks.ts); either network pays
  '4000002500001001',
  '5555552500001001',
  '4035501000000008',
]);

const SPECIAL_CARDS: Record<string, CardDecision> = {
  '4000000000000002': { kind: 'decline', code: 'card_declined' },
  '5105105105105100': { kind: 'decline', code: 'card_declined' },
  '4000000000009995': { kind: 'decline', code: 'insufficient_funds' },
  '4000000000009987': { kind: 'decline', code: 'lost_card' },
  '4000000000009979': { kind: 'decline', code: 'stolen_card' },
  '4000000000000069': { kind: 'decline', code: 'expired_card' },
  '4000000000000127': { kind: 'decline', code: 'incorrect_cvc' },
  '4000000000000119': { kind: 'decline', code: 'processing_error' },
  '4000003800000446': { kind: 'challenge', afterChallenge: 'succeed' },
  '4000002760003184': { kind: 'challenge', afterChallenge: 'succeed' },
  '4000000000003220': { kind: 'challenge', afterChallenge: 'succeed' },
  // Stripe's "authentication required" card, the 3-D Secure card of upstream's Cypress configs (Stripe.js, Commons.js)
  '4000002500003155': { kind: 'challenge', afterChallenge: 'succeed' },
  '4000000000004038': { kind: 'challenge', afterChallenge: 'fail' },
  '4000000000004020': { kind: 'approve' }, // frictionless 3-D Secure: authenticated without a challenge
  '4000000000004012': { kind: 'async', delayMs: 3000 },
};

/** Every card number the processor knows (any other number is `card_not_supported`). */
export const TEST_CARD_NUMBERS: readonly string[] = [...SUCCESS_CARDS, ...Object.keys(SPECIAL_CARDS)];

/** What the sandbox processor does with this card number (digits only). */
export function decideCard(cardNumber: string): CardDecision {
  if (SUCCESS_CARDS.has(cardNumber)) return { kind: 'approve' };
  return Object.hasOwn(SPECIAL_CARDS, cardNumber) ? (SPECIAL_CARDS[cardNumber] as CardDecision) : { kind: 'decline', code: 'card_not_supported' };
}

export type PhoneDecision = { kind: 'approve_after'; delayMs: number } | { kind: 'decline_after'; delayMs: number } | { kind: 'wait' };

/** Mobile money: a number ending 0000 approves after about 2 s, 1111 declines, anything else waits. */
export function decidePhone(phoneNumber: string): PhoneDecision {
  const digits = phoneNumber.replace(/\D/g, '');
  if (digits.endsWith('0000')) return { kind: 'approve_after', delayMs: 2000 };
  if (digits.endsWith('1111')) return { kind: 'decline_after', delayMs: 2000 };
  return { kind: 'wait' };
}

interface DeclineText {
  /** The processor's message, for the merchant. */
  message: string;
  /** Processor-independent code and a message that can be shown to the customer. */
  unifiedCode: string;
  unifiedMessage: string;
}

/** Error texts per decline code. Lost and stolen cards read as a plain decline to the customer. */
export const DECLINES: Record<DeclineCode, DeclineText> = {
  card_declined: { message: 'Payment declined: Card declined', unifiedCode: 'UE_1001', unifiedMessage: 'Your card was declined.' },
  insufficient_funds: {
    message: 'Payment declined: Insufficient funds',
    unifiedCode: 'UE_1002',
    unifiedMessage: 'Your card has insufficient funds.',
  },
  lost_card: { message: 'Payment declined: Lost card', unifiedCode: 'UE_1001', unifiedMessage: 'Your card was declined.' },
  stolen_card: { message: 'Payment declined: Stolen card', unifiedCode: 'UE_1001', unifiedMessage: 'Your card was declined.' },
  expired_card: { message: 'Payment declined: Expired card', unifiedCode: 'UE_1003', unifiedMessage: 'Your card has expired.' },
  incorrect_cvc: {
    message: 'Payment declined: Incorrect CVC',
    unifiedCode: 'UE_1004',
    unifiedMessage: "Your card's security code is incorrect.",
  },
  processing_error: {
    message: 'Payment declined: Processing error',
    unifiedCode: 'UE_3000',
    unifiedMessage: 'An error occurred while processing your card. Try again.',
  },
  card_not_supported: {
    message: 'Card not supported. Please use test cards',
    unifiedCode: 'UE_1005',
    unifiedMessage: 'This card is not supported. Use a test card.',
  },
  authentication_failed: {
    message: 'Payment declined: 3-D Secure authentication failed',
    unifiedCode: 'UE_1006',
    unifiedMessage: 'Your bank could not authenticate this payment.',
  },
  address_verification_failed: {
    message: 'Payment declined: Address verification failed (the postal code does not match the card\'s billing address)',
    unifiedCode: 'UE_1009',
    unifiedMessage: 'The postal code does not match your card. Check your billing address.',
  },
  mobile_money_declined: {
    message: 'Payment declined on the customer\'s phone',
    unifiedCode: 'UE_1007',
    unifiedMessage: 'The payment was declined on your phone.',
  },
  mobile_money_timeout: {
    message: 'Payment not approved before the approval window closed',
    unifiedCode: 'UE_1008',
    unifiedMessage: 'The payment was not approved in time.',
  },
};

/** The sandbox's simulated connectors (upstream's dummy connector names). The first is the default. */
export const CONNECTORS = ['phonypay', 'fauxpay', 'pretendpay', 'stripe_test', 'adyen_test', 'checkout_test'] as const;

/**
 * The id of a merchant's simulated connector account (`merchant_connector_id`): `mca_` and 20
 * characters derived from the merchant and the connector, so every payment and refund through the
 * same connector of a merchant names the same account, as upstream's would.
 */
export function connectorAccountId(merchantId: string, connector: string | null): string | null {
  if (connector === null) return null;
  const name = `${merchantId}\u0000${connector}`;
  let id = connectorAccountIds.get(name);
  if (id === undefined) {
    // every payment answer shows it: the hash is computed once per merchant and connector (a few thousand at most are kept)
    if (connectorAccountIds.size >= 4096) connectorAccountIds.clear();
    id = `mca_${createHash('sha256').update(name).digest('hex').slice(0, 20)}`;
    connectorAccountIds.set(name, id);
  }
  return id;
}
const connectorAccountIds = new Map<string, string>();
