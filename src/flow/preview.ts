/**
 * The states `preview` shows (the theme previewer's gallery): a sample payment, no network. The
 * element loads this module when `preview` is set (it is a chunk of its own in the script-tag build)
 * and feeds `previewState()` to the flow as a `preview` event; the card form shows `previewCard()`.
 */
import type { CardBrand } from '../card/index.js';
import type { PaymentResponse, SavedCard } from '../api/schemas.js';
import type { CardErrors } from '../events.js';
import type { MessageKey } from '../i18n/en.js';
import type { FlowStatus } from './describe.js';
import type { Phase, PreviewShown } from './machine.js';

/**
 * The states `preview` can show (`saved-cards`: a returning customer's cards; `save-card`: a new card
 * with the save box). The `billing-*` states show the billing fields (billing-fields.ts) with a sample
 * address: the postal code, the full address, the full address with errors, and the decline of the
 * address verification (a postal code the issuer does not match).
 */
export type PreviewState =
  | 'empty' | 'filled' | 'errors' | 'processing' | 'redirecting' | 'succeeded' | 'declined' | 'wait-screen'
  | 'saved-cards' | 'save-card'
  | 'billing-postal' | 'billing-full' | 'billing-errors' | 'billing-avs';

export const PREVIEW_PAYMENT: PaymentResponse = {
  payment_id: 'pay_preview0000000000000000000',
  merchant_id: 'preview',
  status: 'requires_payment_method',
  amount: 2500,
  currency: 'EUR',
  net_amount: 2500,
  amount_capturable: 2500,
  attempt_count: 0,
};

const SHOWN: Partial<Record<PreviewState, [Phase, MessageKey, FlowStatus['tone']]>> = {
  processing: ['submitting', 'processing', 'info'],
  redirecting: ['redirecting', 'status.redirecting', 'info'],
  succeeded: ['done', 'status.succeeded', 'success'],
  declined: ['ready', 'decline.card_declined', 'danger'],
  'wait-screen': ['waiting', 'status.waitScreen', 'info'],
};

/** The flow's part of a preview state (the sample payment, the phase, the status line). */
export function previewState(state: PreviewState, now: number): PreviewShown {
  if (state === 'billing-avs') {
    // the sandbox's decline (docs/sandbox.md, "Address verification"): the billing fields say it in the shopper's language
    const payment = { ...PREVIEW_PAYMENT, currency: 'USD', status: 'failed' as const, error_code: 'address_verification_failed', manual_retry_allowed: true };
    return { phase: 'ready', payment, status: { key: null, text: 'The postal code does not match your card. Check your billing address.', tone: 'danger' }, waitUntil: 0 };
  }
  const [phase, key, tone] = (Object.hasOwn(SHOWN, state) ? SHOWN[state] : undefined) ?? ['ready', null, 'info'];
  return { phase, payment: PREVIEW_PAYMENT, status: key ? { key, tone } : null, waitUntil: state === 'wait-screen' ? now + 5 * 60_000 : 0 };
}

/** The card form's part: the sample card in the inputs (public test numbers) and the errors shown. */
export interface PreviewCard {
  values: string[] | null;
  brand: CardBrand | null;
  errors: CardErrors;
}

export function previewCard(state: PreviewState): PreviewCard {
  if (state === 'errors') return { values: ['4242 4242 4242 4241', '01 / 20', '12'], brand: null, errors: { number: 'invalid', expiry: 'expired', cvc: 'incomplete' } };
  return state === 'empty' || state === 'saved-cards' ? { values: null, brand: null, errors: {} } : { values: ['4242 4242 4242 4242', '12 / 34', '123'], brand: 'visa', errors: {} };
}

/** A sample saved card in the API's shape (public test numbers' last four). */
const sampleCard = (network: string, last4: string, month: string, year: string, extra: Partial<SavedCard> = {}): SavedCard => ({
  payment_token: `token_preview${last4}`,
  payment_method_id: `pm_preview${last4}`,
  payment_method: 'card',
  card: { card_network: network, last4_digits: last4, expiry_month: month, expiry_year: year },
  requires_cvv: true,
  ...extra,
});

/**
 * The customer of a preview state: `saved-cards` has a default Visa (its CVC asked for), a Mastercard
 * and an expired American Express; `save-card` a customer without cards (the save box); other states
 * none (null: a guest).
 */
export function previewSavedCards(state: PreviewState): SavedCard[] | null {
  if (state === 'save-card') return [];
  if (state !== 'saved-cards') return null;
  return [
    sampleCard('Visa', '4242', '12', '2034', { default_payment_method_set: true }),
    sampleCard('Mastercard', '4444', '08', '2031', { requires_cvv: false, recurring_enabled: true }),
    sampleCard('AmericanExpress', '0005', '01', '2024'),
  ];
}
