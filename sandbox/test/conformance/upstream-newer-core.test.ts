// The real service's newer core Cypress specs (juspay/hyperswitch at d1688907), replayed with their
// requests as sent by a Stripe run (upstream-newer-core.ts): 04 to 10 and 16. A spec's flows run in its
// order on one merchant, customer and Stripe connector account, sharing its fixtures, against a real
// sandbox over HTTP; a flow where the sandbox answers otherwise than the spec is `todo`, with the difference.
import { after, before, describe, it } from 'node:test';
import { startTestSandbox, type TestSandbox } from '../helpers.js';
import { UPSTREAM_NEWER_CORE_FLOWS } from './upstream-newer-core.js';

describe('upstream API test flows at d1688907, requests as sent: the core specs 04 to 10 and 16', () => {
  let sandbox: TestSandbox;
  before(async () => {
    sandbox = await startTestSandbox();
  });
  after(() => sandbox.close());

  for (const upstream of UPSTREAM_NEWER_CORE_FLOWS) {
    it(`${upstream.source} ${upstream.name}`, { todo: upstream.todo }, () => upstream.run(sandbox));
  }
});
