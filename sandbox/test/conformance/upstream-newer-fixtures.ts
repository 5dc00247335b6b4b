/**
 * The request fixtures and shared config of the real service's Cypress suite at commit d1688907
 * (juspay/hyperswitch as a fork holds it, June 2026, `chore(version): 2026.06.25.0`, under
 * `cypress-tests/cypress/`) that the upstream-newer*.ts replays send and upstream-fixtures.ts does not
 * have: each names its file. create-payment-body.json, create-customer-body.json and
 * refund-flow-body.json are upstream-fixtures.ts's (unchanged since).
 *
 * The connector accounts: create-connector-body.json and update-connector-body.json, Commons.js's
 * `payment_methods_enabled` (what every spec that creates an account passes), and the credentials
 * a tester's creds.json holds (`connectorAuthFilePath`, read by createConnectorCallTest through
 * Utils.js's getValueByKey): `CONNECTOR_AUTH` below is a stand-in for that file, which is not in the
 * repository; its keys are made up, the shapes are the connectors' (Stripe a HeaderKey, Adyen a BodyKey,
 * Cybersource and Novalnet a SignatureKey).
 */
import type { Body } from './upstream-fixtures.js';

export const COMMIT = 'd1688907';
export const SPEC = `e2e/spec/Payment`;

export const BROWSER = {
  user_agent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  accept_header: 'text/html,application/xhtml+xml,application/xml;q=0.9,image/webp,image/apng,*/*;q=0.8',
  language: 'en-US',
  color_depth: 32,
  screen_height: 1117,
  screen_width: 1728,
  time_zone: -330,
  java_enabled: true,
  java_script_enabled: true,
};
export const ACCEPTANCE = { acceptance_type: 'offline', accepted_at: '1963-05-03T04:07:52.723Z', online: { ip_address: '127.0.0.1', user_agent: 'amet irure esse' } };
export const HARRISON = { line1: '1467', line2: 'Harrison Street', line3: 'Harrison Street', city: 'San Fransico', state: 'California', zip: '94122', country: 'US', first_name: 'john', last_name: 'doe' };

/** confirm-body.json@58a9c9f0 (the same at d1688907). */
export const confirmBody = (): Body => ({
  client_secret: '',
  return_url: 'https://example.com',
  confirm: true,
  customer_acceptance: structuredClone(ACCEPTANCE),
  billing: {
    address: { state: 'New York', city: 'New York', country: 'US', first_name: 'john', last_name: 'doe', zip: '10001', line1: '123', line2: 'Main Street', line3: 'Apt 4B', origin_zip: '10001' },
  },
  email: 'hyperswitch_sdk_demo_id@gmail.com',
  browser_info: { ...BROWSER, ip_address: '127.0.0.1' },
});

/** create-confirm-body.json@5319725c (the same at d1688907). */
export const createConfirmPaymentBody = (): Body => ({
  amount: 6000,
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
  return_url: 'https://example.com',
  setup_future_usage: 'on_session',
  customer_acceptance: structuredClone(ACCEPTANCE),
  payment_method: 'card',
  payment_method_type: 'debit',
  payment_method_data: { card: { card_number: '4111111111111111', card_exp_month: '03', card_exp_year: '30', card_holder_name: 'joseph Doe', card_cvc: '737' } },
  billing: { address: { ...HARRISON } },
  shipping: { address: { ...HARRISON } },
  statement_descriptor_name: 'joseph',
  statement_descriptor_suffix: 'JS',
  metadata: { udf1: 'value1', new_customer: 'true', login_date: '2019-09-10T10:11:12Z' },
  browser_info: { ip_address: '129.0.0.1', ...BROWSER },
});

/** business-profile.json@2c865156 (the same at d1688907): `bpCreate`, and `bpUpdate` whose five switches UpdateBusinessProfileTest overwrites. */
export const bpCreate = (): Body => ({ profile_name: 'default' });
export const bpUpdate = (): Body => ({
  is_connector_agnostic_mit_enabled: true,
  collect_shipping_details_from_wallet_connector: true,
  collect_billing_details_from_wallet_connector: true,
  always_collect_billing_details_from_wallet_connector: true,
  always_collect_shipping_details_from_wallet_connector: true,
});

/** merchant-create-body.json@7ad5cd55 (the same at d1688907), without the merchant_id merchantCreateCallTest replaces. */
export const merchantCreateBody = (): Body => ({
  locker_id: 'm0010',
  merchant_name: 'NewAge Retailers',
  merchant_details: {
    primary_contact_person: 'John Test',
    primary_email: 'JohnTest@test.com',
    primary_phone: 'sunt laborum',
    secondary_contact_person: 'John Test2',
    secondary_email: 'JohnTest2@test.com',
    secondary_phone: 'cillum do dolor id',
    website: 'https://www.example.com',
    about_business: 'Online Retail with a wide selection of organic products for North America',
    address: { line1: '1467', line2: 'Harrison Street', line3: 'Harrison Street', city: 'San Francisco', state: 'California', zip: '94122', country: 'US', first_name: 'john', last_name: 'Doe' },
  },
  webhook_details: { webhook_version: '1.0.1', webhook_username: 'ekart_retail', webhook_password: 'password_ekart@123', payment_created_enabled: true, payment_succeeded_enabled: true, payment_failed_enabled: true },
  return_url: 'https://example.com',
  sub_merchants_enabled: false,
  metadata: { city: 'NY', unit: '245' },
  primary_business_details: [{ country: 'US', business: 'default' }],
});

/** RequestBodyUtils.generateRandomString: `{prefix}_` and eight hex digits. */
export const randomString = (prefix: string): string => `${prefix}_${Math.floor(Math.random() * 0x100000000).toString(16).padStart(8, '0')}`;

// ---- connector accounts ----------------------------------------------------------------------------------

/** create-connector-body.json@d1688907 (createConnectorCallTest sets connector_type, profile_id, connector_name, payment_methods_enabled and connector_account_details). */
export const createConnectorBody = (): Body => ({
  connector_name: 'stripe',
  profile_id: '{{profile_id}}',
  connector_account_details: { auth_type: 'BodyKey', api_key: 'api-key', key1: 'value1' },
  test_mode: true,
  disabled: false,
  payment_methods_enabled: [],
  metadata: { city: 'NY', unit: '245', endpoint_prefix: 'AD', merchant_name: 'Cypress Test', account_name: 'transaction_processing' },
});

/** update-connector-body.json@d1688907 (connectorUpdateCall sets connector_type and connector_label). */
export const updateConnectorBody = (): Body => ({ connector_label: 'updated_connector_label', test_mode: true, disabled: false });

/**
 * A stand-in for the tester's creds.json (`globalState.connectorAuthFilePath`): what getValueByKey
 * answers for a connector, one set of credentials each (so no `MULTIPLE_CONNECTORS`), without
 * `metadata`. The keys are made up; only their shapes are the connectors' (upstream's
 * ConnectorAuthType: Stripe's connector reads a HeaderKey, Adyen's a BodyKey or SignatureKey).
 */
export const CONNECTOR_AUTH: Record<string, { connector_account_details: Body; metadata?: Body }> = {
  stripe: { connector_account_details: { auth_type: 'HeaderKey', api_key: 'sk_test_cypress_stand_in_0000000000' } },
  adyen: { connector_account_details: { auth_type: 'BodyKey', api_key: 'adyen_cypress_stand_in_api_key', key1: 'CypressStandInAccount' } },
  // SignatureKey: Cybersource's key, merchant account and shared secret; Novalnet's activation key, access key and tariff
  cybersource: { connector_account_details: { auth_type: 'SignatureKey', api_key: 'cybersource_stand_in_key', key1: 'cypress_stand_in', api_secret: 'cybersource_stand_in_secret' } },
  novalnet: { connector_account_details: { auth_type: 'SignatureKey', api_key: 'novalnet_stand_in_activation_key', key1: 'novalnet_stand_in_access_key', api_secret: '10004' } },
};

/** Utils.js getOriginalConnectorName: stripeconnect is created and answered as stripe. */
export const getOriginalConnectorName = (connectorId: string): string => (connectorId === 'stripeconnect' ? 'stripe' : connectorId);

// Commons.js@d1688907 `payment_methods_enabled`: every entry's members, as the file writes them.
const MAX = 68607706;
const NULLS = { card_networks: null, accepted_currencies: null, accepted_countries: null };
/** Bank redirects: no experience, the four nulls, from 1, recurring and installments. */
const redirect = { payment_experience: null, ...NULLS, minimum_amount: 1, maximum_amount: MAX, recurring_enabled: true, installment_payment_enabled: true };
/** From 1, recurring and installments (bank debits, instant transfers). */
const plain = { minimum_amount: 1, maximum_amount: MAX, recurring_enabled: true, installment_payment_enabled: true };
/** Wallets other than Apple Pay and Google Pay: a redirect, neither recurring nor installments. */
const walletRedirect = { payment_experience: 'redirect_to_url', minimum_amount: 1, maximum_amount: MAX, recurring_enabled: false, installment_payment_enabled: false };
/** Vouchers, Givex: no experience, the four nulls, neither recurring nor installments. */
const voucher = { payment_experience: null, ...NULLS, minimum_amount: 1, maximum_amount: MAX, recurring_enabled: false, installment_payment_enabled: false };
const networks = ['AmericanExpress', 'Discover', 'Interac', 'JCB', 'Mastercard', 'Visa', 'DinersClub', 'UnionPay', 'RuPay'];
const types = (members: Body, ...names: string[]): Body[] => names.map((payment_method_type) => ({ payment_method_type, ...structuredClone(members) }));
const method = (payment_method: string, ...payment_method_types: Body[][]): Body => ({ payment_method, payment_method_types: payment_method_types.flat() });

export const paymentMethodsEnabled = (): Body[] => [
  method('bank_redirect', types(redirect, 'blik', 'eps', 'ideal', 'giropay', 'local_bank_redirect', 'przelewy24', 'open_banking_uk', 'online_banking_fpx', 'sofort', 'interac', 'bancontact_card')),
  method('bank_debit', types(plain, 'sepa')),
  method(
    'bank_transfer',
    types({ minimum_amount: 0, maximum_amount: MAX, recurring_enabled: false, installment_payment_enabled: true }, 'pix'),
    types({ minimum_amount: 0, maximum_amount: MAX, recurring_enabled: false }, 'ach'),
    types(plain, 'instant_bank_transfer_finland', 'instant_bank_transfer_poland'),
  ),
  method('bank_debit', types(plain, 'ach', 'sepa', 'bacs', 'becs')),
  method('card', types({ card_networks: networks, minimum_amount: 0, maximum_amount: MAX, recurring_enabled: false, installment_payment_enabled: true }, 'credit', 'debit')),
  method('real_time_payment', types({ ...plain, payment_experience: 'redirect_to_url' }, 'duit_now', 'fps', 'prompt_pay', 'viet_qr')),
  method('upi', types({ ...plain, payment_experience: 'redirect_to_url' }, 'upi_collect', 'upi_intent')),
  method(
    'wallet',
    types({ ...plain, payment_experience: 'invoke_sdk_client' }, 'apple_pay', 'google_pay'),
    types(walletRedirect, 'bluecode', 'skrill', 'ali_pay_hk', 'mifinity', 'paypal', 'kakao_pay', 'ali_pay', 'gcash', 'we_chat_pay', 'momo', 'twint', 'vipps', 'dana', 'go_pay', 'mb_way'),
  ),
  method('reward', types({ payment_experience: 'redirect_to_url', ...NULLS, minimum_amount: 0, maximum_amount: MAX, recurring_enabled: true, installment_payment_enabled: false }, 'evoucher', 'classic')),
  method('voucher', types(voucher, 'boleto', 'oxxo', 'alfamart', 'indomaret', 'seven_eleven', 'lawson', 'mini_stop', 'family_mart', 'seicomart', 'pay_easy')),
  method('gift_card', types(voucher, 'givex'), types({ ...voucher, payment_experience: 'redirect_to_url' }, 'pay_safe_card')),
  method('crypto', types({ payment_experience: 'redirect_to_url', ...NULLS, minimum_amount: 0, maximum_amount: MAX, recurring_enabled: true, installment_payment_enabled: false }, 'crypto_currency')),
  method('pay_later', types({ payment_experience: 'redirect_to_url', ...NULLS, minimum_amount: 1, maximum_amount: MAX, recurring_enabled: false, installment_payment_enabled: false }, 'klarna', 'affirm', 'atome')),
];
