/**
 * Every table looked up by a key from outside (an attribute, a property, an API answer, a request,
 * a public function's argument) is read by own property only: `__proto__`, `constructor`,
 * `toString` and the other names every object inherits are unknown keys like any other, never
 * `Object.prototype` or one of its functions (issue 24, N6; the locale bug of the round before).
 * One test per table.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { brandNetwork, validateCvc, type CardBrand } from '../../src/card/index.js';
import { declineStatus, describeClientError, errorMessageKey } from '../../src/flow/describe.js';
import { previewCard, previewState, type PreviewState } from '../../src/flow/preview.js';
import { formatMessage, localeChain, matchLocale, withOverrides, catalogue } from '../../src/i18n/index.js';
import { minorUnits } from '../../src/money/index.js';
import { compileAppearance } from '../../src/themes/appearance.js';
import { presetCss, type PresetName } from '../../src/themes/presets.js';
import type { PaymentResponse } from '../../src/api/schemas.js';
import { fillMessage } from '../../sandbox/domain/error-table.js';
import { processorFee } from '../../sandbox/domain/fees.js';
import { decideCard } from '../../sandbox/domain/processor.js';

/** Names every plain object inherits. */
const INHERITED = ['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty', 'isPrototypeOf', 'propertyIsEnumerable', 'toLocaleString', '__defineGetter__'];

describe('tables keyed by outside input: own properties only', () => {
  it('preview states (the `preview` attribute): an inherited name is an unknown state like any other', () => {
    for (const name of INHERITED) {
      assert.deepEqual(previewState(name as PreviewState, 0), previewState('no-such-state' as PreviewState, 0), name);
      assert.deepEqual(previewCard(name as PreviewState), previewCard('no-such-state' as PreviewState), name);
    }
    assert.equal(previewState('succeeded', 0).phase, 'done');
  });

  it('theme presets (the `theme` attribute, presetCss): an inherited name is the default preset', () => {
    for (const name of INHERITED) {
      assert.equal(presetCss(name as PresetName), presetCss('default'), name);
      const compiled = compileAppearance(undefined, name);
      assert.equal(compiled.theme, 'default', name);
    }
  });

  it('card brands (validateCvc and brandNetwork take a brand from the caller)', () => {
    for (const name of INHERITED) {
      assert.deepEqual(validateCvc('1234', name as CardBrand), validateCvc('1234', null), name);
      assert.deepEqual(validateCvc('123', name as CardBrand), validateCvc('123', null), name);
      assert.equal(brandNetwork(name as CardBrand), '', name);
    }
    assert.equal(brandNetwork('amex'), 'AmericanExpress');
  });

  it('currency exponents (a currency from the API or the merchant)', () => {
    for (const name of INHERITED) assert.equal(minorUnits(name), 2, name);
    assert.equal(minorUnits('jpy'), 0);
  });

  it('decline messages and error codes (an `error_code` or client error from the API)', () => {
    const payment = { payment_id: 'pay_x', status: 'failed', amount: 1, currency: 'USD' } as PaymentResponse;
    for (const name of INHERITED) {
      assert.deepEqual(declineStatus({ ...payment, error_code: name }), { key: 'decline.generic' }, name);
      assert.equal(errorMessageKey(name), 'error.configuration', name);
      assert.equal(describeClientError({ type: 'api', code: name, message: 'x', status: 400 } as never).code, 'request_refused', name);
    }
  });

  it('locales and messages (the `locale` attribute, the `messages` property, message parameters)', () => {
    for (const name of INHERITED) {
      assert.equal(matchLocale(name), 'en', name);
      assert.deepEqual(localeChain(name).at(-1), 'en', name);
      assert.equal(formatMessage(`{${name}}`, {}), `{${name}}`, name);
      assert.deepEqual(withOverrides(catalogue(), { [name]: 'x' } as never), catalogue(), name);
    }
  });

  it("the sandbox's error messages: a placeholder is filled only from the caller's own values", () => {
    for (const name of INHERITED) assert.equal(fillMessage(`{${name}}`, {}), `{${name}}`, name);
    assert.equal(fillMessage('{status}', { status: 'failed' }), 'failed');
  });

  it("the sandbox's connector fees and test cards", () => {
    for (const name of INHERITED) {
      assert.equal(processorFee(name, 1000), null, name);
      assert.deepEqual(decideCard(name), { kind: 'decline', code: 'card_not_supported' }, name);
    }
    assert.equal(processorFee('phonypay', 1000), 59);
  });
});
