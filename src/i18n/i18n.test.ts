import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { basename } from 'node:path';
import { after, describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import { localeValuesPlugin } from '../../scripts/locale-values.mjs';
import { LOCALE_LOADERS } from './loaders.js';
import { billingEn, billingTexts } from './billing-en.js';
import { LOCALES, en, formatMessage, localeTexts, formattingLocale, isolate, loadCatalogue, loadedCatalogue, localeChain, matchLocale, resolveLocale, textDirection, withOverrides, type Messages } from './index.js';

const localeDir = new URL('./locales/', import.meta.url);
const files = readdirSync(localeDir).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'));
const tags = files.map((name) => basename(name, '.ts'));
const placeholders = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort().join(',');
/** The budget (docs/architecture.md "Budgets"): one more locale, gzip, at most 1.5 KB. */
const LOCALE_BUDGET = 1536;
/** Messages that may read the same as English in any language (digits, abbreviations, "Format" in German, Danish, Polish …). */
const MAY_MATCH_ENGLISH = new Set(['numberPlaceholder', 'cvcPlaceholder', 'expiryPlaceholder', 'expiryHint', 'payNoAmount', 'pay']);

describe('locale catalogue', () => {
  it('speaks at least 50 locales, English included', () => {
    assert.ok(LOCALES.length >= 50, `only ${LOCALES.length} locales`);
    assert.equal(LOCALES[0], 'en');
  });

  it('loads every module in src/i18n/locales and nothing else', () => {
    assert.deepEqual(Object.keys(LOCALE_LOADERS).sort(), [...tags].sort());
  });

  for (const tag of tags) {
    describe(tag, () => {
      it('has every message, no more, with the same placeholders and no English holes', async () => {
        const messages = ((await import(`./locales/${tag}.js`)) as { default: Messages & Record<string, string> }).default;
        // the billing fields' texts (src/i18n/billing-en.ts) right after `holderName`
        const keys = Object.keys(en);
        const at = keys.indexOf('holderName') + 1;
        assert.deepEqual(Object.keys(messages), [...keys.slice(0, at), ...Object.keys(billingEn), ...keys.slice(at)], 'same keys in the same order');
        const copied: string[] = [];
        for (const [key, english] of Object.entries({ ...en, ...billingEn }) as [keyof Messages, string][]) {
          const text = messages[key];
          assert.equal(typeof text, 'string', key);
          assert.ok(text.trim().length > 0, `${key} is empty`);
          assert.equal(placeholders(text), placeholders(english), `${key} keeps its placeholders`);
          if (text === english && !MAY_MATCH_ENGLISH.has(key)) copied.push(key);
        }
        // a message left in English is a hole a customer would see; short words (e.g. "OK") may match
        assert.deepEqual(copied.filter((key) => ({ ...en, ...billingEn })[key as keyof Messages].length > 12), [], 'messages left in English');
      });

      it(`is at most ${LOCALE_BUDGET} bytes gzip when built, and reads back as the same catalogue`, async () => {
        // as scripts/build-bundle.mjs builds it: the list of its texts (scripts/locale-values.mjs)
        const built = await esbuild.build({
          entryPoints: [new URL(`${tag}.ts`, localeDir).pathname],
          bundle: true, minify: true, charset: 'utf8', format: 'esm', write: false, logLevel: 'silent', plugins: [localeValuesPlugin()],
        });
        const size = gzipSync(built.outputFiles[0]!.contents, { level: 9 }).length;
        assert.ok(size <= LOCALE_BUDGET, `${tag}: ${size} bytes gzip`);
        const shipped = ((await import(`data:text/javascript;base64,${Buffer.from(built.outputFiles[0]!.text).toString('base64')}`)) as { default: string[] }).default;
        assert.ok(Array.isArray(shipped), 'a list of texts');
        const source = ((await import(`./locales/${tag}.js`)) as { default: Messages }).default;
        // the form reads its texts, the billing chunk the billing fields' after them
        assert.deepEqual({ ...localeTexts(shipped), ...billingTexts(shipped) }, source);
      });
    });
  }
});

describe('meaning kept in the shortest catalogues', () => {
  const load = async (tag: string) => ((await import(`./locales/${tag}.js`)) as { default: Messages }).default;
  /** Messages a review found shortened past their meaning, and the words that carry it back. */
  const kept: [string, keyof Messages, string, string][] = [
    ['hi', 'error.outcomeUnknown', 'पुष्टि नहीं', 'we could not confirm'],
    ['ja', 'error.outcomeUnknown', '確認できませんでした', 'we could not confirm'],
    ['ko', 'error.outcomeUnknown', '확인할 수 없', 'we could not confirm'],
    ['el', 'error.expired', 'συνεδρία', 'the session (not the payment period)'],
    ['bn', 'error.expiry.too_far', 'ভবিষ্যতে', 'in the future'],
    ['th', 'error.expiry.too_far', 'อนาคต', 'in the future'],
    ['uk', 'error.expiry.too_far', 'майбутньому', 'in the future'],
    ['sr', 'error.expiry.too_far', 'будућности', 'in the future'],
    ['ta', 'error.expiry.too_far', 'எதிர்காலத்தில்', 'in the future'],
    ['ur', 'error.expiry.too_far', 'مستقبل', 'in the future'],
  ];
  for (const [tag, key, words, meaning] of kept) {
    it(`${tag} ${key} says "${meaning}"`, async () => {
      assert.ok((await load(tag))[key].includes(words), `${tag} ${key}: ${(await load(tag))[key]}`);
    });
  }

  /** The words that say "in the future" in each catalogue's `too_far` (a review found ar, es, ja, ru … without them). */
  const future: Record<string, string> = {
    en: 'future', af: 'toekoms', ar: 'المستقبل', bg: 'бъдещето', bn: 'ভবিষ্যতে', ca: 'futur', cs: 'budoucnosti', da: 'fremtiden', de: 'Zukunft',
    el: 'μέλλον', es: 'futuro', 'es-419': 'futuro', et: 'tulevikus', fa: 'آینده', fi: 'tulevaisuudessa', fil: 'hinaharap', fr: 'futur',
    'fr-CA': 'futur', he: 'בעתיד', hi: 'भविष्य', hr: 'budućnosti', hu: 'jövőben', id: 'masa depan', is: 'fram í tímann', it: 'futuro',
    ja: '未来', ko: '미래', lt: 'ateityje', lv: 'nākotnē', ms: 'masa hadapan', mt: 'futur', nb: 'frem i tid', nl: 'toekomst', pl: 'przyszłości',
    pt: 'futuro', 'pt-BR': 'futuro', ro: 'viitor', ru: 'будущем', sk: 'budúcnosti', sl: 'prihodnosti', sr: 'будућности', 'sr-Latn': 'budućnosti',
    sv: 'fram i tiden', sw: 'siku zijazo', ta: 'எதிர்காலத்தில்', th: 'อนาคต', tr: 'gelecekte', uk: 'майбутньому', ur: 'مستقبل', vi: 'tương lai',
    zh: '未来', 'zh-TW': '未來', 'zh-HK': '未來',
  };

  it('every catalogue’s error.expiry.too_far says "in the future"', async () => {
    assert.deepEqual(Object.keys(future).sort(), [...LOCALES].sort());
    for (const tag of LOCALES) {
      const text = tag === 'en' ? en['error.expiry.too_far'] : (await load(tag))['error.expiry.too_far'];
      assert.ok(text.includes(future[tag]!), `${tag}: ${text}`);
    }
  });

  it('Chinese and Japanese write "(optional)" with full-width parentheses', async () => {
    for (const tag of ['ja', 'zh', 'zh-TW', 'zh-HK']) assert.match((await load(tag)).optional, /^（[^()（）]+）$/, tag);
  });

  it('the security code’s length errors name the digits (4, on the front, for the brand; 3 when too long)', async () => {
    for (const tag of LOCALES) {
      const messages = tag === 'en' ? en : await load(tag);
      assert.match(messages['error.cvc.front'], /\{brand\}.*4|4.*\{brand\}/, tag);
      assert.match(messages['error.cvc.invalid'], /3/, tag);
      assert.doesNotMatch(messages['error.cvc.invalid'], /4/, tag);
    }
  });

  it('every expiry placeholder names two different things (month / year)', async () => {
    for (const tag of tags) {
      const [month, year] = (await load(tag)).expiryPlaceholder.split('/').map((half) => half.trim());
      assert.ok(month && year && month !== year, `${tag}: ${(await load(tag)).expiryPlaceholder}`);
    }
  });
});

describe('Serbian in Latin script (sr-Latn)', () => {
  const LATIN: Record<string, string> = {
    А: 'A', Б: 'B', В: 'V', Г: 'G', Д: 'D', Ђ: 'Đ', Е: 'E', Ж: 'Ž', З: 'Z', И: 'I', Ј: 'J', К: 'K', Л: 'L', Љ: 'Lj', М: 'M',
    Н: 'N', Њ: 'Nj', О: 'O', П: 'P', Р: 'R', С: 'S', Т: 'T', Ћ: 'Ć', У: 'U', Ф: 'F', Х: 'H', Ц: 'C', Ч: 'Č', Џ: 'Dž', Ш: 'Š',
  };
  /** Serbian Cyrillic to Gaj's Latin alphabet, letter by letter (the standard one-to-one mapping). */
  const toLatin = (text: string) =>
    [...text].map((char) => {
      const upper = LATIN[char];
      if (upper !== undefined) return upper;
      const lower = LATIN[char.toUpperCase()];
      return lower !== undefined ? lower.toLowerCase() : char;
    }).join('');

  it('is a locale of its own, chosen for sr-Latn tags; sr stays Cyrillic', () => {
    assert.ok(LOCALES.includes('sr-Latn'));
    assert.deepEqual(localeChain('sr-Latn-RS'), ['sr-Latn', 'sr', 'en']);
    assert.equal(matchLocale('sr-RS'), 'sr');
    assert.equal(matchLocale('sr-Cyrl'), 'sr');
  });

  it('says what sr says, in Latin letters only', async () => {
    const cyrillic = ((await import('./locales/sr.js')) as { default: Messages }).default;
    const latin = await loadCatalogue('sr-Latn');
    for (const key of Object.keys(en) as (keyof Messages)[]) {
      assert.doesNotMatch(latin[key], /\p{Script=Cyrillic}/u, key);
      assert.equal(latin[key], toLatin(cyrillic[key]), key);
    }
  });
});

describe('localeChain', () => {
  const cases: [string, string[]][] = [
    ['fr-CH', ['fr', 'en']],
    ['fr-CA', ['fr-CA', 'fr', 'en']],
    ['FR_ca', ['fr-CA', 'fr', 'en']],
    ['pt-BR', ['pt-BR', 'pt', 'en']],
    ['pt-PT', ['pt', 'en']],
    ['es-MX', ['es-419', 'es', 'en']],
    ['es-ES', ['es', 'en']],
    ['zh-Hant-TW', ['zh-TW', 'zh', 'en']],
    ['zh-Hant', ['zh-TW', 'zh', 'en']],
    ['zh-CN', ['zh', 'en']],
    ['iw', ['he', 'en']],
    ['no', ['nb', 'en']],
    ['en-GB', ['en']],
    ['xx', ['en']],
    ['', ['en']],
  ];
  for (const [tag, chain] of cases) {
    it(`${tag || '(empty)'} → ${chain.join(' → ')}`, (context) => {
      // only assert on locales that exist: the chain never names one that does not
      if (chain.some((candidate) => !LOCALES.includes(candidate))) context.skip(`needs ${chain.join(', ')}`);
      else assert.deepEqual(localeChain(tag), chain);
    });
  }

  it('never names a locale the widget does not have', () => {
    for (const tag of ['fr-CH', 'de-AT', 'sr-Latn-RS', 'zh-Hant-HK', 'qq-QQ']) {
      for (const candidate of localeChain(tag)) assert.ok(LOCALES.includes(candidate), `${tag}: ${candidate}`);
    }
  });
});

describe('resolveLocale', () => {
  const globals = globalThis as { document?: unknown; navigator?: unknown };
  const saved = { document: globals.document, navigator: Object.getOwnPropertyDescriptor(globalThis, 'navigator') };
  const page = (lang: string, languages: string[]) => {
    globals.document = { documentElement: { lang } };
    Object.defineProperty(globalThis, 'navigator', { value: { languages, language: languages[0] ?? '' }, configurable: true });
  };
  after(() => {
    globals.document = saved.document;
    if (saved.navigator) Object.defineProperty(globalThis, 'navigator', saved.navigator);
    else delete globals.navigator; // Node 20 has none: the later tests read no browser languages
  });

  it('takes an explicit tag over the page, region included', () => {
    page('de', ['fr']);
    assert.equal(resolveLocale('fr-CH'), 'fr-CH');
    assert.equal(matchLocale(resolveLocale('fr-CH')), 'fr');
  });
  it('auto: the page language first, region included (de-CH formats "EUR 25.00", the text is de)', () => {
    page('de-CH', ['fr-FR']);
    assert.equal(resolveLocale('auto'), 'de-CH');
    assert.equal(matchLocale(resolveLocale('auto')), 'de');
    page('fr-CH', ['de']);
    assert.equal(resolveLocale('auto'), 'fr-CH');
  });
  it('auto: then the browser languages in order, skipping ones the widget lacks', () => {
    page('', ['qq-QQ', 'it-CH', 'fr']);
    assert.equal(resolveLocale('auto'), 'it-CH');
  });
  it('auto: an unsupported page language falls through to the browser', () => {
    page('qq', ['es-AR']);
    assert.equal(resolveLocale(null), 'es-AR');
    assert.equal(matchLocale(resolveLocale(null)), 'es-419');
  });
  it('auto: English when nothing matches', () => {
    page('', ['qq']);
    assert.equal(resolveLocale('auto'), 'en');
  });
  it('auto: an English page stays English even when the browser prefers another language', () => {
    page('en-US', ['fr']);
    assert.equal(resolveLocale('auto'), 'en-US');
  });
  it('writes tags in canonical form', () => {
    assert.equal(resolveLocale('FR_ca'), 'fr-CA');
    assert.equal(resolveLocale('iw'), 'he');
  });
  it('a language the widget does not speak, even asked for by name: the browser languages it speaks, then English, whatever Intl could format', () => {
    page('de', ['qq', 'fr']);
    assert.equal(resolveLocale('gu-IN'), 'fr', 'the page language is for auto only');
    page('de', ['qq']);
    assert.equal(resolveLocale('gu-IN'), 'en');
    assert.equal(resolveLocale('not a tag'), 'en');
  });
});

describe('formattingLocale: the tag Intl formats amounts and times with', () => {
  const globals = globalThis as { document?: unknown };
  const saved = globals.document;
  after(() => {
    globals.document = saved;
  });
  /** An Intl without data for Icelandic, Maltese and Nynorsk, as Chromium ships. */
  const chromium = (tag: string) => !/^(is|mt|nn)\b/i.test(tag);

  it('keeps the region asked for', () => {
    assert.equal(formattingLocale('de-CH', chromium), 'de-CH');
    assert.equal(formattingLocale('pt-BR', chromium), 'pt-BR');
    assert.equal(formattingLocale('en-GB', chromium), 'en-GB');
  });
  it('auto: the page tag that chose the catalogue, region included', () => {
    globals.document = { documentElement: { lang: 'fr-CH' } };
    assert.equal(formattingLocale('auto', chromium), 'fr-CH');
  });
  it('falls back along the chain where Intl has no data: nn → nb, is → en, mt-MT → en', () => {
    assert.equal(formattingLocale('nn', chromium), 'nb');
    assert.equal(formattingLocale('nn-NO', chromium), 'nb');
    assert.equal(formattingLocale('is', chromium), 'en');
    assert.equal(formattingLocale('mt-MT', chromium), 'en');
  });
  it('the text stays in the language asked for while the formats fall back', () => {
    assert.equal(matchLocale(resolveLocale('is', chromium)), 'is');
    assert.equal(matchLocale(resolveLocale('mt', chromium)), 'mt');
    // Nynorsk reads the Bokmål catalogue, and Intl formats Bokmål: one tag serves both
    assert.equal(resolveLocale('nn', chromium), 'nb');
  });
  it('English for a value that is no tag', () => {
    assert.equal(formattingLocale('constructor', chromium), 'en');
    assert.equal(formattingLocale('not a tag', chromium), 'en');
  });
  it('loads the catalogue of a resolved tag under any region', async () => {
    const fr = await loadCatalogue('fr');
    assert.equal(await loadCatalogue('fr-CH'), fr);
    assert.equal(loadedCatalogue('fr-CH'), fr);
  });
});

describe('direction, loading and overrides', () => {
  it('writes Arabic, Hebrew, Persian and Urdu right to left, and the rest left to right', () => {
    for (const tag of ['ar', 'ar-EG', 'he', 'iw', 'fa-IR', 'ur']) assert.equal(textDirection(tag), 'rtl', tag);
    for (const tag of ['en', 'fr-CA', 'zh-TW', 'ja', 'hi']) assert.equal(textDirection(tag), 'ltr', tag);
  });

  it('loads a locale once and serves it from memory afterwards', async () => {
    const tag = tags[0]!;
    const first = await loadCatalogue(tag);
    assert.equal(await loadCatalogue(tag), first);
    assert.notEqual(first.cardNumber, en.cardNumber);
  });

  it('falls back to English for a locale it cannot load', async () => {
    assert.equal(await loadCatalogue('qq'), en);
  });

  it('overrides take known keys with string values only', () => {
    const merged = withOverrides(en, { cardNumber: 'Kartennummer', nonsense: 'x', pay: 42 } as unknown as Partial<Messages>);
    assert.equal(merged.cardNumber, 'Kartennummer');
    assert.equal(merged.pay, en.pay);
    assert.ok(!('nonsense' in merged));
  });

  it('fills placeholders, each value isolated, and leaves unknown ones visible', () => {
    assert.equal(formatMessage('Pay {amount} {x}', { amount: '€1' }), 'Pay \u2068€1\u2069 {x}');
  });

  it('isolates a Latin currency symbol inside an amount left to right (US$, CA$, R$), and nothing else', () => {
    assert.equal(formatMessage('دفع {amount}', { amount: '\u200f25.00\u00a0US$' }), 'دفع \u2068\u200f25.00\u00a0\u2066US$\u2069\u2069');
    assert.equal(isolate('\u200f25.00\u00a0CA$'), '\u2068\u200f25.00\u00a0\u2066CA$\u2069\u2069');
    assert.equal(isolate('R$\u00a025,00'), '\u2068\u2066R$\u2069\u00a025,00\u2069');
    assert.equal(isolate('$10.99'), '\u2068$10.99\u2069');
    assert.equal(isolate('BHD 1.234'), '\u2068BHD 1.234\u2069');
    assert.equal(isolate('3:45 PM'), '\u20683:45 PM\u2069');
    assert.equal(formatMessage('Card brand: {brand}', { brand: 'Visa' }), 'Card brand: \u2068Visa\u2069');
  });
});

describe('Object.prototype names are no locales, aliases, loaders, messages or parameters', () => {
  const names = ['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__', 'isPrototypeOf', '__defineGetter__'];

  for (const name of names) {
    it(`${name}: falls back to English like any unknown tag`, async () => {
      assert.deepEqual(localeChain(name), ['en']);
      assert.equal(matchLocale(name), 'en');
      assert.equal(resolveLocale(name), 'en');
      assert.equal(textDirection(name), 'ltr');
      assert.equal(await loadCatalogue(name), en);
    });
  }

  it('overrides under those names are ignored and placeholders of those names stay visible', () => {
    const overrides = JSON.parse('{"constructor":"x","__proto__":"y","toString":"z","cardNumber":"Nummer"}') as Partial<Messages>;
    const merged = withOverrides(en, overrides);
    assert.equal(merged.cardNumber, 'Nummer');
    assert.equal(Object.hasOwn(merged, 'constructor'), false);
    assert.equal(Object.hasOwn(merged, 'toString'), false);
    assert.equal(Object.getPrototypeOf(merged), Object.prototype);
    assert.equal(formatMessage('{constructor} {toString}', {}), '{constructor} {toString}');
  });
});
