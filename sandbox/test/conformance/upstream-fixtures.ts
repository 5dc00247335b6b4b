/**
 * What the replays of upstream's Cypress flows share (upstream-requests.ts, upstream-more.ts,
 * upstream-customers.test.ts): the request fixtures of `cypress-tests/cypress/fixtures/` at the
 * commits named, the connector config's shapes and helpers, and the spec's one status difference.
 */

export type Body = Record<string, unknown>;

/** One step of a connector config: what is merged into the fixture, and the answer expected. */
export interface Exchange {
  Request?: Body;
  Response: { status: number; body: Body };
}

export const ok = (body: Body = {}) => ({ status: 200, body });
export const refused = (status: number, error: Body) => ({ status, body: { error } });

/** Present and with at least one member, as upstream's `expect(…).to.not.be.empty` of an object. */
export const nonEmpty = (value: unknown): boolean => value != null && Object.keys(value as object).length > 0;

/** The spec's answer where the real service's differs (docs/sandbox.md, "Known differences"). */
export const SPEC_STATUS: Record<string, string> = { requires_payment_method: 'requires_confirmation' };

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
