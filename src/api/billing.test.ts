import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { countryRule, regionOf, requiredByList } from '../elements/tender-checkout/billing-countries.js';
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
