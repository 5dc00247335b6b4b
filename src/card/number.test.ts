import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { CARD_BRANDS } from './brands.js';
import type { CardBrand } from './brands.js';
import { detectBrand, formatCardNumber, formatCardNumberInput, validateCardNumber } from './number.js';

/** Appends the Luhn check digit to `body` (reference implementation, independent of luhn.ts). */
function withCheckDigit(body: string): string {
  let sum = 0;
  [...body].reverse().forEach((char, i) => {
    const digit = Number(char) * (i % 2 === 0 ? 2 : 1);
    sum += digit > 9 ? digit - 9 : digit;
  });
  return body + String((10 - (sum % 10)) % 10);
}

/** Digits only. */
const strip = (text: string): string => text.replace(/\D/g, '');

/** Published test numbers (Stripe, Adyen, Braintree, PayPal, issuers), plus computed ones per range. */
const TEST_NUMBERS: [CardBrand, string][] = [
  ['visa', '4242424242424242'],
  ['visa', '4111111111111111'],
  ['visa', '4000056655665556'],
  ['visa', '4222222222222'],
  ['visa', withCheckDigit('424242424242424242')],
  ['mastercard', '5555555555554444'],
  ['mastercard', '2223003122003222'],
  ['mastercard', '5200828282828210'],
  ['mastercard', '5105105105105100'],
  ['mastercard', '2223000048400011'],
  ['mastercard', withCheckDigit('272099999999999')],
  ['amex', '378282246310005'],
  ['amex', '371449635398431'],
  ['discover', '6011111111111117'],
  ['discover', '6011000990139424'],
  ['discover', '6445644564456445'],
  ['discover', withCheckDigit('650100000000000')],
  ['diners', '30569309025904'],
  ['diners', '36227206271667'],
  ['diners', '38520000023237'],
  ['diners', withCheckDigit('305693090259040')],
  ['jcb', '3566002020360505'],
  ['jcb', '3530111333300000'],
  ['jcb', '3569990010095841'],
  ['unionpay', '6200000000000005'],
  ['unionpay', '6205500000000000004'],
  ['unionpay', '6222988812340000'], // Square's UnionPay test card: fails Luhn, issued in a non-Luhn range
  ['unionpay', withCheckDigit('810000000000000')],
  ['maestro', '6759649826438453'],
  ['maestro', '5018000000000009'],
  ['maestro', withCheckDigit('50380000000')],
  ['rupay', withCheckDigit('652200000000000')],
  ['rupay', withCheckDigit('608000000000000')],
  ['rupay', withCheckDigit('817290000000000')],
  ['elo', '6362970000457013'],
  ['elo', '5066991111111118'],
  ['elo', withCheckDigit('650031000000000')],
  ['elo', withCheckDigit('401178000000000')],
  ['hipercard', '6062826786276634'],
  ['hipercard', withCheckDigit('384100000000000000')],
  ['mir', withCheckDigit('220000000000000')],
  ['mir', withCheckDigit('220400000000000000')],
  ['verve', '5060990580000217499'],
  ['verve', withCheckDigit('650002000000000')],
  ['troy', withCheckDigit('979200000000000')],
];

describe('published and computed test numbers', () => {
  for (const [brand, number] of TEST_NUMBERS) {
    it(`${number} is a valid ${brand}`, () => {
      assert.equal(detectBrand(number), brand);
      const result = validateCardNumber(number);
      assert.equal(result.brand, brand);
      assert.equal(result.valid, true);
      assert.equal(result.error, undefined);
      // complete: a valid length that passes Luhn; UnionPay 62 (no Luhn) only at its longest length
      const luhnFree = number.startsWith('62');
      assert.equal(result.complete, !luhnFree || number.length === CARD_BRANDS[brand].maxLength);
      assert.equal(strip(formatCardNumber(number)), number);
      assert.equal(validateCardNumber(formatCardNumber(number)).valid, true);
    });
  }

  it('the computed numbers differ from a wrong check digit', () => {
    const number = withCheckDigit('979200000000000');
    const wrong = number.slice(0, -1) + String((Number(number.at(-1)) + 1) % 10);
    assert.deepEqual(validateCardNumber(wrong), { brand: 'troy', complete: true, valid: false, error: 'invalid' });
  });
});

describe('detectBrand on partial input', () => {
  const cases: [string, CardBrand | null][] = [
    ['', null],
    ['4', 'visa'],
    ['4011', 'visa'],
    ['401178', 'elo'],
    ['5', null],
    ['51', 'mastercard'],
    ['55', 'mastercard'],
    ['56', null],
    ['2', null],
    ['22', null],
    ['220', 'mir'],
    ['2204', 'mir'],
    ['2205', null],
    ['222', 'mastercard'],
    ['27', 'mastercard'],
    ['2720', 'mastercard'],
    ['2721', null],
    ['3', null],
    ['30', 'diners'],
    ['306', null],
    ['34', 'amex'],
    ['37', 'amex'],
    ['35', 'jcb'],
    ['3527', null],
    ['36', 'diners'],
    ['38', 'diners'],
    ['3841', 'diners'],
    ['384140', 'hipercard'],
    ['6', null],
    ['60', null], // RuPay 60 or Discover 6011
    ['601', null],
    ['6011', 'discover'],
    ['6012', 'rupay'],
    ['6062', 'rupay'],
    ['606282', 'hipercard'],
    ['62', 'unionpay'],
    ['6277', 'unionpay'],
    ['627780', 'elo'],
    ['644', 'discover'],
    ['65', null], // Discover 65 or RuPay 6522–6529
    ['650', 'discover'],
    ['650002', 'verve'],
    ['650031', 'elo'],
    ['650034', 'discover'],
    ['6522', 'rupay'],
    ['6759', 'maestro'],
    ['6763', 'maestro'],
    ['6764', null],
    ['50', null],
    ['5018', 'maestro'],
    ['508', 'rupay'],
    ['509', 'elo'],
    ['5060', 'verve'],
    ['506699', 'elo'],
    ['81', null], // UnionPay 8100–8171 or RuPay 8172–8199
    ['8171', 'unionpay'],
    ['8172', 'rupay'],
    ['82', 'rupay'],
    ['9', 'troy'],
    ['9793', null],
    ['1', null],
    ['7', null],
  ];
  for (const [input, brand] of cases) {
    it(`${JSON.stringify(input)} → ${brand}`, () => assert.equal(detectBrand(input), brand));
  }

  it('accepts spaces and dashes, and nothing else', () => {
    assert.equal(detectBrand('4242 4242'), 'visa');
    assert.equal(detectBrand('3782-822463'), 'amex');
    assert.equal(detectBrand(' 6011\n'), 'discover');
    assert.equal(detectBrand('4242a'), null);
    assert.equal(detectBrand('4242.4242'), null);
    assert.equal(detectBrand('+4242'), null);
  });

  it('never throws and agrees with the digits alone', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'0123456789 -'), maxLength: 24 }), (input) => {
        assert.equal(detectBrand(input), detectBrand(strip(input)));
      }),
    );
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (input) => detectBrand(input) !== undefined));
  });
});

describe('formatCardNumber', () => {
  const cases: [string, string][] = [
    ['', ''],
    ['4', '4'],
    ['4242', '4242'],
    ['42424', '4242 4'],
    ['4242424242424242', '4242 4242 4242 4242'],
    ['4242424242424242424', '4242 4242 4242 4242 424'],
    ['378282246310005', '3782 822463 10005'],
    ['3782822', '3782 822'],
    ['30569309025904', '3056 930902 5904'],
    ['3056930902590412', '3056 9309 0259 0412'], // 16-digit Diners falls back to 4-4-4-4
    ['6205500000000000004', '6205 5000 0000 0000 004'],
    ['1234567890123456789', '1234 5678 9012 3456 789'],
    ['4242-4242-4242-4242', '4242 4242 4242 4242'],
    ['abc', ''],
  ];
  for (const [input, expected] of cases) {
    it(`${JSON.stringify(input)} → ${JSON.stringify(expected)}`, () => assert.equal(formatCardNumber(input), expected));
  }

  it("caps at the brand's longest length", () => {
    assert.equal(formatCardNumber('55555555555544441'), '5555 5555 5555 4444');
    assert.equal(formatCardNumber('3782822463100051'), '3782 822463 10005');
    assert.equal(formatCardNumber('42424242424242424242'), '4242 4242 4242 4242 424');
    assert.equal(formatCardNumber('12345678901234567890'), '1234 5678 9012 3456 789');
  });

  it('gives back the digits, up to the maximum length, for any digit string', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'0123456789'), maxLength: 24 }), (digits) => {
        const brand = detectBrand(digits);
        const max = brand ? CARD_BRANDS[brand].maxLength : 19;
        const formatted = formatCardNumber(digits);
        assert.equal(formatted.replace(/ /g, ''), digits.slice(0, max));
        assert.match(formatted, /^(\d+( \d+)*)?$/);
      }),
    );
  });

  it('never throws on any string', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (input) => typeof formatCardNumber(input) === 'string'));
  });
});

describe('formatCardNumberInput (caret)', () => {
  const cases: [string, string, number, string, number][] = [
    // [what, value after the edit, caret after the edit, expected value, expected caret]
    ['typing the first digit', '4', 1, '4', 1],
    ['typing at the end of a group', '4242', 4, '4242', 4],
    ['typing past a group', '42424', 5, '4242 4', 6],
    ['typing at the end', '4242 42424', 10, '4242 4242 4', 11],
    ['typing inside a group', '4242 42142 4242 4242', 8, '4242 4214 2424 2424 2', 8],
    ['typing right after a space', '4242 14242 4242 4242', 6, '4242 1424 2424 2424 2', 6],
    ['deleting inside a group', '4242 442 4242 4242', 6, '4242 4424 2424 242', 6],
    ['deleting the first digit of a group', '4242 242 4242 4242', 5, '4242 2424 2424 242', 4],
    ['backspace over a space', '42424242 4242 4242', 4, '4242 4242 4242 4242', 4],
    ['deleting the last digit of a group', '4242 ', 5, '4242', 4],
    ['deleting everything', '', 0, '', 0],
    ['pasting with dashes', '4242-4242-4242-4242', 19, '4242 4242 4242 4242', 19],
    ['pasting with spaces', '4242 4242 4242 4242', 19, '4242 4242 4242 4242', 19],
    ['pasting mixed separators', '4242-4242 4242 4242', 19, '4242 4242 4242 4242', 19],
    ['pasting with a trailing newline', '4242424242424242\n', 17, '4242 4242 4242 4242', 19],
    ['pasting with surrounding spaces', '  4242 4242 4242 4242  ', 23, '4242 4242 4242 4242', 19],
    ['pasting in the middle', '420042', 4, '4200 42', 4],
    ['Amex groups', '37828224631', 11, '3782 822463 1', 13],
    ['Amex, inside the long group', '3782 8220463', 9, '3782 822046 3', 9],
    ['a digit beyond the maximum length', '5555 5555 5555 44441', 20, '5555 5555 5555 4444', 19],
    ['letters are dropped', '4242a', 5, '4242', 4],
  ];
  for (const [what, value, caret, expectedValue, expectedCaret] of cases) {
    it(what, () => assert.deepEqual(formatCardNumberInput(value, caret), { value: expectedValue, caret: expectedCaret }));
  }

  it('clamps a caret outside the value', () => {
    assert.deepEqual(formatCardNumberInput('42424', -3), { value: '4242 4', caret: 0 });
    assert.deepEqual(formatCardNumberInput('42424', 99), { value: '4242 4', caret: 6 });
    assert.deepEqual(formatCardNumberInput('42424', Number.NaN), { value: '4242 4', caret: 6 });
  });

  it('never throws and returns a caret inside the value, for any string and caret', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.oneof(fc.integer(), fc.double()), (value, caret) => {
        const result = formatCardNumberInput(value, caret);
        assert.equal(result.value, formatCardNumber(value));
        assert.ok(Number.isInteger(result.caret) && result.caret >= 0 && result.caret <= result.value.length);
      }),
    );
  });

  it('keeps the caret after the same digit', () => {
    const separated = fc.string({ unit: fc.constantFrom(...'0123456789', ' ', '-'), maxLength: 26 });
    fc.assert(
      fc.property(separated, fc.nat(), (value, seed) => {
        const caret = seed % (value.length + 1);
        const result = formatCardNumberInput(value, caret);
        const before = strip(value.slice(0, caret)).length;
        const kept = strip(result.value).length;
        assert.equal(strip(result.value.slice(0, result.caret)).length, Math.min(before, kept));
        // the caret sits right after a digit (or at the start), never after a space
        assert.ok(result.caret === 0 || /\d/.test(result.value[result.caret - 1] ?? ''));
      }),
    );
  });
});

describe('validateCardNumber', () => {
  const cases: [string, string, ReturnType<typeof validateCardNumber>][] = [
    ['empty', '', { brand: null, complete: false, valid: false, error: 'empty' }],
    ['only spaces', '   ', { brand: null, complete: false, valid: false, error: 'empty' }],
    ['a valid number with spaces', '4242 4242 4242 4242', { brand: 'visa', complete: true, valid: true }],
    ['a valid number with dashes', '4242-4242-4242-4242', { brand: 'visa', complete: true, valid: true }],
    ['a trailing newline', '4242424242424242\n', { brand: 'visa', complete: true, valid: true }],
    ['a 13-digit Visa', '4222222222222', { brand: 'visa', complete: true, valid: true }],
    ['a short prefix', '4242 4242', { brand: 'visa', complete: false, valid: false, error: 'incomplete' }],
    ['an undecided prefix', '5', { brand: null, complete: false, valid: false, error: 'incomplete' }],
    ['a Visa between valid lengths', '42424242424242', { brand: 'visa', complete: false, valid: false, error: 'incomplete' }],
    ['a 16-digit Visa failing Luhn', '4242424242424241', { brand: 'visa', complete: false, valid: false, error: 'invalid' }],
    ['a 19-digit Visa failing Luhn', '4242424242424242420', { brand: 'visa', complete: true, valid: false, error: 'invalid' }],
    ['Amex failing Luhn', '378282246310006', { brand: 'amex', complete: true, valid: false, error: 'invalid' }],
    ['Amex one digit short', '37828224631000', { brand: 'amex', complete: false, valid: false, error: 'incomplete' }],
    ['Mastercard failing Luhn', '5555555555554445', { brand: 'mastercard', complete: true, valid: false, error: 'invalid' }],
    ['longer than the brand allows', '42424242424242424242', { brand: 'visa', complete: true, valid: false, error: 'invalid' }],
    ['letters', '4242 4242 4242 424x', { brand: null, complete: false, valid: false, error: 'invalid' }],
    ['other punctuation', '4242.4242.4242.4242', { brand: null, complete: false, valid: false, error: 'invalid' }],
    ['an unknown brand passing Luhn', '1234567812345670', { brand: null, complete: true, valid: false, error: 'unsupported_brand' }],
    ['an unknown brand failing Luhn', '1234567812345678', { brand: null, complete: false, valid: false, error: 'invalid' }],
    ['an unknown brand, short', '1234', { brand: null, complete: false, valid: false, error: 'incomplete' }],
    ['an unknown brand, 19 digits failing Luhn', '1234567812345678901', { brand: null, complete: true, valid: false, error: 'invalid' }],
    ['UnionPay 62 failing Luhn at 16', '6200000000000000', { brand: 'unionpay', complete: false, valid: true }],
    ['UnionPay 62 failing Luhn at 19', '6200000000000000001', { brand: 'unionpay', complete: true, valid: true }],
    ['UnionPay 62 at 15 digits', '620000000000000', { brand: 'unionpay', complete: false, valid: false, error: 'incomplete' }],
  ];
  for (const [what, input, expected] of cases) {
    it(what, () => assert.deepEqual(validateCardNumber(input), expected));
  }

  it('checks Luhn on UnionPay 81', () => {
    const good = withCheckDigit('810000000000000');
    const bad = good.slice(0, -1) + (good.endsWith('0') ? '1' : '0');
    assert.equal(validateCardNumber(good).valid, true);
    assert.deepEqual(validateCardNumber(bad), { brand: 'unionpay', complete: false, valid: false, error: 'invalid' });
  });

  it('accepts Maestro from 12 digits', () => {
    assert.deepEqual(validateCardNumber(withCheckDigit('50180000000')), { brand: 'maestro', complete: true, valid: true });
    assert.equal(validateCardNumber('50180000000').error, 'incomplete');
  });

  it('never throws, and valid goes with no error', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (input) => {
        const result = validateCardNumber(input);
        assert.equal(result.valid, result.error === undefined);
        if (result.valid) assert.ok(result.brand);
      }),
    );
  });

  it('for any number with a valid check digit, is valid exactly at a length the brand issues', () => {
    const body = fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 11, maxLength: 19 });
    fc.assert(
      fc.property(body, (digits) => {
        const number = withCheckDigit(digits);
        const result = validateCardNumber(number);
        const brand = detectBrand(number);
        assert.equal(result.brand, brand);
        assert.equal(result.valid, brand !== null && CARD_BRANDS[brand].lengths.includes(number.length));
      }),
    );
  });
});
