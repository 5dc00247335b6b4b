/**
 * Localisation: English is built in; every other locale is its own module, loaded on first use
 * (`src/i18n/locales/<tag>.ts`, one file each in the script-tag build). A tag resolves along a fallback
 * chain — `fr-CH` → `fr` → `en` — to the first locale the widget has.
 */
import { en, type MessageKey, type Messages } from './en.js';
import { LOCALE_LOADERS } from './loaders.js';

export type { MessageKey, Messages };
export { en };

/** Every locale the widget speaks, `en` first. */
export const LOCALES: readonly string[] = ['en', ...Object.keys(LOCALE_LOADERS)];

/** Languages written right to left (primary subtags). */
const RTL_LANGUAGES = new Set(['ar', 'he', 'fa', 'ur', 'ps', 'sd', 'ug', 'yi', 'ckb', 'dv']);

/** Tags that name a locale we have under another name. */
const ALIASES: Record<string, string> = {
  iw: 'he',
  in: 'id',
  tl: 'fil',
  no: 'nb',
  nn: 'nb',
  'zh-hans': 'zh',
  'zh-cn': 'zh',
  'zh-sg': 'zh',
  'zh-hant': 'zh-TW',
  'zh-mo': 'zh-HK',
  'zh-hant-hk': 'zh-HK',
  'zh-hant-mo': 'zh-HK',
  'zh-hant-tw': 'zh-TW',
  'zh-hans-cn': 'zh',
  'sr-cyrl': 'sr',
};

/** Spanish outside Spain: the Latin American catalogue (UN M.49 419 and the countries CLDR gives es-419 as parent, Brazil and Belize among them). */
const LATIN_AMERICA = new Set(['419', 'ar', 'bo', 'br', 'bz', 'cl', 'co', 'cr', 'cu', 'do', 'ec', 'gt', 'hn', 'mx', 'ni', 'pa', 'pe', 'pr', 'py', 'sv', 'us', 'uy', 've']);

/** A record's own value: a tag such as `constructor` or `__proto__` never reaches `Object.prototype`. */
function own<T>(record: Record<string, T>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

const byLowerCase = new Map<string, string>();
function supported(lowerTag: string): string | undefined {
  if (byLowerCase.size === 0) for (const tag of LOCALES) byLowerCase.set(tag.toLowerCase(), tag);
  return byLowerCase.get(lowerTag);
}

/**
 * The locales to try for a tag, most specific first, always ending in `en`: `fr-CH` → `['fr', 'en']`,
 * `pt-BR` → `['pt-BR', 'pt', 'en']`, `es-MX` → `['es-419', 'es', 'en']`, `xx` → `['en']`.
 */
export function localeChain(tag: string | null | undefined): string[] {
  const chain: string[] = [];
  const add = (candidate: string | undefined) => {
    if (candidate && !chain.includes(candidate)) chain.push(candidate);
  };
  const subtags = (tag ?? '').trim().replace(/_/g, '-').toLowerCase().split('-').filter(Boolean);
  for (let length = subtags.length; length > 0; length -= 1) {
    const candidate = subtags.slice(0, length).join('-');
    const alias = own(ALIASES, candidate);
    add(supported(candidate) ?? (alias ? supported(alias.toLowerCase()) : undefined));
    if (length === 2 && subtags[0] === 'es' && LATIN_AMERICA.has(subtags[1] ?? '')) add(supported('es-419'));
  }
  add('en');
  return chain;
}

/** The supported locale a tag resolves to (the head of its chain). */
export function matchLocale(tag: string | null | undefined): string {
  return localeChain(tag)[0] ?? 'en';
}

/** Whether this browser's `Intl` has data for a tag (`Intl.NumberFormat.supportedLocalesOf`; Chromium has none for is, mt, nn). */
export function hasIntlData(tag: string): boolean {
  try {
    return Intl.NumberFormat.supportedLocalesOf(tag).length > 0;
  } catch {
    return false; // not a BCP 47 tag
  }
}

/** Whether the widget speaks a tag: a locale along its chain before English, or English itself. */
const speaks = (tag: string) => matchLocale(tag) !== 'en' || /^\s*en\b/i.test(tag);

/**
 * The tag asked for, in canonical form (`FR_ca` → `fr-CA`, `iw` → `he`), region kept: the attribute's, or for
 * `auto` (or nothing) the page's `lang`; when the widget does not speak it, the browser's languages in order,
 * taking the first it speaks (English when none). What is no BCP 47 tag becomes the locale it matches.
 */
function requestedTag(locale: string | null | undefined): string {
  const candidates = [locale && locale !== 'auto' ? locale : typeof document !== 'undefined' ? document.documentElement.lang : ''];
  if (typeof navigator !== 'undefined') candidates.push(...(navigator.languages ?? []), navigator.language);
  const tag = candidates.find((candidate) => candidate && speaks(candidate)) ?? 'en';
  try {
    return Intl.getCanonicalLocales(tag.replace(/_/g, '-'))[0] ?? 'en';
  } catch {
    return matchLocale(tag);
  }
}

/**
 * What `auto` means for an element: the `lang` of its closest ancestor that has one, across shadow roots
 * (the page's `<html lang>` unless a part of the page says otherwise); empty when none does. The host
 * element sends the frame its own closest `lang` (within its tree: it does not cross shadow roots, to
 * stay in its 6 KB) or the browser's language, and the frame resolves it with the same rule.
 */
export function pageLanguage(element: Element): string {
  let node: Element | undefined = element;
  let lang: string | null | undefined;
  while (node && !(lang = node.closest('[lang]')?.getAttribute('lang'))) node = (node.getRootNode() as Partial<ShadowRoot>).host;
  return lang ?? '';
}

/**
 * The tag `Intl` formats amounts and times with: the tag asked for, region included (`de-CH` formats
 * "EUR 25.00" while the text is `de`), or where this browser's `Intl` has no data for it the first tag along
 * its chain that it has (`nn` → `nb`, `is` → `en`), so a format never silently follows the browser's own language.
 */
export function formattingLocale(locale: string | null | undefined, intlHas: (tag: string) => boolean = hasIntlData): string {
  const requested = requestedTag(locale);
  return [requested, ...localeChain(requested)].find((tag) => intlHas(tag)) ?? 'en';
}

/**
 * The tag the widget speaks: its catalogue is `matchLocale(tag)`, it is the `lang` of the text, and it keeps
 * the region `Intl` formats with whenever one tag can do both (`de-CH`; `nn` → `nb`). Where `Intl` lacks the
 * language (`is`), this is the catalogue's tag and `formattingLocale` names the tag to format with.
 */
export function resolveLocale(locale: string | null | undefined, intlHas: (tag: string) => boolean = hasIntlData): string {
  const text = matchLocale(requestedTag(locale));
  const formatting = formattingLocale(locale, intlHas);
  return matchLocale(formatting) === text && (text !== 'en' || /^en\b/i.test(formatting)) ? formatting : text;
}

/** `rtl` for Arabic, Hebrew, Persian, Urdu and the other right-to-left languages. */
export function textDirection(tag: string): 'ltr' | 'rtl' {
  const language = tag.toLowerCase().split(/[-_]/)[0] ?? '';
  return RTL_LANGUAGES.has(own(ALIASES, language) ?? language) ? 'rtl' : 'ltr';
}

const loaded = new Map<string, Messages>([['en', en]]);
/** Each loaded locale module's texts as it came (the billing chunk reads its own texts after the form's). */
const shipped = new Map<string, unknown>();
/** A loaded locale module's texts as they came (a list as built, an object from the sources); undefined until loaded. */
export const shippedTexts = (tag: string): unknown => shipped.get(matchLocale(tag));
const loading = new Map<string, Promise<Messages>>();

/** The catalogue of a tag (see `matchLocale`) if it is in memory already (English always is). */
export function loadedCatalogue(tag: string): Messages | undefined {
  return loaded.get(matchLocale(tag));
}

/**
 * A locale module's texts. The sources are objects; as built (scripts/locale-values.mjs) a module is the
 * list of its texts in the order of English's keys, a third smaller gzipped than the object.
 */
export const localeTexts = (texts: Messages | readonly string[]): Messages =>
  Array.isArray(texts) ? (Object.fromEntries(Object.keys(en).map((key, index) => [key, texts[index]])) as Messages) : (texts as Messages);

/**
 * The catalogue of a tag (`fr-CH` → `fr`, see `matchLocale`), loaded once. A module that cannot be fetched
 * falls back along the chain (`fr-CA` → `fr` → `en`) and is tried again on the next call.
 */
export function loadCatalogue(requested: string): Promise<Messages> {
  const tag = matchLocale(requested);
  const ready = loaded.get(tag);
  if (ready) return Promise.resolve(ready);
  let pending = loading.get(tag);
  if (!pending) {
    const loader = own(LOCALE_LOADERS, tag);
    pending = (loader ? loader() : Promise.reject(new Error(`no locale ${tag}`))).then(
      (module) => {
        shipped.set(tag, module.default);
        const messages = { ...en, ...localeTexts(module.default) };
        loaded.set(tag, messages);
        loading.delete(tag);
        return messages;
      },
      () => {
        loading.delete(tag);
        const next = localeChain(tag).find((candidate) => candidate !== tag) ?? 'en';
        return next === tag ? en : loadCatalogue(next);
      },
    );
    loading.set(tag, pending);
  }
  return pending;
}

/**
 * A value set into a sentence as one bidi isolate (FSI … PDI), so it never reorders with the words around
 * it; inside, a currency symbol written with Latin letters (`US$`, `CA$`, `R$`) is a left-to-right isolate
 * of its own, or a right-to-left amount draws it as "$US".
 */
export function isolate(value: string): string {
  return `\u2068${value.replace(/\p{Sc}*\p{Script=Latin}+\p{Sc}+|\p{Sc}+\p{Script=Latin}+/gu, '\u2066$&\u2069')}\u2069`;
}

/** Fills `{name}` placeholders, each value isolated (see `isolate`): amounts, times and brand names alike. */
export function formatMessage(template: string, params: Record<string, string> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = own(params, name);
    return value === undefined ? whole : isolate(value);
  });
}

/** A catalogue with the host's overrides on top (only known keys with string values are taken). */
export function withOverrides(messages: Messages, overrides: Partial<Messages> | null | undefined): Messages {
  if (!overrides || typeof overrides !== 'object') return messages;
  const result = { ...messages };
  for (const [key, value] of Object.entries(overrides)) {
    if (Object.hasOwn(en, key) && typeof value === 'string') result[key as MessageKey] = value;
  }
  return result;
}

/** English with the host's overrides on top. */
export function catalogue(overrides: Partial<Messages> = {}): Messages {
  return withOverrides(en, overrides);
}
