// Contract tests of saved cards as the browser meets them (issue 23, item 2), as the real service
// serves them: the client session's list of the customer's saved cards (`GET /payments/{id}/client`
// and `GET /customers/payment_methods`, api_models payment_methods.rs CustomerPaymentMethod), its
// short-lived `payment_token`s (payments/helpers.rs retrieve_payment_token_data), the confirm the web
// SDK sends for a saved card (hyperswitch-web PaymentBody.res savedCardBody), consent to save
// (`customer_acceptance`), and `DELETE /payment_methods/{id}` (payment_methods/cards.rs).
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { MerchantService } from '../domain/merchants.js';
import { openDatabase } from '../store/db.js';
import { Store } from '../store/repo.js';
import { FUTURE, appOnStore, assertApiError, card, startTestSandbox, type TestSandbox } from './helpers.js';

type Body = Record<string, unknown>;
interface Payment {
  payment_id: string;
  client_secret: string;
}
interface SavedCard extends Body {
  payment_token: string;
  payment_method_id: string;
  requires_cvv: boolean;
  card: Body;
  last_used_at: string;
}

/** The web SDK's customerAcceptanceBody (PaymentBody.res). */
const ACCEPTANCE = { acceptance_type: 'online', accepted_at: '2026-11-27T10:00:00.000Z', online: { user_agent: 'Mozilla/5.0 (test)' } };
const NUMBERS = { visa: '4242424242424242', mastercard: '5555555555554444', amex: '378282246310005' };

describe('saved cards in the browser: list, payment_token, consent, delete', () => {
  let dir: string;
  let sandbox: TestSandbox;
  let other: { secretKey: string; publishableKey: string };
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tender-saved-browser-'));
    sandbox = await startTestSandbox({ dbPath: join(dir, 'saved.db') });
    const admin = { key: sandbox.adminKey };
    const account = await sandbox.request('POST', '/accounts', { ...admin, body: { merchant_id: 'saved_other' } });
    const key = await sandbox.request<{ api_key: string }>('POST', '/api_keys/saved_other', { ...admin, body: { name: 'k', expiration: 'never' } });
    other = { secretKey: key.body.api_key, publishableKey: String(account.body.publishable_key) };
  });
  after(async () => {
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const newPayment = async (body: Body = {}, key = sandbox.secretKey): Promise<Payment> => {
    const created = await sandbox.request('POST', '/payments', { key, body: { amount: 2500, currency: 'USD', ...body } });
    assert.equal(created.status, 200, created.text);
    return created.body as unknown as Payment;
  };
  /** A browser's confirm: publishable key and the client secret in the body. */
  const browserConfirm = (payment: Payment, body: Body, key = sandbox.publishableKey) =>
    sandbox.request('POST', `/payments/${payment.payment_id}/confirm`, { key, body: { client_secret: payment.client_secret, ...body } });
  const newCard = (number: string, cvc?: string) => ({ payment_method: 'card', payment_method_type: 'credit', payment_method_data: { card: card(number, cvc) } });
  /** A first payment in the browser that saves the card with the customer's consent. */
  const saveWithConsent = async (customerId: string, number: string, usage: 'on_session' | 'off_session' = 'on_session') => {
    const payment = await newPayment({ customer_id: customerId, ...(usage === 'off_session' ? { setup_future_usage: 'off_session' } : {}) });
    const paid = await browserConfirm(payment, { ...newCard(number), setup_future_usage: usage, customer_acceptance: ACCEPTANCE });
    assert.equal(paid.body.status, 'succeeded', paid.text);
    assert.match(String(paid.body.payment_method_id), /^pm_/);
    return paid.body;
  };
  const clientList = (payment: Payment, key = sandbox.publishableKey) =>
    sandbox.request<{ customer_payment_methods: SavedCard[]; intent_data: Body }>('GET', `/payments/${payment.payment_id}/client`, { key, query: { client_secret: payment.client_secret } });
  const customerList = (payment: Payment, key = sandbox.publishableKey) =>
    sandbox.request<{ customer_payment_methods: SavedCard[]; is_guest_customer: unknown }>('GET', '/customers/payment_methods', { key, query: { client_secret: payment.client_secret } });
  /** The saved-card confirm body exactly as the web SDK's savedCardBody builds it (with the CVC when it asks for one). */
  const savedCardBody = (token: string, customerId: string, cvc: string | null, extra: Body = {}): Body => ({
    payment_method: 'card',
    payment_token: token,
    customer_id: customerId,
    ...(cvc === null ? {} : { payment_method_data: { card_token: { card_cvc: cvc } } }),
    ...extra,
  });
  const firstToken = async (payment: Payment): Promise<SavedCard> => {
    const listed = await clientList(payment);
    assert.equal(listed.status, 200, listed.text);
    const [saved] = listed.body.customer_payment_methods;
    assert.ok(saved, 'the customer has a saved card');
    return saved;
  };

  describe('the client session lists the customer\'s saved cards', () => {
    it('GET /payments/{id}/client: upstream\'s CustomerPaymentMethod per card, most recently used first', async () => {
      await saveWithConsent('cus_lists', NUMBERS.visa);
      await saveWithConsent('cus_lists', NUMBERS.mastercard, 'off_session');
      const payment = await newPayment({ customer_id: 'cus_lists' });
      const listed = await clientList(payment);
      assert.equal(listed.status, 200, listed.text);
      const cards = listed.body.customer_payment_methods;
      assert.deepEqual(cards.map((saved) => saved.card.last4_digits), ['4444', '4242'], 'the card saved last was used last');
      const [mastercard, visa] = cards as [SavedCard, SavedCard];
      assert.deepEqual(Object.keys(visa).slice(0, 5), ['payment_token', 'payment_method_id', 'customer_id', 'payment_method', 'payment_method_type']);
      assert.deepEqual(
        [visa.customer_id, visa.payment_method, visa.payment_method_type, visa.requires_cvv, visa.recurring_enabled, visa.default_payment_method_set],
        ['cus_lists', 'card', 'credit', true, false, true],
      );
      assert.deepEqual([mastercard.requires_cvv, mastercard.recurring_enabled, mastercard.default_payment_method_set], [false, true, false]);
      assert.deepEqual(
        [visa.card.scheme, visa.card.last4_digits, visa.card.expiry_month, visa.card.expiry_year, visa.card.card_holder_name, visa.card.card_network, visa.card.card_isin],
        ['Visa', '4242', FUTURE.card_exp_month, FUTURE.card_exp_year, 'Ada Lovelace', 'Visa', '424242'],
      );
      // the web SDK's client-list decoder reads the card under payment_method_data.card
      assert.deepEqual((visa.payment_method_data as Body).card, visa.card);
      assert.match(String(visa.created), /^\d{4}-\d{2}-\d{2}T/);
      assert.match(visa.last_used_at, /^\d{4}-\d{2}-\d{2}T/);
      assert.match(visa.payment_token, /^token_[A-Za-z0-9]{20}$/);
      assert.notEqual(visa.payment_token, visa.payment_method_id);
      assert.ok(!listed.text.includes(NUMBERS.visa) && !listed.text.includes(NUMBERS.mastercard));
    });

    it('GET /customers/payment_methods?client_secret=: the same cards (CustomerPaymentMethodsListResponse), with CORS', async () => {
      await saveWithConsent('cus_lists_too', NUMBERS.visa);
      const payment = await newPayment({ customer_id: 'cus_lists_too' });
      const listed = await sandbox.request<{ customer_payment_methods: SavedCard[]; is_guest_customer: unknown }>('GET', '/customers/payment_methods', {
        key: sandbox.publishableKey,
        query: { client_secret: payment.client_secret },
        headers: { origin: 'https://shop.example' },
      });
      assert.equal(listed.status, 200, listed.text);
      assert.equal(listed.headers.get('access-control-allow-origin'), '*');
      assert.deepEqual(Object.keys(listed.body), ['customer_payment_methods', 'is_guest_customer']);
      assert.equal(listed.body.is_guest_customer, false);
      assert.deepEqual(listed.body.customer_payment_methods.map((saved) => [saved.customer_id, saved.card.last4_digits, saved.requires_cvv]), [['cus_lists_too', '4242', true]]);
      const preflight = await fetch(`${sandbox.url}/customers/payment_methods`, {
        method: 'OPTIONS',
        headers: { origin: 'https://shop.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'api-key' },
      });
      assert.equal(preflight.status, 204);
    });

    it('a payment without a customer lists no cards (a guest); another customer\'s payment does not see them', async () => {
      await saveWithConsent('cus_private', NUMBERS.visa);
      const guest = await newPayment();
      assert.deepEqual((await clientList(guest)).body.customer_payment_methods, []);
      const guestList = await customerList(guest);
      assert.deepEqual([guestList.body.customer_payment_methods, guestList.body.is_guest_customer], [[], true]);
      const stranger = await newPayment({ customer_id: 'cus_stranger' });
      assert.deepEqual((await clientList(stranger)).body.customer_payment_methods, []);
      assert.deepEqual((await customerList(stranger)).body.customer_payment_methods, []);
    });

    it('GET /customers/payment_methods needs the publishable key and the payment\'s client secret', async () => {
      const payment = await newPayment({ customer_id: 'cus_lists' });
      assertApiError(await sandbox.request('GET', '/customers/payment_methods', { key: sandbox.publishableKey }), 400, 'IR_04', 'Missing required param: client_secret');
      assertApiError(await sandbox.request('GET', '/customers/payment_methods', { key: sandbox.publishableKey, query: { client_secret: `${payment.payment_id}_secret_wrongwrongwrongwrong` } }), 400, 'IR_09');
      assertApiError(await customerList(payment, other.publishableKey), 404, 'HE_02');
      assertApiError(await sandbox.request('GET', '/customers/payment_methods', { query: { client_secret: payment.client_secret } }), 401, 'IR_01');
    });
  });

  describe('payment_token: short-lived, bound to the payment\'s client session and customer', () => {
    it('a fresh random token per list, never the pm_ id', async () => {
      await saveWithConsent('cus_tokens', NUMBERS.visa);
      const payment = await newPayment({ customer_id: 'cus_tokens' });
      const first = await firstToken(payment);
      const second = await firstToken(payment);
      assert.notEqual(first.payment_token, second.payment_token);
      assert.equal(first.payment_method_id, second.payment_method_id);
      const files = readdirSync(dir).map((file) => readFileSync(join(dir, file)).toString('latin1')).join('');
      assert.ok(!files.includes(first.payment_token), 'the token itself is not stored (only its hash)');
    });

    it('the merchant\'s own list (secret key) hands out tokens any payment of that customer may redeem, for the intent fulfillment time (upstream\'s list_customer_payment_method)', async () => {
      await saveWithConsent('cus_server_list', NUMBERS.visa);
      await saveWithConsent('cus_server_other', NUMBERS.visa);
      const listed = await sandbox.request<{ customer_payment_methods: SavedCard[] }>('GET', '/customers/cus_server_list/payment_methods');
      const token = String(listed.body.customer_payment_methods[0]?.payment_token);
      // not another customer's payment, not another merchant's
      assertApiError(await browserConfirm(await newPayment({ customer_id: 'cus_server_other' }), savedCardBody(token, 'cus_server_other', '123')), 422, 'IR_29', 'Token is invalid or expired');
      assertApiError(await browserConfirm(await newPayment({ customer_id: 'cus_server_list' }, other.secretKey), savedCardBody(token, 'cus_server_list', '123'), other.publishableKey), 422, 'IR_29');
      // a payment of the customer made after the list, in the browser, with the CVC where upstream's Cypress save-card confirm puts it
      const paid = await browserConfirm(await newPayment({ customer_id: 'cus_server_list' }), { payment_method: 'card', payment_token: token, card_cvc: '123' });
      assert.equal(paid.body.status, 'succeeded', paid.text);
      assert.equal(paid.body.payment_method_id, listed.body.customer_payment_methods[0]?.payment_method_id);
      // and another one, by the merchant's server; after the intent fulfillment time (900 s) it lapses
      const again = await sandbox.request('POST', '/payments', { body: { amount: 900, currency: 'USD', customer_id: 'cus_server_list', confirm: true, payment_method: 'card', payment_token: token, card_cvc: '123' } });
      assert.equal(again.body.status, 'succeeded', again.text);
      sandbox.advanceClock(901_000);
      assertApiError(await browserConfirm(await newPayment({ customer_id: 'cus_server_list' }), savedCardBody(token, 'cus_server_list', '123')), 422, 'IR_29');
    });

    it('a top-level card_cvc that is not 3 or 4 digits is 422 IR_06 naming card_cvc, and never repeated', async () => {
      await saveWithConsent('cus_cvc_top', NUMBERS.visa);
      const payment = await newPayment({ customer_id: 'cus_cvc_top' });
      const token = (await firstToken(payment)).payment_token;
      const refused = await browserConfirm(payment, { payment_method: 'card', payment_token: token, card_cvc: '98765' });
      assertApiError(refused, 422, 'IR_06', /^card_cvc must be 3 or 4 digits$/);
      assert.ok(!refused.text.includes('98765'));
    });

    it('is refused (422 IR_29) for another payment, another customer, another merchant, a forged token or the pm_ id, and nothing changes', async () => {
      await saveWithConsent('cus_refused', NUMBERS.visa);
      await saveWithConsent('cus_refused_other', NUMBERS.mastercard);
      const issuedTo = await newPayment({ customer_id: 'cus_refused' });
      const token = (await firstToken(issuedTo)).payment_token;
      const before = async (payment: Payment) => (await sandbox.request('GET', `/payments/${payment.payment_id}`)).body;
      const refusedOn = async (payment: Payment, body: Body, key?: string) => {
        const was = await before(payment);
        assertApiError(await browserConfirm(payment, body, key), 422, 'IR_29', 'Token is invalid or expired');
        assert.deepEqual(await before(payment), was, 'the payment is unchanged');
      };
      // another payment of the same customer
      await refusedOn(await newPayment({ customer_id: 'cus_refused' }), savedCardBody(token, 'cus_refused', '123'));
      // another customer's payment: the token is not theirs
      await refusedOn(await newPayment({ customer_id: 'cus_refused_other' }), savedCardBody(token, 'cus_refused_other', '123'));
      // another merchant's payment (its own publishable key)
      await refusedOn(await newPayment({ customer_id: 'cus_refused' }, other.secretKey), savedCardBody(token, 'cus_refused', '123'), other.publishableKey);
      // forged: a well-formed token never issued, and the permanent pm_ id
      await refusedOn(issuedTo, savedCardBody('token_AAAAAAAAAAAAAAAAAAAA', 'cus_refused', '123'));
      const listed = await firstToken(issuedTo);
      await refusedOn(issuedTo, savedCardBody(listed.payment_method_id, 'cus_refused', '123'));
      // the token still pays on its own payment (the refusals spent nothing)
      const paid = await browserConfirm(issuedTo, savedCardBody(token, 'cus_refused', '123'));
      assert.equal(paid.body.status, 'succeeded', paid.text);
    });

    it('a forgotten card\'s token is refused', async () => {
      await sandbox.request('POST', '/customers', { body: { customer_id: 'cus_forgets' } });
      const kept = await saveWithConsent('cus_forgets', NUMBERS.visa);
      const payment = await newPayment({ customer_id: 'cus_forgets' });
      const token = (await firstToken(payment)).payment_token;
      const deleted = await sandbox.request('DELETE', `/payment_methods/${String(kept.payment_method_id)}`);
      assert.equal(deleted.status, 200, deleted.text);
      assertApiError(await browserConfirm(payment, savedCardBody(token, 'cus_forgets', '123')), 422, 'IR_29', 'Token is invalid or expired');
      assert.deepEqual((await clientList(payment)).body.customer_payment_methods, []);
    });
  });

  describe('a browser confirm with payment_token pays with the saved card', () => {
    it('takes the web SDK\'s savedCardBody as sent (CVC for an on-session card), and the card\'s last_used_at moves', async () => {
      await saveWithConsent('cus_pays', NUMBERS.mastercard);
      await saveWithConsent('cus_pays', NUMBERS.visa);
      const payment = await newPayment({ customer_id: 'cus_pays' });
      const listed = (await clientList(payment)).body.customer_payment_methods;
      const mastercard = listed.find((saved) => saved.card.last4_digits === '4444') as SavedCard;
      assert.equal(listed[0]?.card.last4_digits, '4242', 'the card saved last is first');
      const paid = await browserConfirm(payment, savedCardBody(mastercard.payment_token, 'cus_pays', '321', { payment_method_type: 'credit' }));
      assert.equal(paid.status, 200, paid.text);
      assert.deepEqual([paid.body.status, paid.body.payment_method, paid.body.payment_method_id, paid.body.customer_id], ['succeeded', 'card', mastercard.payment_method_id, 'cus_pays']);
      const shown = (paid.body.payment_method_data as { card: Body }).card;
      assert.deepEqual([shown.last4, shown.card_network], ['4444', 'Mastercard']);
      // the card that paid is now the most recently used, first in the next session's list
      const next = await newPayment({ customer_id: 'cus_pays' });
      const relisted = (await clientList(next)).body.customer_payment_methods;
      assert.equal(relisted[0]?.payment_method_id, mastercard.payment_method_id);
      assert.ok(Date.parse(String(relisted[0]?.last_used_at)) > Date.parse(mastercard.last_used_at));
    });

    it('an off-session card pays without a CVC; an on-session card without one is 400 IR_04, with a malformed one 422 IR_06', async () => {
      await saveWithConsent('cus_cvc', NUMBERS.mastercard, 'off_session');
      const offSession = await newPayment({ customer_id: 'cus_cvc' });
      const noCvc = await browserConfirm(offSession, savedCardBody((await firstToken(offSession)).payment_token, 'cus_cvc', null));
      assert.equal(noCvc.body.status, 'succeeded', noCvc.text);

      await saveWithConsent('cus_cvc_on', NUMBERS.visa);
      const onSession = await newPayment({ customer_id: 'cus_cvc_on' });
      const token = (await firstToken(onSession)).payment_token;
      assertApiError(await browserConfirm(onSession, savedCardBody(token, 'cus_cvc_on', null)), 400, 'IR_04', 'Missing required param: card_cvc');
      assertApiError(await browserConfirm(onSession, savedCardBody(token, 'cus_cvc_on', '12a')), 422, 'IR_06', /card_cvc/);
      assert.equal((await browserConfirm(onSession, savedCardBody(token, 'cus_cvc_on', '123'))).body.status, 'succeeded');
    });

    it('members the server set are accepted when equal and refused when they differ (401 IR_18 for another customer_id)', async () => {
      await saveWithConsent('cus_members', NUMBERS.visa);
      const payment = await newPayment({ customer_id: 'cus_members' });
      const token = (await firstToken(payment)).payment_token;
      assertApiError(await browserConfirm(payment, savedCardBody(token, 'cus_someone_else', '123')), 401, 'IR_18', 'Unauthorised access to update customer');
      assertApiError(await browserConfirm(payment, savedCardBody(token, 'cus_members', '123', { amount: 1 })), 422, 'IR_06');
      assertApiError(await browserConfirm(payment, savedCardBody(token, 'cus_members', '123', newCard(NUMBERS.visa))), 422, 'IR_06', 'Pass either payment_token or payment_method_data.card, not both');
      const paid = await browserConfirm(payment, savedCardBody(token, 'cus_members', '123', { amount: 2500, currency: 'USD' }));
      assert.equal(paid.body.status, 'succeeded', paid.text);
    });

    it('never stores the CVC sent with a token, nor a saved card\'s number', async () => {
      await saveWithConsent('cus_no_cvc_kept', NUMBERS.amex);
      const payment = await newPayment({ customer_id: 'cus_no_cvc_kept' });
      const paid = await browserConfirm(payment, savedCardBody((await firstToken(payment)).payment_token, 'cus_no_cvc_kept', '7319'));
      assert.equal(paid.body.status, 'succeeded', paid.text);
      const files = readdirSync(dir).map((file) => readFileSync(join(dir, file)).toString('latin1')).join('');
      assert.ok(files.includes('cus_no_cvc_kept'), 'the customer is in the database files');
      for (const number of Object.values(NUMBERS)) assert.ok(!files.includes(number), `card number ${number.slice(-4)} in the database`);
      // the CVC as a value (a JSON string or number, a quoted SQL text) or under its member names: the four digits alone
      // also turn up by chance inside the stored timestamps (epoch milliseconds) of a busy database
      for (const stored of ['"7319"', "'7319'", ':7319,', ':7319}', 'card_cvc', 'card_token']) assert.ok(!files.includes(stored), `the CVC sent with the token is in the database (${stored})`);
    });
  });

  describe('saving needs the customer\'s consent on a browser confirm', () => {
    it('customer_acceptance with setup_future_usage saves the card; on_session asks for the CVC on return, off_session does not', async () => {
      const onSession = await saveWithConsent('cus_consents', NUMBERS.visa);
      const offSession = await saveWithConsent('cus_consents_off', NUMBERS.visa, 'off_session');
      const cards = async (customerId: string) => (await clientList(await newPayment({ customer_id: customerId }))).body.customer_payment_methods;
      assert.deepEqual((await cards('cus_consents')).map((saved) => [saved.payment_method_id, saved.requires_cvv]), [[onSession.payment_method_id, true]]);
      assert.deepEqual((await cards('cus_consents_off')).map((saved) => [saved.payment_method_id, saved.requires_cvv]), [[offSession.payment_method_id, false]]);
    });

    it('customer_acceptance alone saves the card on-session: the web SDK\'s ticked save box (no setup_future_usage), as upstream\'s save_payment_method', async () => {
      const payment = await newPayment({ customer_id: 'cus_sdk_box' });
      // the web SDK's confirm for a new card with its "Save card details" ticked (CardPayment.res): no setup_future_usage
      const paid = await browserConfirm(payment, { payment_method: 'card', payment_method_data: { card: card(NUMBERS.visa) }, customer_acceptance: ACCEPTANCE, payment_type: 'normal' });
      assert.equal(paid.body.status, 'succeeded', paid.text);
      assert.match(String(paid.body.payment_method_id), /^pm_/);
      assert.equal(paid.body.setup_future_usage ?? null, null, 'the payment keeps what the merchant set');
      const listed = (await clientList(await newPayment({ customer_id: 'cus_sdk_box' }))).body.customer_payment_methods;
      assert.deepEqual(listed.map((saved) => [saved.payment_method_id, saved.requires_cvv]), [[paid.body.payment_method_id, true]]);
      // a declined card with the box ticked saves nothing
      const declined = await browserConfirm(await newPayment({ customer_id: 'cus_sdk_box_declined' }), { ...newCard('4000000000000002'), customer_acceptance: ACCEPTANCE });
      assert.equal(declined.body.status, 'failed', declined.text);
      assert.equal(declined.body.payment_method_id ?? null, null);
    });

    it('without customer_acceptance a browser confirm saves nothing, even with setup_future_usage', async () => {
      for (const [customerId, created, sent] of [
        ['cus_no_consent_on', {}, { setup_future_usage: 'on_session' }],
        ['cus_no_consent_off', { setup_future_usage: 'off_session' }, {}],
      ] as const) {
        const payment = await newPayment({ customer_id: customerId, ...created });
        const paid = await browserConfirm(payment, { ...newCard(NUMBERS.visa), ...sent });
        assert.equal(paid.body.status, 'succeeded', paid.text);
        assert.equal(paid.body.payment_method_id ?? null, null, `${customerId}: no card saved`);
        assert.deepEqual((await clientList(await newPayment({ customer_id: customerId }))).body.customer_payment_methods, []);
      }
    });

    it('the merchant\'s server confirm keeps saving with setup_future_usage alone, even after a browser\'s confirm without consent', async () => {
      const payment = await newPayment({ customer_id: 'cus_server_saves', setup_future_usage: 'on_session' });
      const declined = await browserConfirm(payment, newCard('4000000000000002'));
      assert.equal(declined.body.status, 'failed', declined.text);
      const paid = await sandbox.request('POST', `/payments/${payment.payment_id}/confirm`, { body: newCard(NUMBERS.visa) });
      assert.equal(paid.body.status, 'succeeded', paid.text);
      assert.match(String(paid.body.payment_method_id), /^pm_/);
    });
  });

  describe('DELETE /payment_methods/{id} (secret key)', () => {
    it('forgets the card: {payment_method_id, deleted: true}; then it is 404 and gone from the lists', async () => {
      const first = await saveWithConsent('cus_deletes', NUMBERS.visa);
      const second = await saveWithConsent('cus_deletes', NUMBERS.mastercard);
      const deleted = await sandbox.request('DELETE', `/payment_methods/${String(second.payment_method_id)}`);
      assert.equal(deleted.status, 200, deleted.text);
      assert.deepEqual(deleted.body, { payment_method_id: second.payment_method_id, deleted: true });
      assertApiError(await sandbox.request('GET', `/payment_methods/${String(second.payment_method_id)}`), 404, 'HE_02');
      assertApiError(await sandbox.request('DELETE', `/payment_methods/${String(second.payment_method_id)}`), 404, 'HE_02', 'Payment method does not exist in our records');
      const listed = await sandbox.request<{ customer_payment_methods: SavedCard[] }>('GET', '/customers/cus_deletes/payment_methods');
      assert.deepEqual(listed.body.customer_payment_methods.map((saved) => saved.payment_method_id), [first.payment_method_id]);
    });

    it('the default card may go too, and the customer then has none (upstream\'s v1 delete at d1688907)', async () => {
      const first = await saveWithConsent('cus_default', NUMBERS.visa);
      await saveWithConsent('cus_default', NUMBERS.mastercard);
      assert.equal((await sandbox.request('GET', '/customers/cus_default')).body.default_payment_method_id, first.payment_method_id, 'the first saved card is the default');
      assert.equal((await sandbox.request('DELETE', `/payment_methods/${String(first.payment_method_id)}`)).status, 200);
      assert.equal((await sandbox.request('GET', '/customers/cus_default')).body.default_payment_method_id, null);
    });

    it('POST /customers/{id}/payment_methods/{pm}/default moves the default, as upstream\'s set_default_payment_method', async () => {
      const first = await saveWithConsent('cus_moves', NUMBERS.visa);
      const second = await saveWithConsent('cus_moves', NUMBERS.mastercard);
      const path = (customerId: string, pm: unknown) => `/customers/${customerId}/payment_methods/${String(pm)}/default`;
      const moved = await sandbox.request('POST', path('cus_moves', second.payment_method_id));
      assert.equal(moved.status, 200, moved.text);
      assert.deepEqual(moved.body, { default_payment_method_id: second.payment_method_id, customer_id: 'cus_moves', payment_method: 'card', payment_method_type: 'credit' });
      assert.equal((await sandbox.request('GET', '/customers/cus_moves')).body.default_payment_method_id, second.payment_method_id);
      const listed = (await sandbox.request<{ customer_payment_methods: SavedCard[] }>('GET', '/customers/cus_moves/payment_methods')).body.customer_payment_methods;
      assert.deepEqual(listed.filter((saved) => saved['default_payment_method_set'] === true).map((saved) => saved.payment_method_id), [second.payment_method_id]);
      assertApiError(await sandbox.request('POST', path('cus_moves', second.payment_method_id)), 400, 'IR_16', 'Payment Method is already set as default');
      const theirs = await saveWithConsent('cus_theirs', NUMBERS.visa);
      assertApiError(await sandbox.request('POST', path('cus_moves', theirs.payment_method_id)), 400, 'IR_16', 'The payment_method_id is not valid');
      assertApiError(await sandbox.request('POST', path('cus_moves', 'pm_nothing')), 404, 'HE_02', 'Payment method does not exist in our records');
      assertApiError(await sandbox.request('POST', path('cus_nobody', first.payment_method_id)), 404, 'HE_02', 'Customer does not exist in our records');
      assertApiError(await sandbox.request('POST', path('cus_moves', first.payment_method_id), { key: other.secretKey }), 404, 'HE_02');
      assertApiError(await sandbox.request('POST', path('cus_moves', first.payment_method_id), { key: sandbox.publishableKey }), 401, 'IR_01');
      // nothing refused changed the default
      assert.equal((await sandbox.request('GET', '/customers/cus_moves')).body.default_payment_method_id, second.payment_method_id);
    });

    it('another merchant\'s card is 404 HE_02; a publishable key is 401', async () => {
      const saved = await saveWithConsent('cus_mine', NUMBERS.visa);
      const path = `/payment_methods/${String(saved.payment_method_id)}`;
      assertApiError(await sandbox.request('DELETE', path, { key: other.secretKey }), 404, 'HE_02', 'Payment method does not exist in our records');
      assertApiError(await sandbox.request('DELETE', path, { key: sandbox.publishableKey }), 401, 'IR_01');
      assert.equal((await sandbox.request('GET', path)).status, 200, 'still saved');
    });
  });

  describe('a token lapses with the client secret (the app on a clock the test moves)', () => {
    let clock = Date.parse('2026-11-27T10:00:00Z');
    const now = () => clock;
    const store = new Store(openDatabase(':memory:'));
    const merchants = new MerchantService(store, now);
    const account = merchants.createAccount({ merchant_id: 'saved_clock' });
    const secretKey = merchants.createApiKey('saved_clock', { name: 'k', expiration: 'never' }).plaintext;
    const app = appOnStore(store, { adminKey: 'saved-clock-admin-key', now });
    const call = async (method: string, path: string, key: string, body?: Body) => {
      const response = await app.request(`http://localhost${path}`, { method, headers: { 'api-key': key, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
      return { status: response.status, body: (await response.json()) as Body };
    };

    it('after session_expiry the browser gets 400 IR_08 and the token is 422 IR_29 even on the merchant\'s server confirm', async () => {
      const first = await call('POST', '/payments', secretKey, { amount: 100, currency: 'USD', customer_id: 'cus_clock', ...newCard(NUMBERS.visa) });
      const saving = await call('POST', `/payments/${String(first.body.payment_id)}/confirm`, account.publishable_key, {
        client_secret: first.body.client_secret,
        setup_future_usage: 'on_session',
        customer_acceptance: ACCEPTANCE,
      });
      assert.equal(saving.body.status, 'succeeded', JSON.stringify(saving.body));
      const payment = await call('POST', '/payments', secretKey, { amount: 100, currency: 'USD', customer_id: 'cus_clock', session_expiry: 60 });
      const listed = await call('GET', `/payments/${String(payment.body.payment_id)}/client?client_secret=${String(payment.body.client_secret)}`, account.publishable_key);
      const token = String((listed.body.customer_payment_methods as SavedCard[])[0]?.payment_token);
      clock += 61_000;
      const was = (await call('GET', `/payments/${String(payment.body.payment_id)}`, secretKey)).body;
      const browser = await call('POST', `/payments/${String(payment.body.payment_id)}/confirm`, account.publishable_key, { client_secret: payment.body.client_secret, ...savedCardBody(token, 'cus_clock', '123') });
      assert.deepEqual([browser.status, (browser.body.error as Body).code], [400, 'IR_08']);
      const server = await call('POST', `/payments/${String(payment.body.payment_id)}/confirm`, secretKey, savedCardBody(token, 'cus_clock', '123'));
      assert.deepEqual([server.status, (server.body.error as Body).code, (server.body.error as Body).message], [422, 'IR_29', 'Token is invalid or expired']);
      assert.deepEqual((await call('GET', `/payments/${String(payment.body.payment_id)}`, secretKey)).body, was, 'nothing changed');
    });
  });
});
