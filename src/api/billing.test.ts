import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { countryNameIn, countryOptions, countryRule, regionOf, requiredByList, stateNames } from '../elements/tender-checkout/billing-countries.js';
import { COUNTRY_CODES } from './countries.js';
import { callingCode, phoneValid, prefillPhone, splitPhone } from '../elements/tender-checkout/billing-phone.js';
import { confirmBilling } from './billing.js';
import { PaymentMethodListResponse } from './schemas.js';

describe('confirmBilling: the confirm body of a card with billing details', () => {
  it('sends them as payment_method_data.billing and billing, the email also top-level, empty members left out', () => {
    const body = confirmBilling({ card: { card_number: '4242' } }, {
      address: { first_name: 'Jane', last_name: '', line1: ' 1 Market St ', zip: '94107', country: 'US' },
      phone: { number: '' },
      email: 'jane@example.com',
    });
    const billing = { address: { first_name: 'Jane', line1: '1 Market St', zip: '94107', country: 'US' }, email: 'jane@example.com' };
    assert.deepEqual(body, { payment_method_data: { card: { card_number: '4242' }, billing }, billing, email: 'jane@example.com' });
  });

  it('sends the card alone without billing details, or with only empty ones', () => {
    assert.deepEqual(confirmBilling({ card: {} }, null), { payment_method_data: { card: {} } });
    assert.deepEqual(confirmBilling({ card: {} }, { address: { zip: ' ' }, email: '' }), { payment_method_data: { card: {} } });
  });
});

describe('country rules (billing-countries.ts)', () => {
  it('names and checks the postal code per country', () => {
    assert.equal(countryRule('US').postal, 'zip');
    assert.ok(countryRule('US').pattern.test('94107-1234'));
    assert.ok(!countryRule('US').pattern.test('9410'));
    assert.equal(countryRule('GB').postal, 'postcode');
    assert.ok(countryRule('GB').pattern.test('sw1a 1aa'));
    assert.ok(countryRule('CA').pattern.test('M5H 2N2'));
    assert.ok(!countryRule('CA').pattern.test('Z9Z 9Z9'), 'no Canadian postal code starts with Z');
    assert.equal(countryRule('IN').postal, 'pin');
    assert.equal(countryRule('AE').postal, null, 'the Emirates have no postal codes');
    assert.ok(countryRule('ZM').pattern.test('10101'), 'a country outside the table takes a plain code');
  });

  it('has US states and Canadian provinces as lists, a required state where addresses need one', () => {
    assert.equal(countryRule('US').states?.['CA'], 'California');
    assert.equal(countryRule('CA').state, 'province');
    assert.equal(countryRule('CA').states?.['QC'], 'Quebec');
    assert.equal(countryRule('CA', 'fr-CA').states?.['QC'], 'Québec');
    assert.equal(countryRule('AU').stateRequired, true);
    assert.equal(countryRule('IE').stateRequired, false);
    assert.equal(countryRule('DE').state, null);
  });

  it('takes the region of the shopper locale', () => {
    assert.equal(regionOf('en-US'), 'US');
    assert.equal(regionOf('de'), 'DE');
    assert.equal(regionOf('fr-CA'), 'CA');
    assert.equal(regionOf('not a tag'), '');
  });

  it('reads what required_fields ask: the postal code, the full address, the email', () => {
    const list = (keys: string[]) =>
      PaymentMethodListResponse.parse({
        payment_methods: [{ payment_method: 'card', payment_method_types: [{ payment_method_type: 'credit', required_fields: Object.fromEntries(keys.map((key) => [key, { required_field: `payment_method_data.${key}`, value: key === 'billing.address.zip' ? '94107' : null }])) }] }],
      });
    assert.deepEqual(requiredByList(list(['billing.address.zip', 'billing.address.country'])), { level: 'postal-code', email: false, phone: false, values: { 'billing.address.zip': '94107' } });
    assert.equal(requiredByList(list(['billing.address.line1', 'billing.address.zip', 'billing.email'])).level, 'full');
    assert.equal(requiredByList(list(['billing.email'])).email, true);
    assert.equal(requiredByList(list([])).level, 'none');
  });
});

describe('the country list per language (billing-countries.ts)', () => {
  it('names every country in the language, sorts them in its order, and makes the list once per language', () => {
    const french = countryOptions('fr');
    assert.deepEqual([...french.map(([code]) => code)].sort(), [...COUNTRY_CODES].sort());
    assert.equal(french.find(([code]) => code === 'DE')?.[1], 'Allemagne');
    // French order: Émirats arabes unis among the E's, not after the Z's
    const names = french.map(([, name]) => name);
    assert.ok(names.indexOf('Émirats arabes unis') < names.indexOf('Espagne'), 'É sorts with E');
    assert.equal(countryOptions('fr'), french, 'the same list at the next render');
    assert.notEqual(countryOptions('de'), french);
    assert.equal(countryOptions('de').find(([code]) => code === 'DE')?.[1], 'Deutschland');
    // a tag Intl cannot read: the codes, in their order
    assert.equal(countryNameIn('not a tag', 'DE'), 'DE');
  });
});

describe('state and province names per language (libaddressinput data/US, data/CA, data/CA--fr)', () => {
  it('names Canada\'s provinces in French for any French form, in English for every other language', () => {
    for (const lang of ['fr', 'fr-CA', 'fr-FR', 'FR-ch']) {
      assert.equal(stateNames('CA', lang)?.['BC'], 'Colombie-Britannique', lang);
      assert.equal(stateNames('CA', lang)?.['PE'], 'Île-du-Prince-Édouard', lang);
      assert.equal(stateNames('CA', lang)?.['AB'], 'Alberta', lang);
    }
    for (const lang of ['en', 'en-CA', 'de', 'ja', 'ar']) assert.equal(stateNames('CA', lang)?.['BC'], 'British Columbia', lang);
  });

  it('names the US states by their postal names in every language (the dataset has English only)', () => {
    for (const lang of ['en', 'fr', 'ja', 'es-MX']) assert.equal(stateNames('US', lang)?.['CA'], 'California', lang);
  });

  it('has the same codes in every language, and no list for a country without one', () => {
    assert.deepEqual(Object.keys(stateNames('CA', 'fr')!).sort(), Object.keys(stateNames('CA', 'en')!).sort());
    assert.equal(stateNames('DE', 'de'), null);
  });
});

describe('the phone in the real service\'s shape ({ number, country_code })', () => {
  it('splits the calling code off a number written with +: the longest code of the table', () => {
    assert.deepEqual(splitPhone('+1 415 555 0100', 'DE'), { number: '4155550100', country_code: '+1' });
    assert.deepEqual(splitPhone('+44 20 7946 0958', 'US'), { number: '2079460958', country_code: '+44' });
    assert.deepEqual(splitPhone('+353 1 234 5678', 'US'), { number: '12345678', country_code: '+353' }, '+353, not +3 or +35');
    assert.deepEqual(splitPhone('+7 495 123-45-67', ''), { number: '4951234567', country_code: '+7' });
  });

  it('reads 00 as +', () => {
    assert.deepEqual(splitPhone('0044 20 7946 0958', 'FR'), { number: '2079460958', country_code: '+44' });
    assert.deepEqual(splitPhone('00 353 1 234 5678', 'US'), { number: '12345678', country_code: '+353' });
  });

  it('gives a national number the calling code of the billing country, its digits only', () => {
    assert.deepEqual(splitPhone('(415) 555-0100', 'US'), { number: '4155550100', country_code: '+1' });
    assert.deepEqual(splitPhone('415.555.0100', 'CA'), { number: '4155550100', country_code: '+1' });
    assert.deepEqual(splitPhone('020 7946 0958', 'GB'), { number: '2079460958', country_code: '+44' }, 'without the trunk prefix, as after +44');
    assert.deepEqual(splitPhone('030 1234567', 'de'), { number: '301234567', country_code: '+49' });
    assert.deepEqual(splitPhone('1 (415) 555-0100', 'US'), { number: '4155550100', country_code: '+1' }, "a +1 number's trunk 1");
    assert.deepEqual(splitPhone('06 6982 1234', 'IT'), { number: '0669821234', country_code: '+39' }, "Italy's 0 is part of the number");
  });

  it('drops a trunk 0 written after the calling code: the number is the national significant number (E.164)', () => {
    assert.deepEqual(splitPhone('+44 020 7946 0018', 'GB'), { number: '2079460018', country_code: '+44' });
    assert.deepEqual(splitPhone('+44 (0)20 7946 0018', 'US'), { number: '2079460018', country_code: '+44' });
    assert.deepEqual(splitPhone('0049 030 1234567', 'FR'), { number: '301234567', country_code: '+49' });
    assert.deepEqual(splitPhone('+39 06 6982 1234', 'GB'), { number: '0669821234', country_code: '+39' }, 'Italy keeps it');
    assert.deepEqual(splitPhone('+225 07 12 34 56 78', ''), { number: '0712345678', country_code: '+225' }, "Côte d'Ivoire keeps it");
    assert.deepEqual(splitPhone('+378 0549 123456', ''), { number: '0549123456', country_code: '+378' }, 'San Marino keeps it');
  });

  it('reads 011, the international prefix of +1 countries, as + when the billing country is one of them', () => {
    assert.deepEqual(splitPhone('011 44 20 7946 0958', 'US'), { number: '2079460958', country_code: '+44' });
    assert.deepEqual(splitPhone('011 33 1 23 45 67 89', 'CA'), { number: '123456789', country_code: '+33' });
    assert.deepEqual(splitPhone('0117 496 0123', 'GB'), { number: '1174960123', country_code: '+44' }, "elsewhere 011 is national: Bristol's 0117");
    assert.ok(phoneValid('011 44 20 7946 0958', 'US'));
    assert.ok(!phoneValid('011 999 1234 5678', 'US'), 'no country has +999');
    assert.ok(phoneValid('0117 496 0123', 'GB'));
  });

  it("reads the billing country's own international prefix: Australia's 0011, Japan's 010, Russia's and Kazakhstan's 8 10", () => {
    assert.deepEqual(splitPhone('0011 44 20 7946 0958', 'AU'), { number: '2079460958', country_code: '+44' }, 'not 00 and +1 1442…');
    assert.deepEqual(splitPhone('0011 1 415 555 0100', 'au'), { number: '4155550100', country_code: '+1' });
    assert.deepEqual(splitPhone('0011 64 9 123 4567', 'CX'), { number: '91234567', country_code: '+64' }, 'Christmas Island dials as Australia');
    assert.deepEqual(splitPhone('0044 20 7946 0958', 'AU'), { number: '2079460958', country_code: '+44' }, '00 still works');
    assert.deepEqual(splitPhone('(02) 9374 4000', 'AU'), { number: '293744000', country_code: '+61' }, 'a national number');
    assert.deepEqual(splitPhone('010 44 20 7946 0958', 'JP'), { number: '2079460958', country_code: '+44' });
    assert.deepEqual(splitPhone('03-1234-5678', 'JP'), { number: '312345678', country_code: '+81' });
    assert.deepEqual(splitPhone('8 10 44 20 7946 0958', 'RU'), { number: '2079460958', country_code: '+44' });
    assert.deepEqual(splitPhone('8-10-49-30-1234567', 'KZ'), { number: '301234567', country_code: '+49' });
    assert.ok(phoneValid('0011 44 20 7946 0958', 'AU'));
    assert.ok(!phoneValid('0011 999 1234 5678', 'AU'), 'no country has +999');
  });

  it('reads those prefixes nowhere else, where the same digits are national or another prefix', () => {
    assert.deepEqual(splitPhone('010 1234 5678', 'CN'), { number: '1012345678', country_code: '+86' }, "Beijing's 010, its trunk 0 dropped");
    assert.deepEqual(splitPhone('(810) 555-0100', 'US'), { number: '8105550100', country_code: '+1' }, "Michigan's 810");
    assert.deepEqual(splitPhone('0011 415 555 0100', 'GB'), { number: '4155550100', country_code: '+1' }, '00 1 and a +1 number, its trunk 1 dropped');
    assert.deepEqual(splitPhone('011 44 20 7946 0958', 'AU'), { number: '11442079460958', country_code: '+61' }, "011 is the +1 countries', national in Australia");
    assert.ok(!phoneValid('011 44 20 7946 0958', 'AU'), 'too long for a national number: the field says so');
  });

  it('knows the calling code of every country of the billing list', async () => {
    const { COUNTRY_CODES } = await import('./countries.js');
    assert.deepEqual(COUNTRY_CODES.filter((country) => !callingCode(country)), []);
    // the table follows the list's order: its first, some in between and its last
    const known = { AF: '+93', AX: '+358', DE: '+49', IE: '+353', IN: '+91', JP: '+81', PR: '+1', ZA: '+27', ZW: '+263', US: '+1' };
    for (const [country, code] of Object.entries(known)) assert.equal(callingCode(country), code, country);
    assert.deepEqual(splitPhone('+383 44 123 456', 'US'), { number: '44123456', country_code: '+383' }, 'Kosovo, not in the country list');
  });

  it('calls a number valid with 6 to 15 digits and, when written with + or 00, a calling code it knows', () => {
    assert.ok(phoneValid('+1 (415) 555-0100'));
    assert.ok(phoneValid('0044 20 7946 0958'));
    assert.ok(phoneValid('(415) 555-0100'));
    assert.ok(!phoneValid('+999 1234 5678'), 'no country has +999');
    assert.ok(!phoneValid('12345'), 'too short');
    assert.ok(!phoneValid('+1 415 555 0100 12345'), 'more than 15 digits');
    assert.ok(!phoneValid('415 555 CALL'));
  });

  it('prefills from a stored phone so that the confirm sends the same two members again', () => {
    for (const stored of [{ country_code: '+44', number: '2079460958' }, { country_code: '+1', number: '4155550100' }, { country_code: '353', number: '12345678' }]) {
      const typed = prefillPhone(stored.country_code, stored.number);
      assert.deepEqual(splitPhone(typed, 'US'), { number: stored.number, country_code: `+${stored.country_code.replace('+', '')}` }, typed);
    }
    assert.equal(prefillPhone('', '4155550100'), '4155550100');
    assert.equal(prefillPhone('+1', '+1 415 555 0100'), '+1 415 555 0100', 'a number already written with its code is left as it is');
  });
});
