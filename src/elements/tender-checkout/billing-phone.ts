/**
 * The phone number of the billing fields in the real service's shape, `billing.phone = { number,
 * country_code }` (its `PhoneDetails`: `number` "9123456789", `country_code` "+1"), as its web SDK
 * sends it (`payment_method_data.billing.phone.country_code` from its calling-code list, the number
 * without it). Part of the billing chunk, not of the form.
 *
 * What is typed decides: a number written internationally (`+44 20 7946 0958`, `0044 20 …`) gives
 * its calling code (the longest code of the table it starts with) and the digits after it; a national
 * number (`(415) 555-0100`) gives all its digits and the calling code of the billing country (the
 * country field's, else the payment's billing country or the locale's region). A trunk prefix
 * (the `0` of `020 7946 0958`) stays in the number as typed: whether a country drops it is not in
 * the table.
 *
 * Source of the table: ITU-T, the list of E.164 assigned country codes (Complement to ITU-T
 * Recommendation E.164, annex to the ITU Operational Bulletin), for the countries and territories
 * the billing country list has (ISO 3166-1 alpha-2); checked against the real service's web SDK
 * (its `Phone_number.json`, `phone_number_code` per country), which agrees on every shared country
 * but Pitcairn (the SDK: +870, an Inmarsat code; the ITU list: New Zealand's +64).
 */

/** `calling code` + the countries that use it, one group per code. */
const CALLING_CODES =
  '1 US CA AG AI AS BB BM BS DM DO GD GU JM KN KY LC MP MS PR SX TC TT VC VG VI UM|7 RU KZ|20 EG|27 ZA|30 GR|31 NL|32 BE|33 FR|34 ES|36 HU|39 IT VA|40 RO|41 CH|43 AT|44 GB GG IM JE|45 DK|46 SE|47 NO SJ BV|48 PL|49 DE|51 PE|52 MX|53 CU|54 AR|55 BR|56 CL|57 CO|58 VE|60 MY|61 AU CX CC|62 ID|63 PH|64 NZ PN|65 SG|66 TH|81 JP|82 KR|84 VN|86 CN|90 TR|91 IN|92 PK|93 AF|94 LK|95 MM|98 IR|' +
  '211 SS|212 MA EH|213 DZ|216 TN|218 LY|220 GM|221 SN|222 MR|223 ML|224 GN|225 CI|226 BF|227 NE|228 TG|229 BJ|230 MU|231 LR|232 SL|233 GH|234 NG|235 TD|236 CF|237 CM|238 CV|239 ST|240 GQ|241 GA|242 CG|243 CD|244 AO|245 GW|246 IO|248 SC|249 SD|250 RW|251 ET|252 SO|253 DJ|254 KE|255 TZ|256 UG|257 BI|258 MZ|260 ZM|261 MG|262 RE YT TF|263 ZW|264 NA|265 MW|266 LS|267 BW|268 SZ|269 KM|290 SH|291 ER|297 AW|298 FO|299 GL|' +
  '350 GI|351 PT|352 LU|353 IE|354 IS|355 AL|356 MT|357 CY|358 FI AX|359 BG|370 LT|371 LV|372 EE|373 MD|374 AM|375 BY|376 AD|377 MC|378 SM|380 UA|381 RS|382 ME|383 XK|385 HR|386 SI|387 BA|389 MK|420 CZ|421 SK|423 LI|' +
  '500 FK GS|501 BZ|502 GT|503 SV|504 HN|505 NI|506 CR|507 PA|508 PM|509 HT|590 GP BL MF|591 BO|592 GY|593 EC|594 GF|595 PY|596 MQ|597 SR|598 UY|599 CW BQ|' +
  '670 TL|672 NF AQ HM|673 BN|674 NR|675 PG|676 TO|677 SB|678 VU|679 FJ|680 PW|681 WF|682 CK|683 NU|685 WS|686 KI|687 NC|688 TV|689 PF|690 TK|691 FM|692 MH|' +
  '850 KP|852 HK|853 MO|855 KH|856 LA|880 BD|886 TW|960 MV|961 LB|962 JO|963 SY|964 IQ|965 KW|966 SA|967 YE|968 OM|970 PS|971 AE|972 IL|973 BH|974 QA|975 BT|976 MN|977 NP|992 TJ|993 TM|994 AZ|995 GE|996 KG|998 UZ';

const CODES = new Set<string>();
const BY_COUNTRY = new Map<string, string>();
for (const group of CALLING_CODES.split('|')) {
  const [code = '', ...countries] = group.split(' ');
  CODES.add(code);
  for (const country of countries) BY_COUNTRY.set(country, code);
}

/** The calling code of a country (`+44`), '' when the table has none. */
export function callingCode(country: string): string {
  const code = BY_COUNTRY.get(country.toUpperCase());
  return code ? `+${code}` : '';
}

/** Whether the number is written internationally: `+` or `00` first. */
const international = (typed: string) => /^\s*(?:\+|00)/.test(typed);

/**
 * The phone as the confirm sends it: `{ number, country_code }`, the number's digits only. A number
 * written internationally whose calling code the table does not know gives `{ number }` alone (the
 * field calls it invalid before it is sent: `phoneValid`).
 */
export function splitPhone(typed: string, country: string): { number: string; country_code?: string } {
  const digits = typed.replace(/\D/g, '');
  if (!international(typed)) {
    const code = callingCode(country);
    return code ? { number: digits, country_code: code } : { number: digits };
  }
  const rest = typed.trim().startsWith('+') ? digits : digits.slice(2);
  // E.164's codes are prefix-free; the longest that matches is the one
  for (let length = 3; length > 0; length -= 1) {
    const code = rest.slice(0, length);
    if (rest.length > length && CODES.has(code)) return { number: rest.slice(length), country_code: `+${code}` };
  }
  return { number: rest };
}

/**
 * Whether a typed phone can be sent: digits with spaces, dashes, dots or parentheses, 6 to 15 digits
 * with the calling code (E.164's longest), and a calling code the table knows when written internationally.
 */
export function phoneValid(typed: string): boolean {
  if (!/^\s*\+?[\d\s().-]+$/.test(typed)) return false;
  const { number, country_code: code } = splitPhone(typed, '');
  const digits = number.length + (code ? code.length - 1 : 0);
  return digits >= 6 && digits <= 15 && (!international(typed) || !!code);
}

/**
 * The field's text for a stored phone (`billing.phone` of the payment, or the list's values):
 * `+44 2079460958`, which `splitPhone` turns back into the same two members; the number alone when
 * it has no calling code or is already written internationally.
 */
export function prefillPhone(countryCode: string, number: string): string {
  const code = countryCode.replace(/\D/g, '');
  return !number || !code || international(number) ? number : `+${code} ${number}`;
}
