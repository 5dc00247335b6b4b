// The real service's newer Cypress specs of payment links and external 3-D Secure (juspay/hyperswitch
// at d1688907), replayed with their requests as sent by a Stripe run, as CI runs them
// (upstream-newer-links.ts): 48-PaymentLink and 44-ExternalThreeDS. A spec's flows run in its order on one merchant and customer against a real sandbox over HTTP; a flow
// where the sandbox answers otherwise than the spec is `todo`, with the difference.
import { after, before, describe, it } from 'node:test';
import { startTestSandbox, type TestSandbox } from '../helpers.js';
import { UPSTREAM_NEWER_LINK_FLOWS } from './upstream-newer-links.js';

describe('upstream API test flows at d1688907, requests as sent: 48 payment link, 44 external 3DS', () => {
  let sandbox: TestSandbox;
  before(async () => {
    sandbox = await startTestSandbox();
  });
  after(() => sandbox.close());

  for (const upstream of UPSTREAM_NEWER_LINK_FLOWS) {
    it(`${upstream.source} ${upstream.name}`, { todo: upstream.todo }, () => upstream.run(sandbox));
  }
});
