import assert from 'node:assert/strict';
import { it } from 'node:test';
import { DEFAULT_TOKEN_CSS } from './default-tokens.js';
import { defaultTokenCss } from './index.js';

it('the static default tokens are exactly what the default preset compiles to', () => {
  assert.equal(DEFAULT_TOKEN_CSS, defaultTokenCss());
});
