/**
 * What a billing address looks like in each country, as data: the name of its postal code (ZIP code,
 * postcode, PIN code, else the postal code in the shopper's language: PLZ, CAP, code postal …),
 * the postal code's pattern, whether the country has postal codes at all, what its first-level
 * division is called and whether an address needs it, and the United States' states and Canada's
 * provinces and territories (chosen from a list, sent as their codes).
 *
 * Source: Google's address metadata (libaddressinput, https://chromium-i18n.appspot.com/ssl-address/data,
 * which Chromium's and Android's address forms use): its `zip` patterns (simplified where they list
 * every prefix, e.g. the United Kingdom's), `zip_name_type`, `state_name_type`, `require` and the
 * `sub_keys` / `sub_names` of US and CA; the countries without a `zip` have no postal code. A
 * country that is not in `RULES` has a postal code of 2 to 10 letters, digits, spaces or dashes and
 * no first-level division in its billing address.
 *
 * The lists' names follow the dataset's languages: `data/US` has `languages: "en"` only (its
 * `sub_names` are the USPS names, which US addresses are written with, so every language shows them),
 * `data/CA` has `languages: "en~fr"` with the French `sub_names` under `data/CA--fr`; a French form
 * (`fr`, `fr-CA`, any `fr-*`) shows those, every other language the English ones (the dataset's
 * default, `lang: "en"`). docs/decisions/0086 names the source.
 */

import type { PaymentMethodListResponse } from '../../api/schemas.js';
import { COUNTRY_CODES } from '../../api/countries.js';

/** `billing`: which address fields. */
export type BillingLevel = 'none' | 'postal-code' | 'full';

/** How a country names its postal code: the keys `billing.<kind>` of the catalogue. */
export type PostalKind = 'postal' | 'zip' | 'postcode' | 'pin';
/** How a country names its first-level division (`billing.<kind>`), when its addresses have one. */
export type StateKind = 'state' | 'province' | 'region';

export interface CountryRule {
  postal: PostalKind | null;
  /** The postal code's pattern (whole value, any case, spaces and dashes as written). */
  pattern: RegExp;
  state: StateKind | null;
  /** The division is part of every address (`require` has S). */
  stateRequired: boolean;
  /** The divisions to choose from, code → name in the form's language where the dataset has it (US and CA). */
  states: Record<string, string> | null;
}

/** `code: postal kind (z zip, c postcode, i PIN, p postal) + state kind (s state, v province, r region; capital: required), pattern`. */
const RULES: Record<string, string> = {
  US: 'zS \\d{5}(?:[ -]?\\d{4})?',
  CA: 'pV [ABCEGHJ-NPRSTVXY]\\d[ABCEGHJ-NPRSTV-Z] ?\\d[ABCEGHJ-NPRSTV-Z]\\d',
  GB: 'c  (?:GIR ?0AA|[A-Z]{1,2}\\d[A-Z\\d]? ?\\d[A-Z]{2})',
  AU: 'pS \\d{4}',
  NZ: 'p  \\d{4}',
  IE: 'pr [\\dA-Z]{3} ?[\\dA-Z]{4}',
  IN: 'iS \\d{6}',
  PH: 'zv \\d{4}',
  DE: 'p  \\d{5}',
  AT: 'p  \\d{4}',
  CH: 'p  \\d{4}',
  LI: 'p  948[5-9]|949[0-8]',
  FR: 'p  \\d{2} ?\\d{3}',
  MC: 'p  980\\d{2}',
  BE: 'p  \\d{4}',
  LU: 'p  (?:L-)?\\d{4}',
  NL: 'p  \\d{4} ?[A-Z]{2}',
  IT: 'pV \\d{5}',
  ES: 'pV \\d{5}',
  PT: 'p  \\d{4}-\\d{3}',
  DK: 'p  \\d{4}',
  NO: 'p  \\d{4}',
  SE: 'p  \\d{3} ?\\d{2}',
  FI: 'p  \\d{5}',
  IS: 'p  \\d{3}',
  EE: 'p  \\d{5}',
  LV: 'p  LV-\\d{4}',
  LT: 'p  (?:LT-)?\\d{5}',
  PL: 'p  \\d{2}-\\d{3}',
  CZ: 'p  \\d{3} ?\\d{2}',
  SK: 'p  \\d{3} ?\\d{2}',
  HU: 'p  \\d{4}',
  SI: 'p  \\d{4}',
  HR: 'p  \\d{5}',
  RO: 'p  \\d{6}',
  BG: 'p  \\d{4}',
  GR: 'p  \\d{3} ?\\d{2}',
  CY: 'p  \\d{4}',
  MT: 'p  [A-Z]{3} ?\\d{2,4}',
  RS: 'p  \\d{5,6}',
  TR: 'p  \\d{5}',
  UA: 'pr \\d{5}',
  RU: 'pr \\d{6}',
  IL: 'p  \\d{5}(?:\\d{2})?',
  SA: 'p  \\d{5}(?:-\\d{4})?',
  EG: 'pr \\d{5}',
  ZA: 'p  \\d{4}',
  KE: 'p  \\d{5}',
  NG: 'ps \\d{6}',
  JP: 'pR \\d{3}-?\\d{4}',
  KR: 'pr \\d{5}',
  CN: 'pV \\d{6}',
  TW: 'pr \\d{3}(?:\\d{2,3})?',
  SG: 'p  \\d{6}',
  MY: 'pS \\d{5}',
  TH: 'pr \\d{5}',
  ID: 'pr \\d{5}',
  VN: 'pr \\d{5,6}',
  PK: 'p  \\d{5}',
  BD: 'p  \\d{4}',
  LK: 'p  \\d{5}',
  BR: 'pS \\d{5}-?\\d{3}',
  MX: 'pS \\d{5}',
  AR: 'pV (?:[A-HJ-NP-Z])?\\d{4}(?:[A-Z]{3})?',
  CL: 'pr \\d{7}',
  CO: 'pr \\d{6}',
  PE: 'pr \\d{5}',
  UY: 'pr \\d{5}',
};

/** Countries whose addresses have no postal code (libaddressinput: no `zip`). */
const NO_POSTAL =
  'AE AG AO AW BF BI BJ BO BS BW BZ CD CF CG CI CK CM DJ DM ER FJ GA GD GH GM GQ GY HK JM KI KM KN KP LY ML MO MR MW NR NU QA RW SB SC SL SR ST SY TD TF TG TK TL TO TV UG VU YE ZW';

const list = (text: string): Record<string, string> =>
  Object.fromEntries(text.split('|').map((entry) => [entry.slice(0, 2), entry.slice(3)]));

/** The states, the District of Columbia, the territories and the armed forces' codes (USPS). */
const US_STATES = list(
  'AL Alabama|AK Alaska|AS American Samoa|AZ Arizona|AR Arkansas|CA California|CO Colorado|CT Connecticut|DE Delaware|DC District of Columbia|FL Florida|GA Georgia|GU Guam|HI Hawaii|ID Idaho|IL Illinois|IN Indiana|IA Iowa|KS Kansas|KY Kentucky|LA Louisiana|ME Maine|MH Marshall Islands|MD Maryland|MA Massachusetts|MI Michigan|FM Micronesia|MN Minnesota|MS Mississippi|MO Missouri|MT Montana|NE Nebraska|NV Nevada|NH New Hampshire|NJ New Jersey|NM New Mexico|NY New York|NC North Carolina|ND North Dakota|MP Northern Mariana Islands|OH Ohio|OK Oklahoma|OR Oregon|PW Palau|PA Pennsylvania|PR Puerto Rico|RI Rhode Island|SC South Carolina|SD South Dakota|TN Tennessee|TX Texas|UT Utah|VT Vermont|VI Virgin Islands|VA Virginia|WA Washington|WV West Virginia|WI Wisconsin|WY Wyoming|AA Armed Forces (AA)|AE Armed Forces (AE)|AP Armed Forces (AP)',
);
/** Canada's provinces and territories (Canada Post's codes). */
const CA_PROVINCES = list(
  'AB Alberta|BC British Columbia|MB Manitoba|NB New Brunswick|NL Newfoundland and Labrador|NT Northwest Territories|NS Nova Scotia|NU Nunavut|ON Ontario|PE Prince Edward Island|QC Quebec|SK Saskatchewan|YT Yukon',
);
/** The same in French (`data/CA--fr`): the names that differ; Alberta, Manitoba, Nunavut, Ontario, Saskatchewan and Yukon are the same. */
const CA_PROVINCES_FR = {
  ...CA_PROVINCES,
  ...list('BC Colombie-Britannique|NB Nouveau-Brunswick|NL Terre-Neuve-et-Labrador|NT Territoires du Nord-Ouest|NS Nouvelle-Écosse|PE Île-du-Prince-Édouard|QC Québec'),
};

/** The lists by country, then by language (the dataset's `languages`; the first is its default `lang`). */
const STATE_LISTS: Record<string, Record<string, Record<string, string>>> = { US: { en: US_STATES }, CA: { en: CA_PROVINCES, fr: CA_PROVINCES_FR } };

/** A country's divisions named in a language (`fr-CA` reads as `fr`), else in the dataset's default language; null without a list. */
export function stateNames(country: string, lang = 'en'): Record<string, string> | null {
  const lists = Object.hasOwn(STATE_LISTS, country) ? STATE_LISTS[country]! : null;
  if (!lists) return null;
  const language = lang.split('-')[0]!.toLowerCase();
  return Object.hasOwn(lists, language) ? lists[language]! : Object.values(lists)[0]!;
}

const POSTAL_KINDS: Record<string, PostalKind> = { z: 'zip', c: 'postcode', i: 'pin', p: 'postal' };
const STATE_KINDS: Record<string, StateKind> = { s: 'state', v: 'province', r: 'region' };
const OTHER = '[A-Z\\d][A-Z\\d -]{0,8}[A-Z\\d]';

/** The rule of a country (ISO 3166-1 alpha-2); `lang`: the form's language, for the names of its divisions. */
export function countryRule(country: string, lang = 'en'): CountryRule {
  const rule = Object.hasOwn(RULES, country) ? RULES[country]! : '';
  const noPostal = !rule && NO_POSTAL.split(' ').includes(country);
  const state = rule[1]?.trim() ?? '';
  return {
    postal: noPostal ? null : (POSTAL_KINDS[rule[0] ?? 'p'] ?? 'postal'),
    pattern: new RegExp(`^(?:${rule.slice(3) || OTHER})$`, 'i'),
    state: STATE_KINDS[state.toLowerCase()] ?? null,
    stateRequired: state !== '' && state === state.toUpperCase(),
    states: stateNames(country, lang),
  };
}

/** The level and the email and phone a payment-method list's card entries ask for (`required_fields`). */
export function requiredByList(list: PaymentMethodListResponse): { level: BillingLevel; email: boolean; phone: boolean; values: Record<string, string> } {
  const keys = new Set<string>();
  const values: Record<string, string> = {};
  for (const method of list.payment_methods) {
    if (method.payment_method !== 'card') continue;
    for (const type of method.payment_method_types) {
      for (const [key, info] of Object.entries(type.required_fields ?? {})) {
        keys.add(key);
        if (info.value) values[key] = info.value;
      }
    }
  }
  const level: BillingLevel = keys.has('billing.address.line1') || keys.has('billing.address.city') ? 'full' : keys.has('billing.address.zip') || keys.has('billing.address.country') ? 'postal-code' : 'none';
  return { level, email: keys.has('billing.email') || keys.has('email'), phone: keys.has('billing.phone.number'), values };
}

/** The region of a language tag (`en` → `US`, `fr-CA` → `CA`), a country the form knows; else ''. */
export function regionOf(tag: string): string {
  try {
    const region = new Intl.Locale(tag).maximize().region ?? '';
    return (COUNTRY_CODES as readonly string[]).includes(region) ? region : '';
  } catch {
    return ''; // not a tag Intl reads: no region
  }
}

/** One collator per language (a select's options are sorted at each render). */
const collators = new Map<string, Intl.Collator>();
export function collatorFor(lang: string): Intl.Collator {
  let collator = collators.get(lang);
  if (!collator) {
    try {
      collator = new Intl.Collator([lang, 'en']);
    } catch {
      collator = new Intl.Collator('en'); // not a tag Intl reads: English order
    }
    collators.set(lang, collator);
  }
  return collator;
}

/** One region-name reader per language (a country's name in the shown language; null without `Intl.DisplayNames`). */
const regionNames = new Map<string, Intl.DisplayNames | null>();
/** A country's name in `lang` (English after it), or its code where this browser has no names. */
export function countryNameIn(lang: string, code: string): string {
  let names = regionNames.get(lang);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([lang, 'en'], { type: 'region' });
    } catch {
      names = null; // no display names in this browser, or not a tag Intl reads: the codes
    }
    regionNames.set(lang, names);
  }
  try {
    return names?.of(code) ?? code;
  } catch {
    return code;
  }
}

/** Every country as [code, name in `lang`], in that language's order: made once per language, not at each render. */
const countryLists = new Map<string, readonly (readonly [string, string])[]>();
export function countryOptions(lang: string): readonly (readonly [string, string])[] {
  let list = countryLists.get(lang);
  if (!list) {
    const collator = collatorFor(lang);
    list = COUNTRY_CODES.map((code) => [code, countryNameIn(lang, code)] as const).sort((a, b) => collator.compare(a[1], b[1]));
    countryLists.set(lang, list);
  }
  return list;
}

/** Per language, a `<template>` with every country's `<option>` in that language's order (countryOptions). */
const countryTemplates = new Map<string, HTMLTemplateElement>();
function countryTemplate(lang: string): HTMLTemplateElement {
  let template = countryTemplates.get(lang);
  if (!template) {
    template = document.createElement('template');
    for (const [code, name] of countryOptions(lang)) template.content.append(countryOption(code, name));
    countryTemplates.set(lang, template);
  }
  return template;
}
function countryOption(code: string, name: string): HTMLOptionElement {
  const option = document.createElement('option');
  option.value = code;
  option.textContent = name;
  return option;
}
function putOptions(select: HTMLSelectElement, options: Node): void {
  for (const option of [...select.options]) option.remove();
  select.append(options);
}

/** Selects that show only their chosen country until the whole list is put in (fillCountrySelect). */
const waiting = new WeakSet<HTMLSelectElement>();

/**
 * Puts a copy of its language's country options (about 250, made once per language) into the billing
 * country select when it has none or another language's, and shows `value`. Elements rather than a Lit
 * part per option: the fields' first render took about 30 ms more with those. The select's Lit markers
 * (comments) stay where they are; only its options are replaced.
 *
 * A select's first list comes in two steps: the chosen country alone (what a closed select shows, at
 * the same height), and the whole list after the next animation frame once the form is shown (in the
 * card frame, once the host has given the frame its height; at most a second later). In a language not
 * made before, the names of 250 countries, their order and their elements took 20–50 ms of the render
 * the form's first show waits for; in one made before (a copy of its template), laying the 250 options
 * out still took 3–5 ms of the form's first layout. The list is in long before a shopper or the
 * browser's autofill can reach the select. A select that shows another language's list gets the new
 * one at once.
 */
export function fillCountrySelect(select: HTMLSelectElement, lang: string, value: string): void {
  if (select.dataset['lang'] !== lang) {
    select.dataset['lang'] = lang;
    // (another language's list to replace: at once)
    if (select.options.length > 0) {
      waiting.delete(select);
      putOptions(select, countryTemplate(lang).content.cloneNode(true));
    } else {
      waiting.add(select);
      putOptions(select, value ? countryOption(value, countryNameIn(lang, value)) : new DocumentFragment());
      // after the frame that shows the form (in the card frame: once the host has given it its height, not
      // while it is 0 px high and its first show waits on it), or a second at most
      const view = select.ownerDocument.defaultView ?? window;
      // (run twice at most, by the frame and by the timer: the second finds the select no longer waiting)
      const fill = () => {
        view.removeEventListener('resize', shown);
        if (!waiting.has(select) || select.dataset['lang'] !== lang) return;
        waiting.delete(select);
        const chosen = select.value;
        putOptions(select, countryTemplate(lang).content.cloneNode(true));
        select.value = chosen;
      };
      const next = () => view.requestAnimationFrame(() => view.setTimeout(fill));
      const shown = () => {
        if (view.innerHeight === 0) return;
        view.removeEventListener('resize', shown);
        next();
      };
      if (view.innerHeight > 0) next();
      else view.addEventListener('resize', shown);
      view.setTimeout(fill, 1000);
    }
  } else if (waiting.has(select) && value && select.value !== value) putOptions(select, countryOption(value, countryNameIn(lang, value)));
  if (select.value !== value) select.value = value;
}
