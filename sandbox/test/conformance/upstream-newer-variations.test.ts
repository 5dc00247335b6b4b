// The real service's newer 23-Variations and 14-SaveCardFlow Cypress specs (juspay/hyperswitch at
// d1688907), replayed with their requests as sent by a Stripe run (upstream-newer-variations.ts). A
// spec's flows run in its order on one merchant, customer and Stripe connector account, sharing its
// fixtures, against a real sandbox over HTTP; a flow where the sandbox answers otherwise than the spec
// is `todo`, with the difference.
import { after, before, describe, it } from 'node:test';
import { startTestSandbox, type TestSandbox } from '../helpers.js';
import { UPSTREAM_NEWER_VARIATION_FLOWS } from './upstream-newer-variations.js';

describe('upstream API test flows at d1688907, requests as sent: 23 variations, 14 save card flow', () => {
  let sandbox: TestSandbox;
  before(async () => {
    sandbox = await startTestSandbox();
  });
  after(() => sandbox.close());

  for (const upstream of UPSTREAM_NEWER_VARIATION_FLOWS) {
    it(`${upstream.source} ${upstream.name}`, { todo: upstream.todo }, () => upstream.run(sandbox));
  }
});
