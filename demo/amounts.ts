/** Amounts as a shop's staff types them (major units) ⇄ the API's minor units, per currency exponent. */
import { minorUnits } from '../src/money/index.js';

/**
 * "10.99" USD → 1099, "3500" JPY → 3500, "7.5" KWD → 7500. Exact (string arithmetic, no floating
 * point). `null` for anything that is not a positive amount with at most the currency's decimals.
 */
export function toMinorUnits(typed: string, currency: string): number | null {
  const match = /^\s*(\d{1,12})(?:\.(\d*))?\s*$/.exec(typed);
  if (!match) return null;
  const digits = minorUnits(currency);
  const whole = match[1] ?? '0';
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > digits) return null;
  const minor = Number(whole + fraction.padEnd(digits, '0'));
  return Number.isSafeInteger(minor) && minor > 0 ? minor : null;
}

/** 1099 USD → "10.99", 3500 JPY → "3500", 7500 KWD → "7.500": the inverse of `toMinorUnits`, for inputs. */
export function toMajorInput(amount: number, currency: string): string {
  const digits = minorUnits(currency);
  if (digits === 0) return String(amount);
  const text = String(amount).padStart(digits + 1, '0');
  return `${text.slice(0, -digits)}.${text.slice(-digits)}`;
}
