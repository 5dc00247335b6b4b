/**
 * Free-form members (issue 24, N5): found in the request schemas by walking them, limited wherever
 * they are (sandbox/domain/validation.ts), and listed in docs/sandbox.md exactly as the schemas have
 * them, so a member added later cannot go unlisted or unlimited.
 */
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { describe, it } from 'node:test';
import type * as z from 'zod/mini';
import * as adminSchemas from '../../src/api/admin.js';
import {
  ConnectorAccountCreate,
  ConnectorAccountUpdate,
  CustomerCreate,
  CustomerUpdate,
  MerchantAccountCreate,
  MerchantAccountUpdate,
  OrganizationCreate,
  OrganizationUpdate,
  PaymentMethodCreate,
  RefundCreate,
  RefundUpdate,
} from '../../src/api/admin.js';
import * as profileSchemas from '../../src/api/profiles.js';
import { ProfileCreate, ProfileUpdate } from '../../src/api/profiles.js';
import * as requestSchemas from '../../src/api/requests.js';
import { PaymentCancelRequest, PaymentCaptureRequest, PaymentConfirmRequest, PaymentCreateRequest, PaymentUpdateRequest } from '../../src/api/requests.js';
import * as sdkSchemas from '../../src/api/sdk.js';
import { PaymentsEligibilityRequest, PaymentsSessionRequest } from '../../src/api/sdk.js';
import { ApiError } from '../domain/errors.js';
import { FREE_FORM_LIMIT, checkFreeForm, freeFormMembers } from '../domain/validation.js';

/** Every JSON body the sandbox reads that has free-form members, by its routes. */
const BODIES: [routes: string, schemas: z.ZodMiniType[]][] = [
  ['`POST /payments`, `POST /payments/{id}` (update), `POST /payments/{id}/confirm`', [PaymentCreateRequest, PaymentUpdateRequest, PaymentConfirmRequest]],
  ['`POST /payments/{id}/capture`', [PaymentCaptureRequest]],
  ['`POST /payments/{id}/cancel`', [PaymentCancelRequest]],
  ['`POST /payments/session_tokens`', [PaymentsSessionRequest]],
  ['`POST /payments/{id}/eligibility`', [PaymentsEligibilityRequest]],
  ['`POST /refunds`', [RefundCreate]],
  ['`POST /refunds/{id}`', [RefundUpdate]],
  ['`POST /payment_methods`', [PaymentMethodCreate]],
  ['`POST /customers`, `POST /customers/{id}`', [CustomerCreate, CustomerUpdate]],
  ['`POST /accounts`, `POST /accounts/{id}`', [MerchantAccountCreate, MerchantAccountUpdate]],
  ['`POST /organization`, `PUT /organization/{id}`', [OrganizationCreate, OrganizationUpdate]],
  ['`POST /account/{id}/business_profile`, `POST /account/{id}/business_profile/{profile_id}`', [ProfileCreate, ProfileUpdate]],
  ['`POST /account/{id}/connectors`, `POST /account/{id}/connectors/{merchant_connector_id}`', [ConnectorAccountCreate, ConnectorAccountUpdate]],
];

/** The table docs/sandbox.md carries between its free-form markers. */
function freeFormTableMarkdown(): string {
  const lines = ['| body | free-form members |', '|---|---|'];
  for (const [routes, schemas] of BODIES) {
    const members = [...new Set(schemas.flatMap((schema) => freeFormMembers(schema)))].sort();
    lines.push(`| ${routes} | ${members.map((member) => `\`${member}\``).join(', ')} |`);
  }
  return lines.join('\n');
}

const refusal = (run: () => void): string => {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return `${error.status} ${error.code} ${error.message}`;
    throw error;
  }
  return 'accepted';
};

describe('free-form members', () => {
  it('docs/sandbox.md lists every free-form member of every body, as the schemas have them', () => {
    const doc = readFileSync(new URL('../../docs/sandbox.md', import.meta.url), 'utf8');
    const rendered = /<!-- free-form:start -->\n([\s\S]*?)\n<!-- free-form:end -->/.exec(doc)?.[1];
    assert.equal(rendered, freeFormTableMarkdown(), 'render the table (freeFormTableMarkdown() in sandbox/test/free-form.test.ts) into docs/sandbox.md');
  });

  it('the same body takes the same members on create, update and confirm', () => {
    assert.deepEqual(freeFormMembers(PaymentConfirmRequest), freeFormMembers(PaymentCreateRequest));
    assert.deepEqual(freeFormMembers(PaymentUpdateRequest), freeFormMembers(PaymentCreateRequest));
  });

  it('the table has every body a route reads that has free-form members (routes added later included)', () => {
    const schemas: Record<string, unknown> = { ...adminSchemas, ...profileSchemas, ...requestSchemas, ...sdkSchemas };
    const routesDir = new URL('../routes/', import.meta.url);
    const read = new Set<string>();
    for (const file of readdirSync(routesDir)) {
      for (const [, name = ''] of readFileSync(new URL(file, routesDir), 'utf8').matchAll(/readBody\(c, (\w+)/g)) read.add(name);
    }
    assert.ok(read.has('PaymentUpdateRequest') && read.has('PaymentMethodCreate') && read.has('RefundUpdate'), [...read].join(', '));
    const listed = new Set(BODIES.flatMap(([, bodySchemas]) => bodySchemas));
    for (const name of read) {
      const schema = schemas[name] as z.ZodMiniType | undefined;
      assert.ok(schema, `${name} is not exported from src/api`);
      if (freeFormMembers(schema).length > 0) assert.ok(listed.has(schema), `${name} has free-form members and is not in BODIES`);
    }
  });

  it('limits the free-form members of the payment update and the saved card as the create body', () => {
    const big = { a: 'x'.repeat(FREE_FORM_LIMIT) };
    assert.match(refusal(() => checkFreeForm(PaymentUpdateRequest, PaymentUpdateRequest.parse({ connector_metadata: big }))), /^422 IR_06 connector_metadata may be at most 16384/);
    assert.match(refusal(() => checkFreeForm(PaymentMethodCreate, PaymentMethodCreate.parse({ payment_method: 'card', wallet: big }))), /^422 IR_06 wallet may be at most 16384/);
    assert.match(refusal(() => checkFreeForm(RefundUpdate, RefundUpdate.parse({ metadata: { k: 'v'.repeat(501) } }))), /^422 IR_06 metadata\.k may be at most 500 characters$/);
  });

  it('limits each kind of free-form member where it sits, and nothing else', () => {
    const big = 'x'.repeat(FREE_FORM_LIMIT);
    const payment = { amount: 1, currency: 'USD' };
    const check = (body: Record<string, unknown>) => refusal(() => checkFreeForm(PaymentCreateRequest, PaymentCreateRequest.parse(body)));
    assert.match(check({ ...payment, frm_metadata: { a: big } }), /^422 IR_06 frm_metadata may be at most 16384 characters as JSON, it has 16392$/);
    assert.match(check({ ...payment, installment_options: [big] }), /^422 IR_06 installment_options may be at most/);
    assert.match(check({ ...payment, order_details: [{ product_name: 'p', quantity: 1, amount: 1 }, { product_name: 'q', quantity: 1, amount: 0, sku: big }] }), /^422 IR_06 order_details\.1 may be at most/);
    assert.match(check({ ...payment, metadata: { k: big } }), /^422 IR_06 metadata\.k may be at most 500 characters$/);
    // the members the schema knows are held to their own limits, not the free-form one
    assert.equal(check({ ...payment, description: 'd'.repeat(1024), order_details: [{ product_name: 'p'.repeat(255), quantity: 1, amount: 1, product_img_link: `https://img.example/${'i'.repeat(2000)}` }] }), 'accepted');
    assert.equal(check({ ...payment, connector_metadata: { a: 'x'.repeat(FREE_FORM_LIMIT - 20) } }), 'accepted');
  });
});
