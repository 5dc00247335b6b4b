/** Money: minor units and amount formatting with `Intl`. No DOM. */
import { minorUnits } from './currencies.js';

export { CURRENCIES, minorUnits } from './currencies.js';
export type { Currency } from './currencies.js';

/** An amount in minor units (cents for USD, yen for JPY, fils for BHD) in major units: USD 1099 → 10.99. */
export const toMajor = (amount: number, currency: string): number => amount / 10 ** minorUnits(currency);

/** Formatters already built (building one costs ~20× formatting with it); keyed by locale and options. */
const formatters = new Map<string, Intl.NumberFormat | null>();

/** An `Intl.NumberFormat` for `locale`, or for the default locale when `locale` is not a valid tag. */
function numberFormat(locale: string | undefined, options: Intl.NumberFormatOptions): Intl.NumberFormat | null {
  const key = `${locale ?? ''}|${options.currency ?? ''}|${options.minimumFractionDigits ?? ''}`;
  if (formatters.has(key)) return formatters.get(key) ?? null;
  let formatter: Intl.NumberFormat | null = null;
  for (const tag of [locale, undefined]) {
    try {
      formatter = new Intl.NumberFormat(tag, options);
      break;
    } catch {
      // RangeError: a malformed locale tag, or a currency code Intl rejects. Try the next option.
    }
  }
  if (formatters.size > 100) formatters.clear();
  formatters.set(key, formatter);
  return formatter;
}

/**
 * Formats an amount given in minor units as money with `Intl.NumberFormat` (style currency), with
 * exactly as many decimals as the currency's minor unit: `formatAmount(1099, 'USD', 'en-US')` is
 * "$10.99", JPY 1000 "¥1,000", BHD 1234 "BHD 1.234". Never throws: a code `Intl` rejects (USDC,
 * USDT, anything not three letters) gives the number and the code, "10.99 USDC"; a malformed
 * locale falls back to the default locale.
 */
export function formatAmount(amountMinor: number, currency: string, locale?: string): string {
  const code = String(currency).trim().toUpperCase();
  const digits = minorUnits(code);
  const amount = Number(amountMinor) / 10 ** digits;
  const fraction = { minimumFractionDigits: digits, maximumFractionDigits: digits };
  const money = numberFormat(locale, { ...fraction, style: 'currency', currency: code });
  if (money) return money.format(amount);
  const number = numberFormat(locale, fraction)?.format(amount) ?? amount.toFixed(digits);
  return code ? `${number} ${code}` : number;
}
