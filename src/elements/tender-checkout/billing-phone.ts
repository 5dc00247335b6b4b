/**
 * The phone number of the billing fields in the real service's shape, `billing.phone = { number,
 * country_code }` (its `PhoneDetails`: `number` "9123456789", `country_code` "+1"), as its web SDK
 * sends it (`payment_method_data.billing.phone.country_code` from its calling-code list, the number
 * without it). Part of the billing chunk, not of the form.
 *
 * What is typed decides: a number written internationally (`+44 20 7946 0958`, `0044 20 …`, or with
 * the billing country's own international prefix: `011 44 20 …` in a +1 country, `0011 44 20 …` in
 * Australia, `010 44 20 …` in Japan, `8 10 44 20 …` in Russia and Kazakhstan) gives its calling code
 * (the longest code of the table it starts with) and the digits after it; a national number
 * (`(415) 555-0100`) gives its digits and the calling code of the billing country (the country
 * field's, else the payment's billing country or the locale's region). `number` is the national
 * significant number, as E.164 puts it after the calling code: a trunk prefix goes, the `0` of
 * `020 7946 0958` or of `+44 020 7946 0958` (and a +1 number's leading `1`), except where national
 * numbers themselves start with 0 (Italy and the Vatican, San Marino, Côte d'Ivoire, Gabon, Congo,
 * Benin). Other trunk prefixes (Russia's `8`, Hungary's `06`) are not in the table.
 *
 * Source of the table: ITU-T, the list of E.164 assigned country codes (Complement to ITU-T
 * Recommendation E.164, annex to the ITU Operational Bulletin), for the countries and territories
 * the billing country list has (ISO 3166-1 alpha-2); checked against the real service's web SDK
 * (its `Phone_number.json`, `phone_number_code` per country), which agrees on every shared country
 * but Pitcairn (the SDK: +870, an Inmarsat code; the ITU list: New Zealand's +64).
 */
import { COUNTRY_CODES } from '../../api/countries.js';

/**
 * The calling code of each country of `COUNTRY_CODES`, in its order (aligned: the test checks the
 * length and the codes of known countries); the set of them is what a `+` number is matched against.
 * Digits in the list's order compress to about 410 bytes gzip, half of a table keyed by country.
 */
const CALLING_CODES = (
  '93 358 355 213 1 376 244 1 672 1 54 374 297 61 43 994 ' +
  '1 973 880 1 375 32 501 229 1 975 591 599 387 267 47 55 ' +
  '246 673 359 226 257 855 237 1 238 1 236 235 56 86 61 61 ' +
  '57 269 242 243 682 506 225 385 53 599 357 420 45 253 1 1 ' +
  '593 20 503 240 291 372 251 500 298 679 358 33 594 689 262 241 ' +
  '220 995 49 233 350 30 299 1 590 1 502 44 224 245 592 509 ' +
  '672 39 504 852 36 354 91 62 98 964 353 44 972 39 1 81 ' +
  '44 962 7 254 686 850 82 965 996 856 371 961 266 231 218 423 ' +
  '370 352 853 389 261 265 60 960 223 356 692 596 222 230 262 52 ' +
  '691 373 377 976 382 1 212 258 95 264 674 977 31 687 64 505 ' +
  '227 234 683 672 1 47 968 92 680 970 507 675 595 51 63 64 ' +
  '48 351 1 974 262 40 7 250 590 290 1 1 590 508 1 685 ' +
  '378 239 966 221 381 248 232 65 1 421 386 677 252 27 500 211 ' +
  '34 94 249 597 47 268 46 41 963 886 992 255 66 670 228 690 ' +
  '676 1 216 90 993 1 688 256 380 971 44 1 598 998 678 58 ' +
  '84 1 1 681 212 967 260 263 1'
).split(' ');
/** With the codes of places the country list has not (Kosovo's +383), so their numbers split too. */
const CODES = new Set([...CALLING_CODES, '383']);

/** The calling code of a country (`+44`), '' when the table has none. */
export function callingCode(country: string): string {
  const code = CALLING_CODES[(COUNTRY_CODES as readonly string[]).indexOf(country.toUpperCase())];
  return code ? `+${code}` : '';
}

/**
 * The international prefixes other than `00` (ITU-T's list of national numbering plans), where they are
 * the country's own: Australia's `0011` (and of Christmas Island and the Cocos Islands, in its plan),
 * Japan's `010`, Russia's and Kazakhstan's `8~10` (typed `8 10`); the +1 countries' `011`
 * (`exitPrefix`). Only there: elsewhere the same digits start a national number (Beijing's `010`,
 * Bristol's `0117`, Michigan's `810`) or another prefix (`001 1…` for a +1 number where `001` is the
 * prefix). Carrier-selecting prefixes (Korea's and Singapore's `001`, `002`; Brazil's `00xx`) are not
 * read: `+` works everywhere.
 */
const EXIT_PREFIXES: Record<string, string> = { AU: '0011', CX: '0011', CC: '0011', JP: '010', RU: '810', KZ: '810' };

/**
 * The international prefix a number starts with: `+`, the billing country's own (`011` in a +1 (NANP)
 * country, `EXIT_PREFIXES`), else `00`; undefined for a national number.
 */
function exitPrefix(typed: string, country: string): string | undefined {
  if (/^\s*\+/.test(typed)) return '+';
  const digits = typed.replace(/\D/g, '');
  const own = callingCode(country) === '+1' ? '011' : EXIT_PREFIXES[country.toUpperCase()];
  return own && digits.startsWith(own) ? own : digits.startsWith('00') ? '00' : undefined;
}

/**
 * The national significant number after a calling code (digits only): without its trunk prefix, `0`
 * (`1` after +1), unless the country's numbers start with 0 themselves (Italy and the Vatican, San
 * Marino, Côte d'Ivoire, Gabon, Congo, Benin).
 */
const significant = (digits: string, code: string): string =>
  digits[0] === (code === '1' ? '1' : '0') && !/^(39|378|22[59]|24[12])$/.test(code) ? digits.slice(1) : digits;

/**
 * The phone as the confirm sends it: `{ number, country_code }`, the number's digits only. A number
 * written internationally whose calling code the table does not know gives `{ number }` alone (the
 * field calls it invalid before it is sent: `phoneValid`).
 */
export function splitPhone(typed: string, country: string): { number: string; country_code?: string } {
  const digits = typed.replace(/\D/g, '');
  const prefix = exitPrefix(typed, country);
  if (!prefix) {
    const code = callingCode(country);
    return code ? { number: significant(digits, code.slice(1)), country_code: code } : { number: digits };
  }
  const rest = digits.slice(prefix === '+' ? 0 : prefix.length);
  // E.164's codes are prefix-free; the longest that matches is the one
  for (let length = 3; length > 0; length -= 1) {
    const code = rest.slice(0, length);
    if (rest.length > length && CODES.has(code)) return { number: significant(rest.slice(length), code), country_code: `+${code}` };
  }
  return { number: rest };
}

/**
 * Whether a typed phone can be sent: digits with spaces, dashes, dots or parentheses, 6 to 15 digits
 * with the calling code (E.164's longest), and a calling code the table knows when written
 * internationally. `country`: the billing country (a national number takes its code; its own international prefix).
 */
export function phoneValid(typed: string, country = ''): boolean {
  if (!/^\s*\+?[\d\s().-]+$/.test(typed)) return false;
  const { number, country_code: code } = splitPhone(typed, country);
  const digits = number.length + (code ? code.length - 1 : 0);
  return digits >= 6 && digits <= 15 && (!exitPrefix(typed, country) || !!code);
}

/**
 * The field's text for a stored phone (`billing.phone` of the payment, or the list's values):
 * `+44 2079460958`, which `splitPhone` turns back into the same two members; the number alone when
 * it has no calling code or is already written internationally.
 */
export function prefillPhone(countryCode: string, number: string): string {
  const code = countryCode.replace(/\D/g, '');
  return !number || !code || exitPrefix(number, '') ? number : `+${code} ${number}`;
}
