/**
 * What the replays of upstream's Cypress flows share (upstream-requests.ts, upstream-more.ts,
 * upstream-customers.test.ts, the upstream-newer*.ts replays): the request fixtures of
 * `cypress-tests/cypress/fixtures/` at the commits named, the connector config's shapes and helpers,
 * the commands' common checks, and the spec's one status difference.
 */
import assert from 'node:assert/strict';
import type { ApiResponse } from '../helpers.js';

export type Body = Record<string, unknown>;

/** One step of a connector config: what is merged into the fixture, and the answer expected. */
export interface Exchange {
  Request?: Body;
  /** `expectBlockedPayment`: a blocked card, answered 200 with the error envelope (confirmCallTest's blocklist branch). */
  Response: { status: number; body: Body; expectBlockedPayment?: boolean };
}

export const ok = (body: Body = {}) => ({ status: 200, body });
export const refused = (status: number, error: Body) => ({ status, body: { error } });

/** Present and with at least one member, as upstream's `expect(…).to.not.be.empty` of an object. */
export const nonEmpty = (value: unknown): boolean => value != null && Object.keys(value as object).length > 0;

/** The spec's answer where the real service's differs (docs/sandbox.md, "Known differences"). */
export const SPEC_STATUS: Record<string, string> = { requires_payment_method: 'requires_confirmation' };

/**
 * The config's answer, as upstream-more.ts and the upstream-newer*.ts replays check it: its status (the
 * older ports' convention; upstream's commands branch on it), then each member of a 200's body deeply
 * equal, or (defaultErrorHandler) an `error` whose every expected member is equal, a `Json deserialize
 * error` message by inclusion. A config whose error members stand in `body` itself (Stripe.js's
 * ManualRetryPayment…) is read as that `error`.
 */
export function expectAnswer(response: ApiResponse, expected: Exchange['Response'], step: string): void {
  assert.equal(response.status, expected.status, `${step}: status (${response.text.slice(0, 400)})`);
  assert.match(response.headers.get('content-type') ?? '', /application\/json/, `${step}: content-type`);
  if (expected.status !== 200) {
    const error = (response.body as { error?: Body }).error;
    assert.ok(error != null && typeof error === 'object', `${step}: error`);
    for (const [member, value] of Object.entries((expected.body.error ?? expected.body) as Body)) {
      const actual: unknown = error[member];
      if (typeof actual === 'string' && actual.includes('Json deserialize error')) assert.ok(actual.includes(String(value)), `${step}: error.${member} ${actual}`);
      else assert.equal(actual, value, `${step}: error.${member}`);
    }
    return;
  }
  for (const [member, value] of Object.entries(expected.body)) {
    const wanted = member === 'status' && typeof value === 'string' ? (SPEC_STATUS[value] ?? value) : value;
    assert.deepEqual(response.body[member], wanted, `${step}: ${member}`);
  }
}

/** validateErrorMessage: no error on an answer the config does not expect to fail. */
export function noErrorUnlessFailed(body: Body, expected: Exchange['Response'], step: string): void {
  if (expected.body.status !== 'failed') assert.deepEqual([body.error_message, body.error_code], [null, null], `${step}: error_message, error_code`);
}

/**
 * createPaymentIntentTest's checks of the payment it created from `body` (the same at @6c80e6d6,
 * @00065bd4 and d1688907): what the body set, nothing paid, no payment method yet, a profile, and no
 * error unless the config expects a failure.
 */
export function checkCreatedIntent(payment: Body, body: Body, expected: Exchange['Response'], step: string): void {
  assert.ok(payment.payment_id != null && payment.merchant_id != null, `${step}: payment_id, merchant_id`);
  for (const member of ['amount', 'currency', 'capture_method', 'authentication_type', 'description', 'email'] as const) assert.equal(payment[member], body[member], `${step}: ${member}`);
  const customer = payment.customer as Body;
  assert.deepEqual([customer.email, customer.id], [body.email, body.customer_id], `${step}: customer.email, customer.id`);
  assert.deepEqual(payment.metadata, body.metadata, `${step}: metadata`);
  assert.equal(payment.setup_future_usage, body.setup_future_usage ?? null, `${step}: setup_future_usage`);
  // the amount with its shipping cost, if any
  assert.equal(payment.amount_capturable, body.shipping_cost === undefined ? body.amount : Number(body.amount) + Number(body.shipping_cost), `${step}: amount_capturable`);
  assert.ok([0, null].includes(payment.amount_received as number | null), `${step}: amount_received`);
  for (const member of ['connector', 'payment_method', 'payment_method_data', 'merchant_connector_id', 'payment_method_id', 'merchant_order_reference_id', 'connector_mandate_id'] as const) {
    assert.equal(payment[member], null, `${step}: ${member}`);
  }
  assert.ok(payment.profile_id != null, `${step}: profile_id`);
  noErrorUnlessFailed(payment, expected, step);
}

/** Commons.js `successfulNo3DSCardDetails` (a success card in the sandbox too). */
export const successfulNo3DSCardDetails = { card_number: '4111111111111111', card_exp_month: '08', card_exp_year: '50', card_holder_name: 'joseph Doe', card_cvc: '999' };

export const METADATA = { udf1: 'value1', new_customer: 'true', login_date: '2019-09-10T10:11:12Z' };

export const BROWSER_INFO = {
  user_agent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  accept_header: 'text/html,application/xhtml+xml,application/xml;q=0.9,image/webp,image/apng,*/*;q=0.8',
  language: 'en-US',
  color_depth: 30,
  screen_height: 1117,
  screen_width: 1728,
  time_zone: -330,
  java_enabled: true,
  java_script_enabled: true,
};

/** The fixtures' billing and shipping address, without its names. */
export const ADDRESS = { line1: '1467', line2: 'Harrison Street', line3: 'Harrison Street', city: 'San Fransico', state: 'California', zip: '94122', country: 'US' };

/** create-customer-body.json@1dc32cf7 (the same at 58a9c9f0, as at 5e54cdc5). */
export const customerCreateBody = (): Body => ({
  email: 'guest@example.com',
  name: 'John Doe',
  phone: '999999999',
  phone_country_code: '+65',
  description: 'First customer',
  address: { city: 'Bangalore', country: 'IN', line1: 'Juspay router', line2: 'Koramangala', line3: 'Stallion', state: 'Karnataka', zip: '560095', first_name: 'John', last_name: 'Doe', origin_zip: '560095' },
  metadata: { ...METADATA },
});

/** create-payment-body.json@02c918e4 (`profile_id` and `customer_id` are placeholders the commands overwrite). */
export const createPaymentBody = (): Body => ({
  currency: 'USD',
  amount: 6000,
  authentication_type: 'three_ds',
  description: 'Joseph First Crypto',
  email: 'hyperswitch_sdk_demo_id@gmail.com',
  setup_future_usage: null,
  profile_id: '{{profile_id}}',
  customer_id: 'john123',
  connector_metadata: { noon: { order_category: 'applepay' } },
  metadata: { ...METADATA },
});

/** create-confirm-body.json@150094fd (its expired card is replaced by every `Request`). */
export const createConfirmPaymentBody = (): Body => ({
  amount: 6500,
  currency: 'USD',
  confirm: true,
  capture_method: 'automatic',
  capture_on: '2022-09-10T10:11:12Z',
  customer_id: 'john123',
  email: 'guest@example.com',
  name: 'John Doe',
  phone: '999999999',
  phone_country_code: '+65',
  description: 'Its my first payment request',
  authentication_type: 'no_three_ds',
  return_url: 'https://hyperswitch.io',
  setup_future_usage: 'on_session',
  customer_acceptance: { acceptance_type: 'offline', accepted_at: '1963-05-03T04:07:52.723Z', online: { ip_address: '127.0.0.1', user_agent: 'amet irure esse' } },
  payment_method: 'card',
  payment_method_type: 'debit',
  payment_method_data: { card: { card_number: '4242424242424242', card_exp_month: '01', card_exp_year: '24', card_holder_name: 'joseph Doe', card_cvc: '123' } },
  billing: { address: { ...ADDRESS, first_name: 'john', last_name: 'doe' } },
  shipping: { address: { ...ADDRESS, first_name: 'john', last_name: 'doe' } },
  statement_descriptor_name: 'joseph',
  statement_descriptor_suffix: 'JS',
  metadata: { ...METADATA },
  browser_info: { ip_address: '129.0.0.1', ...BROWSER_INFO },
});

/** confirm-body.json@109e3368: the client-side confirm (its card is a placeholder every `Request` replaces). */
export const confirmBody = (): Body => ({
  client_secret: '',
  return_url: 'https://hyperswitch.io',
  payment_method: 'card',
  confirm: true,
  payment_method_data: {
    card: { _comment: 'these details are fetched from utils', card_number: 'YourCardNumberHere', card_exp_month: '04', card_exp_year: '24', card_holder_name: 'xyz', card_cvc: '424', card_issuer: '', card_network: 'Visa' },
  },
  billing: {
    address: { state: 'New York', city: 'New York', country: 'US', first_name: 'Arun', last_name: 'MishraArunMishra', zip: '10001', line1: '123 Main Street Apt 4B', line2: '123 Main Street Apt 4B', line3: '123 Main Street Apt 4B' },
  },
  email: 'hyperswitch_sdk_demo_id@gmail.com',
  browser_info: { ...BROWSER_INFO },
});

/** refund-flow-body.json@2bef460e */
export const refundBody = (): Body => ({ payment_id: 'payment_id', amount: 100, reason: 'FRAUD', refund_type: 'instant', metadata: { ...METADATA } });

/**
 * create-mandate-cit.json as upstream has had it since a7f8560a (#7496, March 2025; the same at
 * d1688907, June 2026): no `amount_to_capture`, amount 6000, a card expiring in 2050, `payment_type`
 * (which the command sets anyway) and `browser_info`.
 */
export const citConfirmBodyA7f8560a = (): Body => ({
  amount: 6000,
  currency: 'USD',
  confirm: true,
  capture_method: 'automatic',
  capture_on: '2022-09-10T10:11:12Z',
  customer_id: 'StripeCustomer',
  email: 'guest@example.com',
  name: 'John Doe',
  phone: '999999999',
  phone_country_code: '+65',
  description: 'Its my first payment request',
  authentication_type: 'no_three_ds',
  return_url: 'https://example.com',
  payment_method: 'card',
  payment_method_type: 'debit',
  payment_method_data: { card: { card_number: '4242424242424242', card_exp_month: '10', card_exp_year: '50', card_holder_name: 'joseph Doe', card_cvc: '123' } },
  setup_future_usage: 'off_session',
  mandate_data: {
    customer_acceptance: { acceptance_type: 'offline', accepted_at: '1963-05-03T04:07:52.723Z', online: { ip_address: '127.0.0.1', user_agent: 'amet irure esse' } },
    mandate_type: { single_use: { amount: 8000, currency: 'USD' } },
  },
  payment_type: 'setup_mandate',
  billing: { address: { ...ADDRESS, first_name: 'john', last_name: 'Doe' } },
  shipping: { address: { ...ADDRESS, first_name: 'john', last_name: 'Doe' } },
  statement_descriptor_name: 'joseph',
  statement_descriptor_suffix: 'JS',
  metadata: { ...METADATA },
  browser_info: { ip_address: '129.0.0.1', ...BROWSER_INFO, color_depth: 32 },
});
