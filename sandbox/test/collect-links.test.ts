// Payment-method collect links (domain/collect-links.ts, routes/collect-links.ts): the link a
// merchant's server makes for a customer, its page, the card saved through it (masked only), and its
// refusals, as upstream's initiate_pm_collect_link and render_pm_collect_link answer them.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { FUTURE, assertApiError, startTestSandbox, type TestSandbox } from './helpers.js';

type Body = Record<string, unknown>;

const NUMBER = '5555555555554444';
const form = (fields: Record<string, string>) => ({ rawBody: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' }, key: null });

describe('payment-method collect links', () => {
  let dir: string;
  let sandbox: TestSandbox;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tender-collect-'));
    sandbox = await startTestSandbox({ dbPath: join(dir, 'collect.db') });
  });
  after(async () => {
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A customer of the demo merchant and a link for it (members over the customer). */
  async function linkFor(customerId: string, members: Body = {}): Promise<Body> {
    await sandbox.request('POST', '/customers', { body: { customer_id: customerId } });
    const made = await sandbox.request('POST', '/payment_methods/collect', { body: { customer_id: customerId, ...members } });
    assert.equal(made.status, 200, made.text);
    return made.body;
  }
  const pagePath = (link: Body) => new URL(String(link.link)).pathname;

  it('makes a link as upstream answers it: its id, the customer, an expiry 900 s on, the page’s address, cards by default', async () => {
    const before = Date.now();
    const link = await linkFor('cus_collect_1', { return_url: 'https://shop.example/saved' });
    assert.match(String(link.pm_collect_link_id), /^pm_collect_link_[A-Za-z0-9]{20}$/);
    assert.deepEqual({ ...link, pm_collect_link_id: '', expiry: '', link: '' }, {
      pm_collect_link_id: '',
      customer_id: 'cus_collect_1',
      expiry: '',
      link: '',
      return_url: 'https://shop.example/saved',
      logo: null,
      merchant_name: null,
      theme: null,
      enabled_payment_methods: [{ payment_method: 'card', payment_method_types: ['credit', 'debit'] }],
    });
    assert.equal(link.link, `${sandbox.url}/payment_methods/collect/demo_merchant/${String(link.pm_collect_link_id)}`);
    const expiry = Date.parse(String(link.expiry));
    assert.ok(expiry >= before + 899_000 && expiry <= Date.now() + 901_000, String(link.expiry));
  });

  it('shows a card form on the link’s page, under a strict CSP, and an unknown link is 404 IR_37', async () => {
    const link = await linkFor('cus_collect_2', { merchant_name: 'Tea Shop', session_expiry: 60 });
    const page = await sandbox.request('GET', pagePath(link), { key: null });
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-type') ?? '', /^text\/html/);
    assert.match(page.text, /Save a card with Tea Shop/);
    assert.match(page.text, /<input id="card_number" name="card_number" autocomplete="cc-number"/);
    assert.ok(!page.text.includes('card_cvc'), 'no CVC asked for');
    const csp = page.headers.get('content-security-policy') ?? '';
    assert.match(csp, /default-src 'none'/);
    assert.ok(!csp.includes('unsafe-inline'), csp);
    assertApiError(await sandbox.request('GET', '/payment_methods/collect/demo_merchant/pm_collect_link_unknown', { key: null }), 404, 'IR_37', 'payment method collect link not found');
    // another merchant's address for the same link
    await sandbox.createMerchant('collect_other');
    assertApiError(await sandbox.request('GET', `/payment_methods/collect/collect_other/${String(link.pm_collect_link_id)}`, { key: null }), 404, 'IR_37');
  });

  it('saves the posted card for the customer, masked, sends the customer back with the card’s id, and takes no second card', async () => {
    const link = await linkFor('cus_collect_3', { return_url: 'https://shop.example/saved?order=7' });
    const posted = await sandbox.request('POST', pagePath(link), form({ card_number: `${NUMBER.slice(0, 4)} ${NUMBER.slice(4)}`, ...FUTURE, card_holder_name: 'Ada Lovelace' }));
    assert.equal(posted.status, 302, posted.text);
    const back = new URL(posted.headers.get('location') ?? '');
    assert.equal(`${back.origin}${back.pathname}`, 'https://shop.example/saved');
    assert.deepEqual([back.searchParams.get('order'), back.searchParams.get('pm_collect_link_id'), back.searchParams.get('status')], ['7', link.pm_collect_link_id, 'submitted']);
    const saved = await sandbox.request<{ customer_payment_methods: Body[] }>('GET', '/customers/cus_collect_3/payment_methods');
    const [method] = saved.body.customer_payment_methods;
    assert.equal(saved.body.customer_payment_methods.length, 1);
    assert.equal(method?.payment_method_id, back.searchParams.get('payment_method_id'));
    assert.deepEqual([(method?.card as Body).last4_digits, (method?.card as Body).card_holder_name], ['4444', 'Ada Lovelace']);
    const files = readdirSync(dir).map((file) => readFileSync(join(dir, file)).toString('latin1')).join('');
    assert.ok(files.includes(String(link.pm_collect_link_id)), 'the link is in the database files');
    assert.ok(!files.includes(NUMBER), 'no card number in the database files');
    // used: the page says so, and a second card is not saved
    const again = await sandbox.request('GET', pagePath(link), { key: null });
    assert.match(again.text, /A card was saved with this link; it cannot be used again/);
    const second = await sandbox.request('POST', pagePath(link), form({ card_number: '4242424242424242', ...FUTURE }));
    assert.equal(second.status, 200);
    assert.equal((await sandbox.request<{ customer_payment_methods: Body[] }>('GET', '/customers/cus_collect_3/payment_methods')).body.customer_payment_methods.length, 1);
  });

  it('shows a refused card’s reason on the form and saves nothing; an expired link takes no card', async () => {
    const link = await linkFor('cus_collect_4', { session_expiry: 5 });
    const refused = await sandbox.request('POST', pagePath(link), form({ card_number: '4242424242424241', ...FUTURE }));
    assert.equal(refused.status, 400);
    assert.match(refused.text, /<p role="alert">[^<]+<\/p>/);
    assert.ok(!refused.text.includes('4242424242424241'), 'the number is not repeated');
    sandbox.advanceClock(6000);
    const expired = await sandbox.request('GET', pagePath(link), { key: null });
    assert.match(expired.text, /This payment collect link has expired/);
    const late = await sandbox.request('POST', pagePath(link), form({ card_number: NUMBER, ...FUTURE }));
    assert.match(late.text, /This payment collect link has expired/);
    assert.equal((await sandbox.request<{ customer_payment_methods: Body[] }>('GET', '/customers/cus_collect_4/payment_methods')).body.customer_payment_methods.length, 0);
  });

  it('takes its look, methods and domain from the merchant’s pm_collect_link_config (typed as upstream’s), and refuses an unknown customer, a taken id and a bad body', async () => {
    const { secretKey } = await sandbox.createMerchant('collect_config', {
      pm_collect_link_config: { allowed_domains: ['shop.example'], domain_name: 'pay.shop.example', logo: 'https://shop.example/logo.png', theme: '#123456', enabled_payment_methods: [{ payment_method: 'card', payment_method_types: ['credit'] }] },
    });
    const key = { key: secretKey };
    // upstream's BusinessCollectLinkConfig: allowed_domains and enabled_payment_methods required, answered whole
    const incomplete = await sandbox.request('POST', '/accounts', { key: sandbox.adminKey, body: { merchant_id: 'collect_incomplete', pm_collect_link_config: { enabled_payment_methods: [] } } });
    assertApiError(incomplete, 400, 'IR_06', 'Json deserialize error: missing field `allowed_domains`');
    const account = await sandbox.request('GET', '/accounts/collect_config', { key: sandbox.adminKey });
    assert.deepEqual(account.body.pm_collect_link_config, {
      domain_name: 'pay.shop.example',
      allowed_domains: ['shop.example'],
      logo: 'https://shop.example/logo.png',
      merchant_name: null,
      theme: '#123456',
      enabled_payment_methods: [{ payment_method: 'card', payment_method_types: ['credit'] }],
    });
    await sandbox.request('POST', '/customers', { ...key, body: { customer_id: 'cus_configured' } });
    const made = await sandbox.request('POST', '/payment_methods/collect', { ...key, body: { customer_id: 'cus_configured', pm_collect_link_id: 'pm_collect_link_mine', theme: '#654321' } });
    assert.equal(made.status, 200, made.text);
    assert.deepEqual([made.body.link, made.body.logo, made.body.theme, made.body.enabled_payment_methods], [
      'https://pay.shop.example/payment_methods/collect/collect_config/pm_collect_link_mine',
      'https://shop.example/logo.png',
      '#654321',
      [{ payment_method: 'card', payment_method_types: ['credit'] }],
    ]);
    assertApiError(await sandbox.request('POST', '/payment_methods/collect', { ...key, body: { customer_id: 'cus_configured', pm_collect_link_id: 'pm_collect_link_mine' } }), 400, 'IR_38', 'payment method collect link already exists');
    // upstream's wallet types are taken (its default lists PayPal and Venmo); the sandbox's page collects cards only
    const wallets = await sandbox.request('POST', '/payment_methods/collect', { ...key, body: { customer_id: 'cus_configured', enabled_payment_methods: [{ payment_method: 'wallet', payment_method_types: ['paypal', 'venmo'] }] } });
    assert.equal(wallets.status, 200, wallets.text);
    const walletPage = await sandbox.request('GET', new URL(String(wallets.body.link)).pathname, { key: null });
    assert.match(walletPage.text, /This link collects no cards, and the sandbox saves cards only/);
    assertApiError(await sandbox.request('POST', '/payment_methods/collect', { ...key, body: { customer_id: 'cus_nobody' } }), 422, 'IR_06', 'customer [cus_nobody] not found for merchant [MerchantId("collect_config")]');
    assertApiError(await sandbox.request('POST', '/payment_methods/collect', { ...key, body: { customer_id: 'cus_configured', return_url: 'javascript:alert(1)' } }), 422, 'IR_06', 'return_url is not a valid url');
    assertApiError(await sandbox.request('POST', '/payment_methods/collect', { key: sandbox.publishableKey, body: { customer_id: 'cus_configured' } }), 401, 'IR_01');
  });
});
