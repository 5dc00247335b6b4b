/** Card number: brand detection, grouping, caret-aware input formatting and validation. */
import { CARD_BRANDS, DEFAULT_GAPS, IIN_RANGES } from './brands.js';
import type { CardBrand, CardBrandInfo, IinRange } from './brands.js';
import { luhnValid } from './luhn.js';

/** Result of {@link validateCardNumber}. */
export interface CardNumberValidation {
  brand: CardBrand | null;
  complete: boolean;
  valid: boolean;
  error?: 'empty' | 'incomplete' | 'invalid' | 'unsupported_brand';
}

/** A formatted input value and where its caret goes. */
export interface FormattedInput {
  value: string;
  caret: number;
}

/** Longest number any brand issues; also the cap for unknown brands. */
const MAX_LENGTH = 19;
/** Shortest number any brand issues (Maestro). */
const MIN_LENGTH = 12;
/**
 * Ranges with prefixes up to this length are network-level ranges. Longer ones are BIN-level
 * carve-outs inside another network's space (Elo inside Visa and Discover, Hipercard inside RuPay):
 * they take over once typed in full, but do not hold back the brand of the shorter match before.
 */
const NETWORK_PREFIX = 4;

/** The digits of `input` when it holds only digits, spaces and dashes; otherwise null. */
const cardDigits = (input: string): string | null => {
  const digits = String(input).replace(/[\s-]/g, '');
  return /^\d*$/.test(digits) ? digits : null;
};

interface BrandMatch {
  brand: CardBrand | null;
  /** The most specific range the digits fall in, when one is complete. */
  range: IinRange | null;
  /** Some range could still match as more digits are typed. */
  possible: boolean;
}

/**
 * The brand of a digit string. A range whose prefix is fully typed matches; the longest such prefix
 * wins. A range with a longer prefix that the digits could still reach is pending. The brand is
 * returned when the best match has no pending network-level rival of another brand ("4" is Visa
 * although Elo's 401178 is pending; "60" waits because Discover's 6011 is pending), or, with no
 * match yet, when every pending range belongs to one brand ("222" is Mastercard, "22" waits for Mir).
 */
function matchBrand(digits: string): BrandMatch {
  let range: IinRange | null = null;
  const pending = new Set<CardBrand>();
  const rivals = new Set<CardBrand>();
  for (const candidate of IIN_RANGES) {
    const size = candidate.from.length;
    if (digits.length >= size) {
      const prefix = digits.slice(0, size);
      if (prefix >= candidate.from && prefix <= candidate.to && size > (range?.from.length ?? 0)) range = candidate;
    } else if (digits >= candidate.from.slice(0, digits.length) && digits <= candidate.to.slice(0, digits.length)) {
      pending.add(candidate.brand);
      if (size <= NETWORK_PREFIX) rivals.add(candidate.brand);
    }
  }
  if (range) {
    rivals.delete(range.brand);
    return { brand: rivals.size ? null : range.brand, range, possible: true };
  }
  const [only] = pending;
  return { brand: pending.size === 1 && only ? only : null, range: null, possible: pending.size > 0 };
}

/**
 * The brand of a (partial) card number, or null when the digits typed so far do not decide it.
 * Accepts digits, spaces and dashes; anything else gives null.
 */
export function detectBrand(input: string): CardBrand | null {
  const digits = cardDigits(input);
  return digits ? matchBrand(digits).brand : null;
}

const groupDigits = (digits: string, info: CardBrandInfo | null): string => {
  const ownGaps = info?.gaps ?? DEFAULT_GAPS;
  const gaps = digits.length <= ownGaps.reduce((sum, size) => sum + size, 0) ? ownGaps : DEFAULT_GAPS;
  const groups: string[] = [];
  let at = 0;
  for (const size of gaps) {
    if (at >= digits.length) break;
    groups.push(digits.slice(at, at + size));
    at += size;
  }
  if (at < digits.length) groups.push(digits.slice(at));
  return groups.join(' ');
};

/**
 * Groups the digits of `input` for display per the brand's gap pattern (Amex "3782 822463 10005",
 * 14-digit Diners "3056 930902 5904", otherwise 4-4-4-4-3). Drops every non-digit and caps the
 * number at the brand's longest length (19 when the brand is unknown).
 */
export function formatCardNumber(input: string): string {
  const digits = String(input).replace(/\D/g, '');
  const brand = matchBrand(digits).brand;
  const info = brand ? CARD_BRANDS[brand] : null;
  return groupDigits(digits.slice(0, info?.maxLength ?? MAX_LENGTH), info);
}

/** A caret position clamped into `[0, length]`; a caret that is not a finite number goes to the end. */
export const clampCaret = (caret: number, length: number): number =>
  Number.isFinite(caret) ? Math.min(Math.max(Math.trunc(caret), 0), length) : length;

/** How many ASCII digits `text` has. */
export const countDigits = (text: string): number => text.replace(/\D/g, '').length;

/** The position just after the `count`-th digit of `text` (0 for none, the end when there are fewer). */
export function caretAfterDigits(text: string, count: number): number {
  if (count <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) >= 48 && text.charCodeAt(i) <= 57 && ++seen === count) return i + 1;
  }
  return text.length;
}

/**
 * Formats a card number input's value after an edit and moves the caret so that it stays after
 * the same digit it followed before (typing, deleting, editing inside a group, pasting
 * "4242-4242 4242 4242\n"). The caret is clamped into the value.
 */
export function formatCardNumberInput(value: string, caret: number): FormattedInput {
  const text = String(value);
  const formatted = formatCardNumber(text);
  const digitsBefore = countDigits(text.slice(0, clampCaret(caret, text.length)));
  return { value: formatted, caret: caretAfterDigits(formatted, digitsBefore) };
}

/**
 * Validates a card number typed with optional spaces or dashes.
 *
 * - `valid`: the length is one of the brand's lengths and the Luhn check passes (skipped for ranges
 *   that do not use it, such as UnionPay 62).
 * - `complete` means "the customer has finished typing": the number has reached the brand's longest
 *   length, or it has one of the brand's valid lengths and passes Luhn (a 16-digit Visa that passes
 *   is complete; one that fails may still be a 19-digit Visa being typed). For a range that skips
 *   Luhn only the longest length completes, since nothing tells a finished 16-digit UnionPay from a
 *   19-digit one in progress. Unknown brands use lengths 12–19.
 * - errors: `empty`; `invalid` for other characters, a number longer than the brand allows, or a
 *   number of a valid length (or a complete one) that fails Luhn — a 16-digit Visa that fails is a
 *   typo even though Visa also issues 19 digits; `unsupported_brand` for 12–19 digits that pass
 *   Luhn but match no brand; `incomplete` for a length the brand does not issue, below its longest.
 */
export function validateCardNumber(input: string): CardNumberValidation {
  const digits = cardDigits(input);
  if (digits === null) return { brand: null, complete: false, valid: false, error: 'invalid' };
  if (!digits) return { brand: null, complete: false, valid: false, error: 'empty' };
  const { brand, range, possible } = matchBrand(digits);
  const info = brand ? CARD_BRANDS[brand] : null;
  const length = digits.length;
  const maxLength = info?.maxLength ?? MAX_LENGTH;
  const checksLuhn = range?.luhn ?? true;
  const luhn = !checksLuhn || luhnValid(digits);
  const validLength = info ? info.lengths.includes(length) : length >= MIN_LENGTH && length <= MAX_LENGTH;
  const complete = length >= maxLength || (validLength && checksLuhn && luhn);
  if (info && validLength && luhn) return { brand, complete, valid: true };
  if (!info && !possible && validLength && luhn) {
    return { brand: null, complete, valid: false, error: 'unsupported_brand' };
  }
  return { brand, complete, valid: false, error: complete || validLength ? 'invalid' : 'incomplete' };
}
