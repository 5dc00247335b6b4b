// The enums src/api/admin.ts and src/api/enums.ts copy from the real service are its OpenAPI
// document's (hyperswitch-openapi-v1.json beside this file), so a copy cannot drift from it unseen.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { CONNECTOR_NAMES } from '../../../src/api/admin.js';
import { CARD_NETWORKS, UPSTREAM_PAYMENT_METHOD_TYPES } from '../../../src/api/enums.js';

const schemas = (JSON.parse(readFileSync(new URL('./hyperswitch-openapi-v1.json', import.meta.url), 'utf8')) as { components: { schemas: Record<string, { enum?: string[] }> } }).components.schemas;
const documented = (name: string): string[] => schemas[name]?.enum ?? [];

describe('enums copied from the real service', () => {
  it('a connector account names one of upstream’s Connectors', () => {
    assert.deepEqual([...CONNECTOR_NAMES].sort(), [...documented('Connector')].sort());
  });

  it('a payment, a saved method, a connector account and a collect link name upstream’s PaymentMethodTypes, and the spec’s mobile money', () => {
    assert.deepEqual([...UPSTREAM_PAYMENT_METHOD_TYPES].sort(), [...documented('PaymentMethodType'), 'pay_bill', 'pay_till'].sort());
  });

  it('card networks are upstream’s CardNetworks', () => {
    assert.deepEqual([...CARD_NETWORKS], documented('CardNetwork'));
  });
});
