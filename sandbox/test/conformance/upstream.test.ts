// The real service's API test expectations (its Cypress suite), ported case by case: see
// upstream-cases.ts for the sources; and its flows replayed with its request bodies as sent
// (upstream-requests.ts, upstream-more.ts). Each case runs against a real sandbox over HTTP.
import { after, before, describe, it } from 'node:test';
import { startTestSandbox, type TestSandbox } from '../helpers.js';
import { UPSTREAM_CASES } from './upstream-cases.js';
import { UPSTREAM_MORE_FLOWS } from './upstream-more.js';
import { UPSTREAM_REQUEST_FLOWS } from './upstream-requests.js';

describe('upstream API test expectations', () => {
  let sandbox: TestSandbox;
  before(async () => {
    sandbox = await startTestSandbox();
  });
  after(() => sandbox.close());

  for (const upstream of UPSTREAM_CASES) {
    it(`${upstream.source} ${upstream.name}`, () => upstream.run(sandbox));
  }
});

describe('upstream API test flows, requests as sent', () => {
  let sandbox: TestSandbox;
  before(async () => {
    sandbox = await startTestSandbox();
  });
  after(() => sandbox.close());

  for (const upstream of UPSTREAM_REQUEST_FLOWS) {
    it(`${upstream.source} ${upstream.name}`, { todo: upstream.todo }, () => upstream.run(sandbox));
  }
});

// Each flow on a merchant of its own, one after the other: 00032's 35-second waits move the
// sandbox's one clock on (TestSandbox.advanceClock), and two flows waiting at once would add up to
// 70 s, past the 60-second session its profile gives the other flow's payment.
describe('upstream API test flows, requests as sent: 00030 duplicate ids and names, 00032 manual retry', () => {
  let sandbox: TestSandbox;
  before(async () => {
    sandbox = await startTestSandbox();
  });
  after(() => sandbox.close());

  for (const upstream of UPSTREAM_MORE_FLOWS) {
    it(`${upstream.source} ${upstream.name}`, { todo: upstream.todo }, () => upstream.run(sandbox));
  }
});
