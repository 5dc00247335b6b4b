// The real service's newer Cypress specs that set a run up (juspay/hyperswitch at d1688907), replayed
// with their requests as sent: 00-CoreFlows, 01-AccountCreate and 02-CustomerCreate
// (upstream-newer-accounts.ts). Each flow runs on a merchant of its own against a real sandbox over
// HTTP; a flow where the sandbox answers otherwise than the spec is `todo`, with the difference.
import { after, before, describe, it } from 'node:test';
import { startTestSandbox, type TestSandbox } from '../helpers.js';
import { UPSTREAM_NEWER_ACCOUNT_FLOWS } from './upstream-newer-accounts.js';

describe('upstream API test flows at d1688907, requests as sent: 00 core flows, 01 account create, 02 customer create', () => {
  let sandbox: TestSandbox;
  before(async () => {
    sandbox = await startTestSandbox();
  });
  after(() => sandbox.close());

  for (const upstream of UPSTREAM_NEWER_ACCOUNT_FLOWS) {
    it(`${upstream.source} ${upstream.name}`, { todo: upstream.todo }, () => upstream.run(sandbox));
  }
});
