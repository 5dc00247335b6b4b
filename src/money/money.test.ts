import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { CURRENCIES, formatAmount, minorUnits, toMajor } from './index.js';

/** Intl separates the code from the number with a no-break space; compare with plain spaces. */
const plain = (text: string): string => text.replace(/[\u00a0\u202f]/g, ' ');

const ZERO_DECIMAL = 'BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX VND VUV XAF XOF XPF'.split(' ');
const THREE_DECIMAL = 'BHD IQD JOD KWD LYD OMR TND'.split(' ');

describe('CURRENCIES', () => {
  it('is the spec list: 159 unique upper-case codes, stablecoins included', () => {
    assert.equal(CURRENCIES.length, 159);
    assert.equal(new Set(CURRENCIES).size, CURRENCIES.length);
    for (const code of CURRENCIES) assert.match(code, /^[A-Z]{3,4}$/);
    assert.deepEqual([...CURRENCIES].sort(), [...CURRENCIES]);
    const codes: readonly string[] = CURRENCIES;
    for (const code of ['USD', 'EUR', 'JPY', 'BHD', 'USDC', 'USDT', 'ZWL', 'AED']) assert.ok(codes.includes(code), code);
  });
});

describe('minorUnits', () => {
  it('is 0, 3 or 2 per ISO 4217 for every spec currency', () => {
    for (const code of CURRENCIES) {
      const expected = ZERO_DECIMAL.includes(code) ? 0 : THREE_DECIMAL.includes(code) ? 3 : 2;
      assert.equal(minorUnits(code), expected, code);
    }
  });

  it('ignores case and spaces, and is 2 for unknown codes and the stablecoins', () => {
    assert.equal(minorUnits('jpy'), 0);
    assert.equal(minorUnits(' kwd '), 3);
    assert.equal(minorUnits('USDC'), 2);
    assert.equal(minorUnits('USDT'), 2);
    assert.equal(minorUnits('XYZ'), 2);
    assert.equal(minorUnits(''), 2);
    assert.equal(minorUnits('__proto__'), 2);
    assert.equal(minorUnits('CLF'), 4);
  });
});

describe('toMajor', () => {
  it('divides by the minor unit', () => {
    assert.equal(toMajor(1099, 'USD'), 10.99);
    assert.equal(toMajor(1000, 'JPY'), 1000);
    assert.equal(toMajor(1234, 'BHD'), 1.234);
    assert.equal(toMajor(-50, 'EUR'), -0.5);
    assert.equal(toMajor(0, 'KWD'), 0);
  });
});

describe('formatAmount', () => {
  it('formats one literal per exponent (en-US)', () => {
    assert.equal(formatAmount(1000, 'JPY', 'en-US'), '¥1,000');
    assert.equal(formatAmount(1099, 'USD', 'en-US'), '$10.99');
    assert.equal(plain(formatAmount(1234, 'BHD', 'en-US')), 'BHD 1.234');
    assert.equal(formatAmount(123456, 'USD', 'en-US'), '$1,234.56');
    assert.equal(formatAmount(5, 'USD', 'en-US'), '$0.05');
  });

  it('uses the exponent of the table, not the locale data', () => {
    // CLDR shows IQD without decimals; its ISO minor unit is 3 (the fils)
    assert.equal(plain(formatAmount(1500, 'IQD', 'en-US')), 'IQD 1.500');
    assert.equal(plain(formatAmount(1500, 'CLP', 'en-US')), 'CLP 1,500');
  });

  it('matches Intl with the fraction digits of the table, for every three-letter spec currency', () => {
    for (const code of CURRENCIES.filter((c) => c.length === 3)) {
      const digits = minorUnits(code);
      const expected = new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency: code,
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      }).format(123456 / 10 ** digits);
      assert.equal(formatAmount(123456, code, 'en-US'), expected, code);
    }
  });

  it('formats for the locale', () => {
    assert.equal(plain(formatAmount(1099, 'EUR', 'de-DE')), '10,99 €');
    assert.equal(plain(formatAmount(123456789, 'EUR', 'de-DE')), '1.234.567,89 €');
    assert.equal(plain(formatAmount(1099, 'EUR', 'fr-FR')), '10,99 €');
    assert.equal(formatAmount(1000, 'JPY', 'ja-JP'), '￥1,000');
  });

  it('accepts a lower-case code', () => {
    assert.equal(formatAmount(1099, 'usd', 'en-US'), '$10.99');
  });

  it('shows codes Intl rejects as number and code', () => {
    assert.equal(formatAmount(1099, 'USDC', 'en-US'), '10.99 USDC');
    assert.equal(formatAmount(1099, 'usdt', 'de-DE'), '10,99 USDT');
    assert.equal(formatAmount(1099, 'US', 'en-US'), '10.99 US');
    assert.equal(formatAmount(1099, '', 'en-US'), '10.99');
    assert.equal(formatAmount(1099, '€', 'en-US'), '10.99 €');
  });

  it('does not throw for an unknown but well-formed code', () => {
    assert.equal(plain(formatAmount(1099, 'XYZ', 'en-US')), 'XYZ 10.99');
  });

  it('falls back to the default locale for a malformed locale tag', () => {
    assert.equal(formatAmount(1099, 'USD', 'not a locale!'), formatAmount(1099, 'USD'));
  });

  it('never throws, for any integer, currency and locale', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer(), fc.maxSafeInteger(), fc.constant(Number.MIN_SAFE_INTEGER)),
        fc.oneof(fc.string(), fc.constantFrom(...CURRENCIES)),
        fc.option(fc.oneof(fc.string(), fc.constantFrom('en-US', 'de-DE', 'ar-EG', 'hi-IN')), { nil: undefined }),
        (amount, currency, locale) => {
          const text = formatAmount(amount, currency, locale);
          assert.equal(typeof text, 'string');
          assert.ok(text.length > 0);
        },
      ),
    );
  });
});
