/**
 * A profile's `payment_method_blocking` (upstream's PaymentMethodBlockingConfig), checked at confirm
 * while the merchant's blocklist guard is on (configs.ts `blocklistGuardEnabled`), as upstream's
 * crates/router/src/core/blocklist/utils.rs `should_payment_be_blocked_by_profile_config` checks it:
 * the card's BIN (its first six digits) is looked up in the BIN table, then its issuing country, its
 * type and its subtype are compared with the profile's lists, in that order; a BIN the table does not
 * know blocks the card only with `block_if_bin_info_unavailable`.
 *
 * Before the profile, the merchant's blocklist (`POST /blocklist`): a card whose six- or eight-digit
 * BIN is on it is refused as a BIN upstream does not accept. Entries are BINs only, never a number.
 *
 * The BIN table is upstream's own test data, `.github/data/cards_info.csv` (at d1688907), which its
 * Cypress runner loads into `cards_info` before the API tests run. Blocking by issuer (`issuers`: ids
 * of upstream's card-issuer registry) is kept and answered, never matched: the sandbox has no registry.
 */
import { blocklistQueries, type BlocklistEntry } from '../store/blocklist.js';
import type { Store } from '../store/repo.js';
import { blocklistGuardEnabled } from './configs.js';
import { apiError } from './errors.js';
import type { ProfileService } from './profiles.js';
import type { Json, Payment } from './types.js';

interface CardInfo {
  issuer: string;
  /** `CardType` as upstream's serde names it. */
  type: 'credit' | 'debit';
  /** `CardSubtype` as serde names it, or null. */
  subtype: string | null;
  /** ISO 3166-1 alpha-2. */
  country: string | null;
}

/** cards_info.csv by its six-digit `card_iin` (upstream looks a card up by its six-digit ISIN; the eight-digit rows are never read). */
const CARDS_INFO: Readonly<Record<string, CardInfo>> = {
  '111122': { issuer: '', type: 'debit', subtype: null, country: null },
  '400000': { issuer: 'INTL HDQTRS CENTER OWNED', type: 'credit', subtype: null, country: 'US' },
  '401200': { issuer: 'VISA PRODUCTION SUPPORT CLIENT BID 1', type: 'debit', subtype: 'classic', country: 'US' },
  '411111': { issuer: 'CONOTOXIA SP Z O.O.', type: 'debit', subtype: null, country: 'PL' },
  '420000': { issuer: 'JP Morgan', type: 'credit', subtype: null, country: 'US' },
  '424242': { issuer: 'STRIPE PAYMENTS UK LIMITED', type: 'credit', subtype: null, country: 'GB' },
  '434994': { issuer: 'INTESA SANPAOLO S.P.A.', type: 'credit', subtype: 'classic', country: 'IT' },
  '444409': { issuer: 'SELECT SEVEN FEDERAL CREDIT UNION', type: 'debit', subtype: 'classic', country: 'US' },
  '486871': { issuer: 'America First Federal CREDIT Union', type: 'credit', subtype: 'business', country: 'US' },
  '491761': { issuer: 'BANKPOLSKAKASAOPIEKIS.A.(BANKPEKAOSA)', type: 'credit', subtype: 'business', country: 'PL' },
  '510510': { issuer: 'BANKOFHAWAII', type: 'credit', subtype: null, country: 'US' },
  '520474': { issuer: 'MASTERCARD INTERNATIONAL', type: 'debit', subtype: null, country: 'US' },
  '378282': { issuer: 'AMERICAN EXPRESS US CARS', type: 'credit', subtype: 'smallcorporate', country: 'US' },
  '400934': { issuer: 'PT BANK HSBC INDONESIA', type: 'credit', subtype: 'corporate_t_and_e', country: 'ID' },
  '372688': { issuer: 'American Express US Consumer', type: 'credit', subtype: null, country: 'US' },
  '453211': { issuer: 'Banco Bradesco SA', type: 'credit', subtype: 'premier', country: 'BR' },
  '454881': { issuer: 'SERVIREDSOCIEDADESPANOLADEMEDIOSDEPAGO.S.A.', type: 'credit', subtype: 'classic', country: 'ES' },
};

/** Upstream's BlockReason messages (common_enums enums.rs `BlockReason::error_message`). */
const MESSAGES = {
  bin: "We're unable to accept this card, please try another card or a different payment method",
  credit: 'Credit cards are not accepted for this transaction, please try a different card',
  debit: 'Debit cards are not accepted for this transaction, please try a different card',
  subtype: 'This card is not accepted for this transaction, please try a different card',
  country: "Cards issued in your region aren't supported for this transaction, please try a different card",
} as const;

/** The code a blocked attempt and payment carry (upstream's `BlocklistUpdate` error_code). */
export const BLOCKED_ERROR_CODE = 'HE-03';

/** Why the profile's `payment_method_blocking` (as stored) refuses the card, as upstream's message; null when it does not. */
function blockedCardReason(config: Json | undefined, cardNumber: string): string | null {
  const card = member(config, 'card');
  if (!card) return null;
  const info = CARDS_INFO[cardNumber.slice(0, 6)];
  if (!info) return member(card, 'block_if_bin_info_unavailable') === true ? MESSAGES.bin : null;
  if (info.country && listed(card, 'issuing_country', info.country)) return MESSAGES.country;
  if (listed(card, 'card_types', info.type)) return MESSAGES[info.type];
  if (info.subtype && listed(card, 'card_subtypes', info.subtype)) return MESSAGES.subtype;
  return null;
}

function member(value: Json | undefined, name: string): Json | undefined {
  return value && typeof value === 'object' && !Array.isArray(value) ? value[name] : undefined;
}

function listed(card: Json, name: string, value: string): boolean {
  const list = member(card, name);
  return Array.isArray(list) && list.includes(value);
}

/**
 * Why the merchant's blocklist or the payment's profile (its stored `payment_method_blocking`) refuses
 * the card, as upstream's `should_payment_be_blocked` decides while the guard is on; null when it does
 * not, or when the guard is off (then nothing else is read: a confirm pays one config lookup).
 */
export function cardBlockReason(store: Store, profiles: ProfileService, payment: Payment, cardNumber: string): string | null {
  if (!blocklistGuardEnabled(store, payment.merchant_id)) return null;
  const digits = cardNumber.replace(/\D/g, '');
  const entries = blocklistQueries(store.db);
  if (entries.entry(payment.merchant_id, digits.slice(0, 6)) || entries.entry(payment.merchant_id, digits.slice(0, 8))) return MESSAGES.bin;
  return blockedCardReason(profiles.ofPayment(payment)?.['payment_method_blocking'] as Json | undefined, digits);
}

/** The kinds of entry the sandbox keeps: BINs (upstream's `fingerprint`, a card's own, it does not have). */
export type BlocklistKind = BlocklistEntry['data_kind'];

/** A BIN as `kind` takes it (upstream's validate_card_bin and validate_extended_card_bin). */
function checkedBin(kind: BlocklistKind, data: string): string {
  const digits = kind === 'card_bin' ? 6 : 8;
  if (data.length !== digits || !/^\d+$/.test(data)) throw apiError('blocklistDataFormat', { format: kind === 'card_bin' ? 'a 6 digit number' : 'an 8 digit number' });
  return data;
}

/** POST /blocklist: the BIN added (a BIN already on it is `400 IR_16`). */
export function addToBlocklist(store: Store, merchantId: string, kind: BlocklistKind, data: string, nowIso: string): BlocklistEntry {
  const bin = checkedBin(kind, data);
  return store.transaction(() => {
    const entries = blocklistQueries(store.db);
    if (entries.entry(merchantId, bin)) throw apiError('blocklistDuplicate');
    const entry: BlocklistEntry = { fingerprint_id: bin, data_kind: kind, created_at: nowIso };
    entries.insert(merchantId, entry);
    return entry;
  });
}

/** DELETE /blocklist: the entry removed (one not on it is `404 IR_37`). */
export function removeFromBlocklist(store: Store, merchantId: string, kind: BlocklistKind, data: string): BlocklistEntry {
  const bin = checkedBin(kind, data);
  return store.transaction(() => {
    const entries = blocklistQueries(store.db);
    const entry = entries.entry(merchantId, bin);
    if (!entry || entry.data_kind !== kind || !entries.delete(merchantId, bin)) throw apiError('blocklistEntryNotFound');
    return entry;
  });
}
