/**
 * The real service's Cypress `Misc` specs that call the payment API's own routes, replayed with their
 * requests **as sent** and their commands' assertions (juspay/hyperswitch as a fork holds it at commit
 * d1688907, under `cypress-tests/cypress/`):
 *
 * - `e2e/spec/Misc/00000-HealthCheck.cy.js`: `healthCheck` (`GET /health`, `Accept: application/json`):
 *   a 200 whose body is the text "health is good" (crates/router/src/routes/health.rs answers it as a
 *   plain body), anything else throws;
 * - `e2e/spec/Misc/00001-MemoryCacheConfigs.cy.js`: `setConfigs` (the admin key) CREATE and FETCH
 *   `test-key`, UPDATE and FETCH it with a new value, DELETE it (upstream-newer-flow.ts's
 *   Flow.setConfigs): a 200 has the key and the value, anything else is only logged. Beyond the
 *   command, each call is checked to be the 200 the real service answers, so that the flow can fail.
 *
 * Not replayed: `00002-CardIssuerManagement` and `00003-ForexRates` (routes outside the spec),
 * `00003-OidcRouteMismatch` (the dashboard's OIDC routes) and `00003-ProductType`, whose `afterEach`
 * deletes the merchant after its create step, so that its retrieve steps read a merchant the real
 * service no longer has (docs/sandbox.md § Conformance).
 */
import assert from 'node:assert/strict';
import type { TestSandbox } from '../helpers.js';
import type { UpstreamCase } from './upstream-cases.js';
import { COMMIT } from './upstream-newer-fixtures.js';
import { Flow } from './upstream-newer-flow.js';

const MISC = `e2e/spec/Misc`;

export const UPSTREAM_NEWER_MISC_FLOWS: UpstreamCase[] = [
  {
    source: `${MISC}/00000-HealthCheck.cy.js@${COMMIT} [Health Check] Create Configs`,
    name: 'as sent: GET /health (Accept: application/json): 200, the body "health is good"',
    async run(sandbox: TestSandbox) {
      const response = await sandbox.request('GET', '/health', { headers: { Accept: 'application/json' } });
      if (response.status !== 200) throw new Error(`Health Check failed with status: \`${response.status}\` and body: \`${response.text}\``);
      // cy.request hands a body that is not JSON over as its text
      assert.equal(response.text, 'health is good', 'healthCheck: body');
    },
  },
  {
    source: `${MISC}/00001-MemoryCacheConfigs.cy.js@${COMMIT} [Config flows] Create Configs, Update Configs, delete configs`,
    name: 'as sent: setConfigs CREATE test-key "test value" -> FETCH -> UPDATE "new test value" -> FETCH -> DELETE: each the key and its value (beyond the command: each a 200)',
    async run(sandbox: TestSandbox) {
      const cy = new Flow(sandbox);
      const [key, value, newValue] = ['test-key', 'test value', 'new test value'];
      const steps: [string, 'CREATE' | 'FETCH' | 'UPDATE' | 'DELETE'][] = [
        [value, 'CREATE'],
        [value, 'FETCH'],
        [newValue, 'UPDATE'],
        [newValue, 'FETCH'],
        [newValue, 'DELETE'],
      ];
      for (const [expected, requestType] of steps) {
        const response = await cy.setConfigs(key, expected, requestType);
        assert.equal(response.status, 200, `setConfigs ${requestType}: status (${response.text.slice(0, 300)})`);
      }
    },
  },
];
