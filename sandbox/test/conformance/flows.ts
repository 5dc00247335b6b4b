/**
 * Every flow the sandbox implements, run once against a sandbox whose answers are recorded: the
 * upstream cases (payments, 3-D Secure, captures, voids, refunds, mandates, error variations,
 * customers), upstream's flows with its requests as sent, and the administrative resources (merchant accounts, API keys, organizations, the
 * payment-method list). schema.test.ts checks each recorded answer against the OpenAPI document.
 */
import type { ApiResponse, RequestOptions, TestSandbox } from '../helpers.js';
import { UPSTREAM_CASES } from './upstream-cases.js';
import { UPSTREAM_REQUEST_FLOWS } from './upstream-requests.js';

export interface Exchange {
  method: string;
  path: string;
  status: number;
  body: unknown;
}

/** The sandbox with every answer to `request` appended to `exchanges`. */
export function recording(sandbox: TestSandbox, exchanges: Exchange[]): TestSandbox {
  const request = async <T>(method: string, path: string, options?: RequestOptions): Promise<ApiResponse<T>> => {
    const response = await sandbox.request<T>(method, path, options);
    exchanges.push({ method, path: new URL(path, sandbox.url).pathname, status: response.status, body: response.body });
    return response;
  };
  return { ...sandbox, request };
}

const ADMIN = { key: 'test_admin' };

async function adminFlows(sandbox: TestSandbox): Promise<void> {
  const organization = await sandbox.request('POST', '/organization', { ...ADMIN, body: { organization_name: 'Conformance Org' } });
  const organizationId = String(organization.body.organization_id);
  await sandbox.request('GET', `/organization/${organizationId}`, ADMIN);
  await sandbox.request('PUT', `/organization/${organizationId}`, { ...ADMIN, body: { organization_name: 'Conformance Org 2' } });

  await sandbox.request('POST', '/accounts', {
    ...ADMIN,
    body: {
      merchant_id: 'conformance_merchant',
      merchant_name: 'Conformance',
      organization_id: organizationId,
      return_url: 'https://google.com/success',
      webhook_details: { webhook_url: 'https://example.com/webhooks', payment_succeeded_enabled: true },
      primary_business_details: [{ country: 'US', business: 'default' }],
    },
  });
  await sandbox.request('GET', '/accounts/conformance_merchant', ADMIN);
  await sandbox.request('POST', '/accounts/conformance_merchant', { ...ADMIN, body: { merchant_name: 'Conformance 2' } });
  await sandbox.request('GET', '/accounts/nobody_here', ADMIN);

  const key = await sandbox.request('POST', '/api_keys/conformance_merchant', { ...ADMIN, body: { name: 'API Key 1', description: null, expiration: '2069-09-23T01:02:03.000Z' } });
  const keyId = String(key.body.key_id);
  await sandbox.request('GET', '/api_keys/conformance_merchant/list', ADMIN);
  await sandbox.request('GET', `/api_keys/conformance_merchant/${keyId}`, ADMIN);
  await sandbox.request('POST', `/api_keys/conformance_merchant/${keyId}`, { ...ADMIN, body: { name: 'Updated API Key', description: 'My updated key', expiration: null } });
  await sandbox.request('DELETE', `/api_keys/conformance_merchant/${keyId}`, ADMIN);

  // business profiles: the account's own (US_default, from its primary_business_details), one created,
  // listed, retrieved, updated and deleted, and a payment made on a profile of the demo merchant
  await sandbox.request('GET', '/account/conformance_merchant/business_profile', ADMIN);
  const profile = await sandbox.request('POST', '/account/conformance_merchant/business_profile', {
    ...ADMIN,
    body: {
      profile_name: 'conformance_profile',
      return_url: 'https://google.com/success',
      session_expiry: 600,
      is_manual_retry_enabled: true,
      webhook_details: { webhook_url: 'https://example.com/profile-webhooks', payment_failed_enabled: true },
      metadata: { channel: 'web' },
    },
  });
  const profileId = String(profile.body.profile_id);
  await sandbox.request('GET', `/account/conformance_merchant/business_profile/${profileId}`, ADMIN);
  await sandbox.request('POST', `/account/conformance_merchant/business_profile/${profileId}`, { ...ADMIN, body: { is_manual_retry_enabled: false, collect_billing_details_from_wallet_connector: false } });
  await sandbox.request('GET', '/account/conformance_merchant/business_profile', ADMIN);
  await sandbox.request('GET', '/accounts/conformance_merchant', ADMIN);
  await sandbox.request('DELETE', `/account/conformance_merchant/business_profile/${profileId}`, ADMIN);
  await sandbox.request('GET', `/account/conformance_merchant/business_profile/${profileId}`, ADMIN);
  // with the merchant's own secret key; a second profile unsets the default, which the account update names again
  const demoDefault = String((await sandbox.request('GET', '/accounts/demo_merchant', ADMIN)).body.default_profile);
  const demoProfile = await sandbox.request('POST', '/account/demo_merchant/business_profile', { body: { profile_name: 'conformance_demo_profile', session_expiry: 1200 } });
  await sandbox.request('POST', '/payments', { body: { amount: 6000, currency: 'USD', profile_id: String(demoProfile.body.profile_id) } });
  await sandbox.request('POST', '/accounts/demo_merchant', { ...ADMIN, body: { default_profile: demoDefault } });

  const customer = await sandbox.request('POST', '/customers', { body: { email: 'guest@example.com', name: 'John Doe', phone: '999999999', phone_country_code: '+65', description: 'First customer' } });
  const customerId = String(customer.body.customer_id);
  await sandbox.request('GET', `/customers/${customerId}`);
  await sandbox.request('POST', `/customers/${customerId}`, { body: { email: 'guest2@example.com' } });
  await sandbox.request('GET', '/customers/cus_nobody');

  const payment = await sandbox.request('POST', '/payments', { body: { amount: 6000, currency: 'USD' } });
  await sandbox.request('GET', '/account/payment_methods', { key: sandbox.publishableKey, query: { client_secret: String(payment.body.client_secret) } });
  await sandbox.request('GET', `/payments/${String(payment.body.payment_id)}`, { query: { expand_attempts: 'true' } });
  await sandbox.request('GET', '/account/payment_methods');
  await sandbox.request('GET', '/payments/pay_nobody');

  // mobile money (the spec's wallet extension), approved by the simulator
  const mobile = await sandbox.request('POST', '/payments', {
    body: { amount: 1500, currency: 'KES', confirm: true, payment_method: 'wallet', payment_method_type: 'pay_bill', payment_method_data: { wallet: { mobile_money: { phone_number: '+254700123456' } } } },
  });
  await sandbox.request('POST', `/sandbox/mobile_money/${String(mobile.body.merchant_id)}/${String(mobile.body.payment_id)}/approve`);
  await sandbox.request('GET', `/payments/${String(mobile.body.payment_id)}`);
  await sandbox.request('GET', '/refunds/ref_nobody');
}

const CARD = { card_number: '4242424242424242', card_exp_month: '12', card_exp_year: String(new Date().getUTCFullYear() + 3), card_cvc: '123', card_holder_name: 'John Doe' };
const ACCEPTANCE = { acceptance_type: 'offline', accepted_at: '1963-05-03T04:07:52.723Z', online: { ip_address: '125.0.0.1', user_agent: 'amet irure esse' } };

/** What a merchant's server calls beyond create and confirm (the Node SDK's calls among them). */
async function merchantServerFlows(sandbox: TestSandbox): Promise<void> {
  // stepwise: create, update (attach the card), confirm, capture; then list, refund, update and list refunds
  const created = await sandbox.request('POST', '/payments', { body: { amount: 6000, currency: 'USD', capture_method: 'manual', customer_id: 'cus_conformance' } });
  const paymentId = String(created.body.payment_id);
  await sandbox.request('POST', `/payments/${paymentId}`, {
    body: { amount: 6500, payment_method: 'card', payment_method_data: { card: CARD }, billing: { address: { country: 'US', zip: '94122' } }, order_details: [{ product_name: 'shirt', quantity: 1, amount: 6500 }] },
  });
  await sandbox.request('POST', `/payments/${paymentId}/confirm`, { body: {} });
  await sandbox.request('POST', `/payments/${paymentId}/capture`, { body: {} });
  await sandbox.request('POST', `/payments/${paymentId}`, { body: { description: 'too late' } });
  await sandbox.request('GET', '/payments/list', { query: { customer_id: 'cus_conformance', limit: '5' } });
  const refund = await sandbox.request('POST', '/refunds', { body: { payment_id: paymentId, amount: 1000 } });
  await sandbox.request('POST', `/refunds/${String(refund.body.refund_id)}`, { body: { reason: 'Customer returned the product', metadata: { ticket: '42' } } });
  await sandbox.request('POST', '/refunds/list', { body: { payment_id: paymentId, limit: 10 } });
  await sandbox.request('POST', '/refunds/list', { body: { limit: 0 } });

  // a mandate: retrieved, listed for its customer, revoked (twice), then the customer deleted
  const mandated = await sandbox.request('POST', '/payments', {
    body: { amount: 1000, currency: 'USD', confirm: true, customer_id: 'cus_conformance_mandate', payment_method: 'card', payment_method_data: { card: CARD }, mandate_data: { customer_acceptance: ACCEPTANCE, mandate_type: { multi_use: { amount: 8000, currency: 'USD' } } } },
  });
  const mandateId = String(mandated.body.mandate_id);
  await sandbox.request('GET', `/mandates/${mandateId}`);
  await sandbox.request('GET', '/customers/cus_conformance_mandate/mandates');
  await sandbox.request('DELETE', '/customers/cus_conformance_mandate');
  await sandbox.request('POST', `/mandates/revoke/${mandateId}`);
  await sandbox.request('POST', `/mandates/revoke/${mandateId}`);
  await sandbox.request('GET', '/mandates/man_nobody');
  await sandbox.request('DELETE', '/customers/cus_conformance_mandate');
  await sandbox.request('GET', `/payments/${String(mandated.body.payment_id)}`);

  // a card saved for a customer, retrieved, listed
  const saved = await sandbox.request('POST', '/payment_methods', { body: { payment_method: 'card', payment_method_type: 'credit', customer_id: 'cus_conformance', card: { ...CARD, card_cvc: undefined, nick_name: 'Work' }, metadata: { purpose: 'test' } } });
  await sandbox.request('GET', `/payment_methods/${String(saved.body.payment_method_id)}`);
  await sandbox.request('GET', '/customers/cus_conformance/payment_methods');
  await sandbox.request('GET', '/payment_methods/pm_nobody');

  // a payment link, and the merchant's view of it (retrieved, listed, an unknown one)
  const linked = await sandbox.request('POST', '/payments', { body: { amount: 1200, currency: 'USD', payment_link: true, return_url: 'https://google.com/success' } });
  await sandbox.request('GET', `/payment_link/${String((linked.body.payment_link as { payment_link_id: string }).payment_link_id)}`);
  await sandbox.request('GET', '/payment_link/non_existent_link_12345');
  await sandbox.request('POST', '/payment_link/list', { body: { limit: 10 } });

  // a payment-method collect link for the customer; what the connectors support
  await sandbox.request('POST', '/payment_methods/collect', { body: { customer_id: 'cus_conformance', return_url: 'https://example.com/return', merchant_name: 'Conformance' } });
  await sandbox.request('GET', '/feature_matrix', { key: null });
}

/** Runs every flow in order; a failing upstream case fails the run (upstream.test.ts names it). */
export async function runAllFlows(sandbox: TestSandbox): Promise<void> {
  for (const upstream of UPSTREAM_CASES) await upstream.run(sandbox);
  // the flows still marked todo are left out: they fail by design until their work lands
  for (const upstream of UPSTREAM_REQUEST_FLOWS) if (!upstream.todo) await upstream.run(sandbox);
  await adminFlows(sandbox);
  await merchantServerFlows(sandbox);
}
