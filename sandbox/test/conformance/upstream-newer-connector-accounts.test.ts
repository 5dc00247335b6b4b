// The real service's Cypress steps on connector accounts (juspay/hyperswitch at d1688907), replayed with
// their requests as sent by a Stripe run: 00-CoreFlows' connector-account and delete calls and
// 03-ConnectorCreate (upstream-newer-connector-accounts.ts). Each flow runs on a merchant of its own
// against a real sandbox over HTTP; a flow where the sandbox answers otherwise than the spec is `todo`,
// with the difference.
import { after, before, describe, it } from 'node:test';
import { startTestSandbox, type TestSandbox } from '../helpers.js';
import { UPSTREAM_NEWER_CONNECTOR_ACCOUNT_FLOWS } from './upstream-newer-connector-accounts.js';

describe('upstream API test flows at d1688907, requests as sent: 00 connector-account and delete calls, 03 connector create', () => {
  let sandbox: TestSandbox;
  before(async () => {
    sandbox = await startTestSandbox();
  });
  after(() => sandbox.close());

  for (const upstream of UPSTREAM_NEWER_CONNECTOR_ACCOUNT_FLOWS) {
    it(`${upstream.source} ${upstream.name}`, { todo: upstream.todo }, () => upstream.run(sandbox));
  }
});
