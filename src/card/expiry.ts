/** Card expiry: parsing, validation and "MM / YY" input formatting. */
import { caretAfterDigits, clampCaret, countDigits } from './number.js';
import type { FormattedInput } from './number.js';

/** A parsed expiry; `year` has four digits. */
export interface Expiry {
  month: number;
  year: number;
}

/** Result of {@link validateExpiry}. */
export interface ExpiryValidation {
  valid: boolean;
  error?: 'empty' | 'incomplete' | 'invalid_month' | 'expired' | 'too_far';
}

/** How far ahead an expiry may lie, in months (20 years; the same month 20 years on is allowed). */
const MAX_MONTHS_AHEAD = 240;

interface ExpiryParts {
  month: string;
  year: string;
  /** The month was closed by a separator ("4/" or "04 / "). */
  separated: boolean;
}

/**
 * Splits an expiry into month and year digits: "MM/YY" with `/`, `-` or whitespace between (and
 * spaces around), or digits only ("0427", "042027"). Null for anything else.
 */
function splitExpiry(input: string): ExpiryParts | null {
  const text = String(input).trim();
  const parts = /^(\d{1,2})\s*[/\s-]\s*(\d*)$/.exec(text);
  if (parts) return { month: parts[1] ?? '', year: parts[2] ?? '', separated: true };
  return /^\d*$/.test(text) ? { month: text.slice(0, 2), year: text.slice(2), separated: false } : null;
}

const toYear = (digits: string): number => (digits.length === 2 ? 2000 + Number(digits) : Number(digits));

/**
 * Parses "4/27", "04/27", "04 / 27", "04 / 2027", "0427", "042027" (surrounding spaces allowed) into
 * a month and a four-digit year (two-digit years are 20yy). Null for anything else, including a
 * month outside 1–12 or a year of other than 2 or 4 digits.
 */
export function parseExpiry(input: string): Expiry | null {
  const parts = splitExpiry(input);
  if (!parts || (parts.year.length !== 2 && parts.year.length !== 4)) return null;
  const month = Number(parts.month);
  return month >= 1 && month <= 12 ? { month, year: toYear(parts.year) } : null;
}

/**
 * Validates an expiry against `now` (default: the current time), in the local calendar: a card is
 * valid through the last day of its month, so the current month is valid and the month before is
 * `expired`; more than 20 years ahead is `too_far`. A month of 00 or above 12 is `invalid_month`
 * as soon as the month is complete (two digits, or one digit and a separator); a missing or
 * partial year, a partial month and text that is no expiry at all are `incomplete`.
 */
export function validateExpiry(input: string, now: Date = new Date()): ExpiryValidation {
  if (!String(input).trim()) return { valid: false, error: 'empty' };
  const parts = splitExpiry(input);
  if (!parts) return { valid: false, error: 'incomplete' };
  const month = Number(parts.month);
  const monthComplete = parts.month.length === 2 || parts.separated;
  if (monthComplete && (month < 1 || month > 12)) return { valid: false, error: 'invalid_month' };
  if (!monthComplete || (parts.year.length !== 2 && parts.year.length !== 4)) {
    return { valid: false, error: 'incomplete' };
  }
  const ahead = toYear(parts.year) * 12 + month - (now.getFullYear() * 12 + now.getMonth() + 1);
  if (!(ahead >= 0)) return { valid: false, error: 'expired' };
  if (ahead > MAX_MONTHS_AHEAD) return { valid: false, error: 'too_far' };
  return { valid: true };
}

/** One output digit and the index of the input digit it came from (-1 for an inserted zero). */
type Sourced = [digit: string, source: number];

/** Year digits for display: a four-digit year ("2027", pasted or autofilled) shows as "27". */
const yearDigits = (digits: Sourced[]): Sourced[] => (digits.length === 4 ? digits.slice(2) : digits.slice(0, 2));

/**
 * Formats an expiry input's value as "MM / YY" while typing, and keeps the caret after the digit it
 * followed.
 *
 * - Digits alone: "4"–"9" become "04 / "; "1" and "0" wait (they may be 1x / 0x); "13" becomes
 *   "01 / 3"; "12" becomes "12 / " (a complete month shows the separator).
 * - Text with a slash keeps month and year apart, so editing one never shifts digits into the other:
 *   "1/" → "01 / ", "4/2027" → "04 / 27". A lone "1" before the year is padded when the value is new
 *   (pasted or autofilled: no or an empty `previousValue`) and waits for a second digit when the customer is
 *   editing the month of an existing value ("12 / 27" → delete "2" → "1 / 27"); a lone "0" waits.
 * - A four-digit year ("2027") shows as "27"; a longer or three-digit year is cut to two digits.
 * - Backspace over the separator (Stripe's behaviour): when the edit removed only separator
 *   characters and no year digit is left, the separator goes and the month stays — "04 / " →
 *   "04 /" gives "04", the next backspace "0". Without `previousValue` an edit cannot be told from
 *   a paste, so "04 /" becomes "04 / ".
 */
export function formatExpiryInput(value: string, caret: number, previousValue?: string): FormattedInput {
  const text = String(value);
  const previous = previousValue === undefined ? '' : String(previousValue);
  const digits = [...text.replace(/\D/g, '')].map((digit, index): Sourced => [digit, index]);
  const digitsBefore = countDigits(text.slice(0, clampCaret(caret, text.length)));
  const slash = /^\s*(\d{0,2})\s*\//.exec(text);
  let month: Sourced[];
  let year: Sourced[];
  let separator: boolean;
  if (slash) {
    const size = (slash[1] ?? '').length;
    month = digits.slice(0, size);
    year = yearDigits(digits.slice(size));
    const lone = size === 1 ? month[0]?.[0] : undefined;
    if (lone && (lone > '1' || (lone === '1' && (!year.length || !previous)))) month.unshift(['0', -1]);
    separator = month.length === 2 || year.length > 0;
  } else {
    const [first, second] = digits;
    if (!first || (!second && first[0] <= '1')) {
      month = digits;
      year = [];
    } else if (first[0] > '1' || (first[0] === '1' && second && second[0] > '2')) {
      month = [['0', -1], first];
      year = yearDigits(digits.slice(1));
    } else {
      month = digits.slice(0, 2);
      year = yearDigits(digits.slice(2));
    }
    separator = month.length === 2;
  }
  const onlySeparatorDeleted =
    text.length < previous.length && text.replace(/\D/g, '') === previous.replace(/\D/g, '');
  if (!year.length && onlySeparatorDeleted) separator = false;
  const join = (part: Sourced[]): string => part.map(([digit]) => digit).join('');
  const formatted = join(month) + (separator ? ' / ' + join(year) : '');
  if (digitsBefore >= digits.length) return { value: formatted, caret: formatted.length };
  const kept = [...month, ...year].filter(([, source]) => source < digitsBefore).length;
  return { value: formatted, caret: caretAfterDigits(formatted, kept) };
}
