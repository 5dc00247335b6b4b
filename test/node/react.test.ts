// `tender-checkout/react` (src/react.ts) in Node, as server rendering meets it: it imports without a
// `window` or `document` (and without a `customElements` registry: the host element is plain DOM, and
// registering waits for a browser), and the component renders a <tender-checkout> tag. Its browser behaviour (camelCase props as properties, typed
// events, ref, StrictMode in React 18 and 19) is tested on the packed package in
// test/e2e/package-apps.spec.ts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';

test('imports without a window or document', async () => {
  assert.equal(typeof (globalThis as { window?: unknown }).window, 'undefined');
  assert.equal(typeof (globalThis as { document?: unknown }).document, 'undefined');
  const module = await import('../../src/react.js');
  assert.equal(module.TenderCheckout.displayName, 'TenderCheckout');
});

test('exports the element class and registers nothing where there is no registry', async () => {
  const { TenderCheckoutElement } = await import('../../src/react.js');
  assert.equal(TenderCheckoutElement.name, 'TenderCheckout');
  // the host element is plain DOM (no Lit, whose Node build would shim a registry): in Node there is none
  assert.equal(typeof (globalThis as { customElements?: unknown }).customElements, 'undefined');
});

test('the component renders a <tender-checkout> element on the server', async () => {
  const { TenderCheckout } = await import('../../src/react.js');
  const html = renderToString(createElement(TenderCheckout, { clientSecret: 'pay_x_secret_y', hideButton: true }));
  assert.match(html, /^<tender-checkout[^>]*><\/tender-checkout>$/);
});
