import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { formatExpiryInput, parseExpiry, validateExpiry } from './expiry.js';

/** 15 May 2026, local time. */
const NOW = new Date(2026, 4, 15, 12, 0);

const MONTHS = fc.integer({ min: 1, max: 12 });
const YEARS = fc.integer({ min: 2000, max: 2099 });

/** "MM / YY" for the month `offset` months from `now`'s (local) month. */
function expiryAt(now: Date, offset: number, fourDigitYear = false): string {
  const date = new Date(now.getFullYear(), now.getMonth() + offset, 1);
  const year = String(date.getFullYear());
  return `${String(date.getMonth() + 1).padStart(2, '0')} / ${fourDigitYear ? year : year.slice(2)}`;
}

describe('parseExpiry', () => {
  const valid: [string, number, number][] = [
    ['4/27', 4, 2027],
    ['04/27', 4, 2027],
    ['04 / 27', 4, 2027],
    ['04 / 2027', 4, 2027],
    ['4 / 2027', 4, 2027],
    ['0427', 4, 2027],
    ['042027', 4, 2027],
    [' 4 / 27 ', 4, 2027],
    ['04-27', 4, 2027],
    ['04 27', 4, 2027],
    ['\t12/30\n', 12, 2030],
    ['01/00', 1, 2000],
    ['12/99', 12, 2099],
    ['1/2100', 1, 2100],
  ];
  for (const [input, month, year] of valid) {
    it(`${JSON.stringify(input)} → ${month}/${year}`, () => assert.deepEqual(parseExpiry(input), { month, year }));
  }

  const invalid = ['', ' ', '4', '04', '04/', '04 / 2', '04/202', '04/20271', '427', '04272', '00/27', '13/27',
    '0/27', 'ab/cd', '04/27x', '4 / 27 / 1', '04.27', '٠٤/٢٧', '-4/27', '4//27'];
  for (const input of invalid) {
    it(`${JSON.stringify(input)} → null`, () => assert.equal(parseExpiry(input), null));
  }

  it('never throws, and parses every month and two- or four-digit year', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (input) => parseExpiry(input) !== undefined));
    fc.assert(
      fc.property(MONTHS, YEARS, fc.boolean(), (month, year, long) => {
        const text = `${month} / ${long ? year : String(year).slice(2)}`;
        assert.deepEqual(parseExpiry(text), { month, year });
        assert.deepEqual(parseExpiry(`${String(month).padStart(2, '0')}${String(year).slice(2)}`), { month, year });
      }),
    );
  });
});

describe('validateExpiry', () => {
  const cases: [string, string, ReturnType<typeof validateExpiry>][] = [
    ['empty', '', { valid: false, error: 'empty' }],
    ['whitespace only', '  ', { valid: false, error: 'empty' }],
    ['one digit', '0', { valid: false, error: 'incomplete' }],
    ['month 1, still typing', '1', { valid: false, error: 'incomplete' }],
    ['month without year', '04 / ', { valid: false, error: 'incomplete' }],
    ['one year digit', '04 / 2', { valid: false, error: 'incomplete' }],
    ['three year digits', '04 / 202', { valid: false, error: 'incomplete' }],
    ['not an expiry', 'ab', { valid: false, error: 'incomplete' }],
    ['month 00', '00 / 27', { valid: false, error: 'invalid_month' }],
    ['month 00 before the year', '00', { valid: false, error: 'invalid_month' }],
    ['month 0 with a separator', '0/27', { valid: false, error: 'invalid_month' }],
    ['month 13', '13 / 27', { valid: false, error: 'invalid_month' }],
    ['month 13 before the year', '13', { valid: false, error: 'invalid_month' }],
    ['month 01', '01 / 27', { valid: true }],
    ['month 12', '12 / 27', { valid: true }],
    ['the current month', '05 / 26', { valid: true }],
    ['the current month, four-digit year', '05 / 2026', { valid: true }],
    ['last month', '04 / 26', { valid: false, error: 'expired' }],
    ['last month, four-digit year', '04/2026', { valid: false, error: 'expired' }],
    ['last year', '12 / 25', { valid: false, error: 'expired' }],
    ['a year before 2000', '12 / 1999', { valid: false, error: 'expired' }],
    ['next month', '06 / 26', { valid: true }],
    ['exactly 20 years ahead', '05 / 46', { valid: true }],
    ['exactly 20 years ahead, four-digit year', '05 / 2046', { valid: true }],
    ['20 years and a month ahead', '06 / 46', { valid: false, error: 'too_far' }],
    ['21 years ahead', '05 / 47', { valid: false, error: 'too_far' }],
    ['21 years ahead, four-digit year', '05/2047', { valid: false, error: 'too_far' }],
    ['surrounding whitespace', ' 5 / 26 ', { valid: true }],
    ['digits only', '0526', { valid: true }],
    ['digits only, four-digit year', '052026', { valid: true }],
    ['one-digit month', '6/26', { valid: true }],
  ];
  for (const [what, input, expected] of cases) {
    it(what, () => assert.deepEqual(validateExpiry(input, NOW), expected));
  }

  it('uses the local calendar month', () => {
    assert.deepEqual(validateExpiry('05/26', new Date(2026, 4, 31, 23, 59, 59)), { valid: true });
    assert.deepEqual(validateExpiry('05/26', new Date(2026, 5, 1, 0, 0, 0)), { valid: false, error: 'expired' });
  });

  it('crosses a year boundary', () => {
    const december = new Date(2026, 11, 31);
    assert.deepEqual(validateExpiry('12 / 26', december), { valid: true });
    assert.deepEqual(validateExpiry('11 / 26', december), { valid: false, error: 'expired' });
    assert.deepEqual(validateExpiry('12 / 46', december), { valid: true });
    assert.deepEqual(validateExpiry('01 / 47', december), { valid: false, error: 'too_far' });
    const january = new Date(2027, 0, 1);
    assert.deepEqual(validateExpiry('12 / 26', january), { valid: false, error: 'expired' });
    assert.deepEqual(validateExpiry('01 / 27', january), { valid: true });
  });

  it('defaults `now` to the current time', () => {
    assert.deepEqual(validateExpiry(expiryAt(new Date(), 0)), { valid: true });
    assert.deepEqual(validateExpiry(expiryAt(new Date(), -1)), { valid: false, error: 'expired' });
  });

  it('is valid exactly from the current month to 240 months ahead', () => {
    fc.assert(
      fc.property(fc.integer({ min: -400, max: 400 }), fc.boolean(), (offset, long) => {
        const result = validateExpiry(expiryAt(NOW, offset, long), NOW);
        const expected = offset < 0 ? 'expired' : offset > 240 ? 'too_far' : undefined;
        // two-digit years are 20yy: an expiry in another century only parses with four digits
        const year = new Date(2026, 4 + offset, 1).getFullYear();
        if (!long && (year < 2000 || year >= 2100)) return;
        assert.equal(result.error, expected);
        assert.equal(result.valid, expected === undefined);
      }),
    );
  });

  it('never throws', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (input) => typeof validateExpiry(input, NOW).valid === 'boolean'));
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'0123456789 /-'), maxLength: 10 }), (input) => {
        const result = validateExpiry(input, NOW);
        assert.equal(result.valid, result.error === undefined);
        if (result.valid) assert.ok(parseExpiry(input));
      }),
    );
    assert.deepEqual(validateExpiry('05/26', new Date(Number.NaN)), { valid: false, error: 'expired' });
  });
});

describe('formatExpiryInput', () => {
  const cases: [string, string, number, string | undefined, string, number][] = [
    // [what, value after the edit, caret, previous value, expected value, expected caret]
    ['a month digit 2–9 is padded and closed', '4', 1, '', '04 / ', 5],
    ['9 too', '9', 1, '', '09 / ', 5],
    ['1 waits', '1', 1, '', '1', 1],
    ['0 waits', '0', 1, '', '0', 1],
    ['12 closes the month', '12', 2, '1', '12 / ', 5],
    ['10 closes the month', '10', 2, '1', '10 / ', 5],
    ['13 becomes 01 / 3', '13', 2, '1', '01 / 3', 6],
    ['01 closes the month', '01', 2, '0', '01 / ', 5],
    ['00 is kept (validation reports it)', '00', 2, '0', '00 / ', 5],
    ['1 then a slash', '1/', 2, '1', '01 / ', 5],
    ['typing the first year digit', '04 / 2', 6, '04 / ', '04 / 2', 6],
    ['typing the second year digit', '04 / 27', 7, '04 / 2', '04 / 27', 7],
    ['a third year digit is cut', '04 / 271', 8, '04 / 27', '04 / 27', 7],
    ['deleting the last year digit', '04 / 2', 6, '04 / 27', '04 / 2', 6],
    ['deleting the only year digit keeps the separator', '04 / ', 5, '04 / 2', '04 / ', 5],
    ['backspace over the separator removes it', '04 /', 4, '04 / ', '04', 2],
    ['deleting the whole separator', '04', 2, '04 / ', '04', 2],
    ['backspace after that deletes a month digit', '0', 1, '04', '0', 1],
    ['a month from 4 loses its separator too', '04 /', 4, '04 / ', '04', 2],
    ['pasting 04/2027', '04/2027', 7, '', '04 / 27', 7],
    ['pasting 4/27', '4/27', 4, '', '04 / 27', 7],
    ['pasting 042027', '042027', 6, '', '04 / 27', 7],
    ['pasting 0427', '0427', 4, '', '04 / 27', 7],
    ['pasting with whitespace and a newline', ' 04 / 27\n', 9, '', '04 / 27', 7],
    ['pasting 1/27', '1/27', 4, undefined, '01 / 27', 7],
    ['editing the month: 12 / 27, delete the 2', '1 / 27', 1, '12 / 27', '1 / 27', 1],
    ['editing the month: then type 1', '11 / 27', 2, '1 / 27', '11 / 27', 2],
    ['editing the month: 04 / 27, delete the 4', '0 / 27', 1, '04 / 27', '0 / 27', 1],
    ['editing the month: then type 5', '05 / 27', 2, '0 / 27', '05 / 27', 2],
    ['editing the month: delete it all', ' / 27', 0, '0 / 27', ' / 27', 0],
    ['0 and a slash waits', '0/', 2, '0', '0', 1],
    ['a month 2–9 before a slash is padded', '7 / 27', 1, '17 / 27', '07 / 27', 2],
    ['letters are dropped', '0a4', 3, '0', '04 / ', 5],
    ['deleting everything', '', 0, '0', '', 0],
  ];
  for (const [what, value, caret, previous, expectedValue, expectedCaret] of cases) {
    it(what, () =>
      assert.deepEqual(formatExpiryInput(value, caret, previous), { value: expectedValue, caret: expectedCaret }),
    );
  }

  it('without a previous value, a separator that lost a space comes back', () => {
    assert.deepEqual(formatExpiryInput('04 /', 4), { value: '04 / ', caret: 5 });
  });

  it('keeps the caret after the same digit when editing in the middle', () => {
    assert.deepEqual(formatExpiryInput('04 / 27', 1, '04 / 27'), { value: '04 / 27', caret: 1 });
    assert.deepEqual(formatExpiryInput('04 / 27', 6, '04 / 27'), { value: '04 / 27', caret: 6 });
    assert.deepEqual(formatExpiryInput('04 / 127', 6, '04 / 27'), { value: '04 / 12', caret: 6 });
    assert.deepEqual(formatExpiryInput('4', 0), { value: '04 / ', caret: 1 });
  });

  it('never throws, returns "MM / YY" shapes and a caret inside the value', () => {
    const anyCaret = fc.oneof(fc.integer(), fc.double());
    const anyPrevious = fc.option(fc.string(), { nil: undefined });
    const shape = /^(|[01]|\d\d|\d\d \/ |\d{0,2} \/ \d{1,2})$/;
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), anyCaret, anyPrevious, (value, caret, previous) => {
        const result = formatExpiryInput(value, caret, previous);
        assert.match(result.value, shape);
        assert.ok(Number.isInteger(result.caret) && result.caret >= 0 && result.caret <= result.value.length);
      }),
    );
  });

  it('formats what parseExpiry accepts into the same expiry', () => {
    fc.assert(
      fc.property(MONTHS, YEARS, fc.constantFrom('/', ' / ', ''), (month, year, separator) => {
        const text = `${String(month).padStart(2, '0')}${separator}${year}`;
        const { value } = formatExpiryInput(text, text.length);
        assert.deepEqual(parseExpiry(value), { month, year });
      }),
    );
  });
});
