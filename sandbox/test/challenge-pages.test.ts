import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { runInNewContext } from 'node:vm';
import { CHALLENGE_FINISHED, NextAction, RedirectInsidePopup } from '../../src/api/schemas.js';
import { PAGES_JS } from '../pages/script.js';
import { cardPayment, startTestSandbox, type TestSandbox } from './helpers.js';

/** The `#challenge-end` data the page script reads, from an end page's HTML. */
function endPageData(html: string): { paymentId: string; targetOrigins: string[]; openUrl: string; openUrlOrigins: string[] } {
  const main = /<main ([^>]*)>/.exec(html)?.[1] ?? '';
  const attribute = (name: string) => (new RegExp(`${name}="([^"]*)"`).exec(main)?.[1] ?? '').replaceAll('&quot;', '"').replaceAll('&amp;', '&');
  return {
    paymentId: attribute('data-payment-id'),
    targetOrigins: JSON.parse(attribute('data-target-origins') || '[]') as string[],
    openUrl: attribute('data-open-url'),
    openUrlOrigins: JSON.parse(attribute('data-open-url-origins') || '[]') as string[],
  };
}

/**
 * Runs the served page script on an end page inside a frame whose parent is on `ancestorOrigin`
 * (null: a browser that does not tell, Firefox), and returns what it posts to the parent.
 */
function framedEndPagePosts(data: ReturnType<typeof endPageData>, ancestorOrigin: string | null): { message: unknown; targetOrigin: string }[] {
  const posts: { message: unknown; targetOrigin: string }[] = [];
  const end = { dataset: { paymentId: data.paymentId, targetOrigins: JSON.stringify(data.targetOrigins), openUrl: data.openUrl, openUrlOrigins: JSON.stringify(data.openUrlOrigins) } };
  const parent = { postMessage: (message: unknown, targetOrigin: string) => posts.push({ message: JSON.parse(JSON.stringify(message)) as unknown, targetOrigin }) };
  const window = { parent, location: { ancestorOrigins: ancestorOrigin === null ? undefined : [ancestorOrigin] } };
  const document = { getElementById: (id: string) => (id === 'challenge-end' ? end : null) };
  runInNewContext(PAGES_JS, { window, document, HTMLFormElement: class {}, HTMLAnchorElement: class {} });
  return posts;
}

/**
 * The 3-D Secure test page as an attacker and as a framing merchant page see it: single-use links
 * with unguessable tokens, answers bound to the page they came from, the popup next action, and
 * the headers of every page the sandbox serves as HTML.
 */
describe('3-D Secure challenge pages', () => {
  let sandbox: TestSandbox;
  before(async () => {
    sandbox = await startTestSandbox();
  });
  after(() => sandbox.close());

  /** A merchant of its own with a secret key (and its publishable key). */
  const merchant = (merchantId: string, members: Record<string, unknown> = {}) => sandbox.createMerchant(merchantId, members);

  const challenged = async (extra: Record<string, unknown> = {}, key?: string) => {
    const created = await sandbox.request<Record<string, unknown>>('POST', '/payments', {
      key,
      body: { amount: 4200, currency: 'EUR', confirm: true, return_url: 'https://merchant.example/checkout', ...cardPayment('4000003800000446'), ...extra },
    });
    assert.equal(created.status, 200, created.text);
    assert.equal(created.body.status, 'requires_customer_action');
    return created.body as { payment_id: string; client_secret: string; next_action: Record<string, string> };
  };
  const linkOf = (payment: { next_action: Record<string, string> }) => payment.next_action.redirect_to_url ?? payment.next_action.popup_url ?? '';
  const statusOf = async (paymentId: string) => (await sandbox.request('GET', `/payments/${paymentId}`)).body.status;

  /** Opens a challenge link as the customer's browser does and reads the page's form. */
  const open = async (url: string) => {
    const response = await fetch(url, { redirect: 'manual' });
    const html = await response.text();
    const pageToken = /name="page_token" value="([^"]+)"/.exec(html)?.[1] ?? null;
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1] ?? null;
    return { response, html, pageToken, action: action ? new URL(action.replaceAll('&amp;', '&'), url).toString() : null };
  };
  const post = (url: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(url, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body: new URLSearchParams(fields).toString() });
  /** The page's own answer: open the link, then post the choice with the page's token. */
  const answer = async (url: string, choice: 'complete' | 'reject') => {
    const page = await open(url);
    assert.equal(page.response.status, 200, page.html);
    assert.ok(page.pageToken && page.action, 'the page carries a form with a page token');
    return { page, response: await post(page.action, { answer: choice, page_token: page.pageToken }) };
  };

  describe('links', () => {
    it('carries an unguessable token of at least 128 bits that no id gives away', async () => {
      const first = await challenged();
      const second = await challenged();
      const link = new URL(linkOf(first));
      assert.equal(link.origin + link.pathname, `${sandbox.url}/payments/redirect/${first.payment_id}/demo_merchant/${first.payment_id}_1`);
      const token = link.searchParams.get('token') ?? '';
      assert.match(token, /^[A-Za-z0-9_-]+$/);
      assert.ok(Buffer.from(token, 'base64url').length >= 16, `token ${token} has fewer than 128 bits`);
      assert.notEqual(token, new URL(linkOf(second)).searchParams.get('token'));
      for (const id of [first.payment_id, first.client_secret, 'demo_merchant']) assert.ok(!token.includes(id));
    });

    it('refuses a guessed token with a clear page (404) and changes nothing', async () => {
      const payment = await challenged();
      const guessed = new URL(linkOf(payment));
      guessed.searchParams.set('token', Buffer.alloc(32, 7).toString('base64url'));
      const page = await open(guessed.toString());
      assert.equal(page.response.status, 404);
      assert.match(page.html, /not valid or it is expired/);
      assert.doesNotMatch(page.html, /4446|Visa/, 'the card is not shown');
      assert.equal(page.pageToken, null);
      assert.equal(await statusOf(payment.payment_id), 'requires_customer_action');
      // the real link still works afterwards
      assert.equal((await open(linkOf(payment))).response.status, 200);
    });

    it('refuses a link without a token (400), as the old id-only URL was', async () => {
      const payment = await challenged();
      const bare = new URL(linkOf(payment));
      bare.search = '';
      const page = await open(bare.toString());
      assert.equal(page.response.status, 400);
      assert.match(page.html, /incomplete/);
      assert.doesNotMatch(page.html, /4446/);
      assert.equal(await statusOf(payment.payment_id), 'requires_customer_action');
    });

    it('opens once: a replayed link is expired (404)', async () => {
      const payment = await challenged();
      assert.equal((await open(linkOf(payment))).response.status, 200);
      const replay = await open(linkOf(payment));
      assert.equal(replay.response.status, 404);
      assert.match(replay.html, /not valid or it is expired/);
    });

    it("refuses another payment's token and another attempt's token", async () => {
      const mine = await challenged();
      const theirs = await challenged();
      const swapped = new URL(linkOf(mine));
      swapped.searchParams.set('token', new URL(linkOf(theirs)).searchParams.get('token') ?? '');
      assert.equal((await open(swapped.toString())).response.status, 404);

      // attempt 1 is rejected, attempt 2 challenges again: attempt 1's unused link opens nothing
      const retried = await challenged();
      const spare = (await sandbox.request<{ next_action: Record<string, string> }>('GET', `/payments/${retried.payment_id}`)).body;
      await answer(linkOf(retried), 'reject');
      const second = await sandbox.request<{ next_action: Record<string, string> }>('POST', `/payments/${retried.payment_id}/confirm`, { body: cardPayment('4000003800000446') });
      assert.match(linkOf(second.body), /_2\?token=/);
      const oldTokenOnNewAttempt = new URL(linkOf(second.body));
      oldTokenOnNewAttempt.searchParams.set('token', new URL(linkOf(spare)).searchParams.get('token') ?? '');
      assert.equal((await open(oldTokenOnNewAttempt.toString())).response.status, 404);
      assert.equal((await open(linkOf(spare))).response.status, 404);
      assert.equal((await open(linkOf(second.body))).response.status, 200);
    });

    it('gives a fresh link on every retrieve, each opening once, while the confirm link stays valid', async () => {
      const payment = await challenged();
      const retrieved = await sandbox.request<{ next_action: Record<string, string> }>('GET', `/payments/${payment.payment_id}`, {
        key: sandbox.publishableKey,
        query: { client_secret: payment.client_secret },
      });
      assert.notEqual(linkOf(retrieved.body), linkOf(payment));
      assert.equal((await open(linkOf(retrieved.body))).response.status, 200);
      assert.equal((await open(linkOf(payment))).response.status, 200);
    });

    it('stores only digests of the tokens', async () => {
      const payment = await challenged();
      const page = await open(linkOf(payment));
      const token = new URL(linkOf(payment)).searchParams.get('token') ?? '';
      const rows = sandbox.store.db.prepare('SELECT doc FROM payments UNION ALL SELECT doc FROM attempts').all() as { doc: string }[];
      const everything = rows.map((row) => row.doc).join('\n');
      assert.ok(!everything.includes(token), 'the link token is not stored');
      assert.ok(!everything.includes(page.pageToken ?? '-'), 'the page token is not stored');
      const attempts = await sandbox.request<{ attempts: Record<string, unknown>[] }>('GET', `/payments/${payment.payment_id}`, { query: { expand_attempts: 'true' } });
      assert.ok(!JSON.stringify(attempts.body).includes('challenge_'), 'no token digest reaches the API');
    });
  });

  describe('answers', () => {
    it('refuses a cross-site POST without the page token (400) and changes nothing', async () => {
      const payment = await challenged();
      const link = new URL(linkOf(payment));
      for (const target of [link.toString(), link.origin + link.pathname]) {
        const response = await post(target, { answer: 'complete' }, { origin: 'https://evil.example' });
        assert.equal(response.status, 400);
        assert.match(await response.text(), /page you answered/);
      }
      assert.equal(await statusOf(payment.payment_id), 'requires_customer_action');
      // the link itself was not used up by the refused posts
      assert.equal((await open(linkOf(payment))).response.status, 200);
    });

    it('refuses a wrong page token (403) and changes nothing', async () => {
      const payment = await challenged();
      const page = await open(linkOf(payment));
      const response = await post(page.action ?? '', { answer: 'complete', page_token: Buffer.alloc(32, 1).toString('base64url') });
      assert.equal(response.status, 403);
      assert.match(await response.text(), /not valid or it is expired/);
      assert.equal(await statusOf(payment.payment_id), 'requires_customer_action');
    });

    it("refuses the link token in place of the page token, and another payment's page token", async () => {
      const mine = await challenged();
      const theirs = await challenged();
      const myPage = await open(linkOf(mine));
      const theirPage = await open(linkOf(theirs));
      const linkToken = new URL(linkOf(mine)).searchParams.get('token') ?? '';
      assert.equal((await post(myPage.action ?? '', { answer: 'complete', page_token: linkToken })).status, 403);
      assert.equal((await post(myPage.action ?? '', { answer: 'complete', page_token: theirPage.pageToken ?? '' })).status, 403);
      assert.equal(await statusOf(mine.payment_id), 'requires_customer_action');
      assert.equal(await statusOf(theirs.payment_id), 'requires_customer_action');
    });

    it('takes one answer: a replayed page token is refused (403) and the outcome stays', async () => {
      const payment = await challenged();
      const { page, response } = await answer(linkOf(payment), 'complete');
      assert.equal(response.status, 302);
      const replay = await post(page.action ?? '', { answer: 'reject', page_token: page.pageToken ?? '' });
      assert.equal(replay.status, 403);
      assert.equal(await statusOf(payment.payment_id), 'succeeded');
    });
  });

  describe('the popup next action', () => {
    const popupOf = (payment: { next_action: unknown }) => {
      const parsed = RedirectInsidePopup.safeParse(payment.next_action);
      assert.ok(parsed.success, `next_action ${JSON.stringify(payment.next_action)} is not redirect_inside_popup`);
      return parsed.data;
    };

    it('answers redirect_inside_popup with popup_url and redirect_response_url on create with confirm', async () => {
      const payment = await challenged({ is_iframe_redirection_enabled: true });
      const popup = popupOf(payment);
      assert.equal(popup.type, 'redirect_inside_popup');
      assert.ok(!('redirect_to_url' in popup));
      assert.match(popup.popup_url, new RegExp(`^${sandbox.url}/payments/redirect/${payment.payment_id}/demo_merchant/${payment.payment_id}_1\\?token=[A-Za-z0-9_-]{43}$`));
      assert.equal(popup.redirect_response_url, `${sandbox.url}/payments/${payment.payment_id}/demo_merchant/redirect/response/sandbox`);
      assert.equal(NextAction.safeParse(popup).success, true);
      const retrieved = await sandbox.request<{ next_action: unknown; is_iframe_redirection_enabled: boolean }>('GET', `/payments/${payment.payment_id}`);
      assert.equal(popupOf(retrieved.body).type, 'redirect_inside_popup');
      assert.equal(retrieved.body.is_iframe_redirection_enabled, true);
    });

    it('answers redirect_inside_popup on a confirm from the browser with the flag', async () => {
      const created = await sandbox.createPayment({ amount: 1500, currency: 'EUR', return_url: 'https://merchant.example/pay' });
      const confirmed = await sandbox.request<{ next_action: unknown }>('POST', `/payments/${String(created.payment_id)}/confirm`, {
        key: sandbox.publishableKey,
        body: { client_secret: created.client_secret, is_iframe_redirection_enabled: true, ...cardPayment('4000003800000446') },
      });
      assert.equal(confirmed.status, 200, confirmed.text);
      const popup = popupOf(confirmed.body);
      assert.equal((await answer(popup.popup_url, 'complete')).response.status, 200);
      assert.equal(await statusOf(String(created.payment_id)), 'succeeded');
    });

    it('keeps redirect_to_url without the flag', async () => {
      const payment = await challenged({ is_iframe_redirection_enabled: false });
      assert.equal(payment.next_action.type, 'redirect_to_url');
      assert.equal(RedirectInsidePopup.safeParse(payment.next_action).success, false);
    });

    it("ends inside the frame with a page that tells the merchant's origin, not a 302", async () => {
      const payment = await challenged({ is_iframe_redirection_enabled: true });
      const { response } = await answer(linkOf(payment), 'complete');
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('location'), null);
      const html = await response.text();
      assert.match(html, /id="challenge-end"/);
      assert.match(html, new RegExp(`data-payment-id="${payment.payment_id}"`));
      assert.match(html, /data-target-origins="\[&quot;https:\/\/merchant\.example&quot;\]"/);
      assert.match(html, /<script src="\/sandbox\/assets\/pages\.js" defer><\/script>/);
      const data = endPageData(html);
      assert.deepEqual([data.paymentId, data.targetOrigins], [payment.payment_id, ['https://merchant.example']], "the element's message carries no outcome");
      assert.equal(await statusOf(payment.payment_id), 'succeeded');
    });

    it("takes the target origins from the merchant's allowed_origins when it lists them", async () => {
      const shop = await merchant('framing_shop', { allowed_origins: ['https://shop.example', 'http://localhost:5173'] });
      const payment = await challenged({ is_iframe_redirection_enabled: true, return_url: 'https://shop.example/checkout' }, shop.secretKey);
      const { response } = await answer(linkOf(payment), 'reject');
      assert.equal(response.status, 200);
      assert.match(await response.text(), /data-target-origins="\[&quot;https:\/\/shop\.example&quot;,&quot;http:\/\/localhost:5173&quot;\]"/);
    });

    it('serves the page script with the message types the clients know', async () => {
      const script = await fetch(`${sandbox.url}/sandbox/assets/pages.js`);
      assert.equal(script.status, 200);
      assert.match(script.headers.get('content-type') ?? '', /^text\/javascript/);
      assert.equal(script.headers.get('x-content-type-options'), 'nosniff');
      const source = await script.text();
      assert.equal(source, PAGES_JS);
      assert.ok(source.includes(JSON.stringify(CHALLENGE_FINISHED)), 'the message type is the one the client schema knows');
      assert.ok(source.includes('openurl_if_required'), "the key the web SDK's modal forwards (ThreeDSRedirectionModal.res)");
    });

    it("tells the web SDK's modal the return URL with its query (openurl_if_required), as the real service's page does", async () => {
      const payment = await challenged({ is_iframe_redirection_enabled: true, return_url: 'https://merchant.example/checkout?order=7' });
      const { response } = await answer(linkOf(payment), 'complete');
      const data = endPageData(await response.text());
      const back = new URL(data.openUrl);
      assert.equal(`${back.origin}${back.pathname}`, 'https://merchant.example/checkout');
      assert.equal(back.searchParams.get('order'), '7');
      assert.equal(back.searchParams.get('status'), 'succeeded');
      assert.equal(back.searchParams.get('payment_id'), payment.payment_id);
      assert.equal(back.searchParams.get('payment_intent_client_secret'), payment.client_secret);
      assert.equal(back.searchParams.get('amount'), '4200');
      assert.deepEqual(data.openUrlOrigins, [], 'no allowed_origins listed: the framing window, whichever it is');
    });

    it('posts both messages, the SDK\'s to its origin when the merchant lists it, never to "*" then', async () => {
      const sdkOrigin = 'https://sdk.example';
      const shop = await merchant('sdk_framing_shop', { allowed_origins: ['https://shop.example', sdkOrigin] });
      const payment = await challenged({ is_iframe_redirection_enabled: true, return_url: 'https://shop.example/checkout' }, shop.secretKey);
      const { response } = await answer(linkOf(payment), 'reject');
      assert.match(response.headers.get('content-security-policy') ?? '', /frame-ancestors https:\/\/shop\.example https:\/\/sdk\.example;/);
      const data = endPageData(await response.text());
      assert.deepEqual(data.openUrlOrigins, ['https://shop.example', sdkOrigin]);
      const finished = { type: CHALLENGE_FINISHED, payment_id: payment.payment_id };
      const openUrl = { openurl_if_required: data.openUrl };
      // framed by the SDK's modal (Chromium and Safari tell the parent's origin)
      assert.deepEqual(framedEndPagePosts(data, sdkOrigin), [
        { message: finished, targetOrigin: sdkOrigin },
        { message: openUrl, targetOrigin: sdkOrigin },
      ]);
      // framed by the element on the shop's page
      assert.deepEqual(framedEndPagePosts(data, 'https://shop.example'), [
        { message: finished, targetOrigin: 'https://shop.example' },
        { message: openUrl, targetOrigin: 'https://shop.example' },
      ]);
      // a browser that does not tell: each listed origin (only the parent's delivers), never "*"
      const untold = framedEndPagePosts(data, null);
      assert.deepEqual(untold.map((post) => post.targetOrigin), ['https://shop.example', sdkOrigin, 'https://shop.example', sdkOrigin]);
      // framed by a site the merchant does not list: nothing (and frame-ancestors keeps it from framing)
      assert.deepEqual(framedEndPagePosts(data, 'https://evil.example'), []);
    });

    it("with no allowed_origins, answers the SDK's modal on the parent's own origin, and \"*\" only where the browser does not tell it", async () => {
      const payment = await challenged({ is_iframe_redirection_enabled: true });
      const { response } = await answer(linkOf(payment), 'complete');
      const data = endPageData(await response.text());
      const openUrl = { openurl_if_required: data.openUrl };
      assert.deepEqual(framedEndPagePosts(data, 'http://localhost:9050'), [{ message: openUrl, targetOrigin: 'http://localhost:9050' }]);
      assert.deepEqual(framedEndPagePosts(data, null), [
        { message: { type: CHALLENGE_FINISHED, payment_id: payment.payment_id }, targetOrigin: 'https://merchant.example' },
        { message: openUrl, targetOrigin: '*' },
      ]);
      // the element's own message still goes to the merchant's page only
      assert.deepEqual(framedEndPagePosts(data, 'https://merchant.example')[0], { message: { type: CHALLENGE_FINISHED, payment_id: payment.payment_id }, targetOrigin: 'https://merchant.example' });
    });

    it('serves redirect_response_url as a page that ends the frame and shows nothing of the payment', async () => {
      const payment = await challenged({ is_iframe_redirection_enabled: true });
      const response = await fetch(popupOf(payment).redirect_response_url, { redirect: 'manual' });
      assert.equal(response.status, 200);
      const html = await response.text();
      assert.match(html, /id="challenge-end"/);
      assert.doesNotMatch(html, /4446|client_secret|_secret_/);
      // reached with ids alone: the SDK's message carries this page's own URL, not the return URL and its client secret
      assert.equal(endPageData(html).openUrl, popupOf(payment).redirect_response_url);
    });
  });

  describe('an unanswered challenge', () => {
    const WINDOW_MS = 800;
    let short: TestSandbox;
    before(async () => {
      // the timer never settles here: what the routes do once the window closed is seen before any retrieve
      short = await startTestSandbox({ challengeWindowMs: WINDOW_MS, settleEveryMs: 60_000 });
    });
    after(() => short.close());

    const challengedOn = async (on: TestSandbox, extra: Record<string, unknown> = {}) => {
      const created = await on.request<{ payment_id: string; next_action: Record<string, string> }>('POST', '/payments', {
        body: { amount: 4200, currency: 'EUR', confirm: true, return_url: 'https://merchant.example/checkout', ...cardPayment('4000003800000446'), ...extra },
      });
      assert.equal(created.status, 200, created.text);
      return created.body;
    };
    const mainOf = (html: string) => /<main[^>]*>/.exec(html)?.[0] ?? '';

    it('fails when its window closes: the page and the answer are refused, the payment is authentication_failed and may be retried', async () => {
      const payment = await challengedOn(short);
      const page = await open(linkOf(payment));
      assert.equal(page.response.status, 200, page.html);
      const unopened = (await short.request<{ next_action: Record<string, string> }>('GET', `/payments/${payment.payment_id}`)).body;
      await new Promise((resolve) => setTimeout(resolve, WINDOW_MS + 50));

      assert.equal((await fetch(linkOf(unopened))).status, 404, 'a link opened after the window is expired');
      const late = await post(page.action ?? '', { answer: 'complete', page_token: page.pageToken ?? '' });
      assert.equal(late.status, 403, 'an answer after the window is refused');
      const failed = (await short.request<Record<string, unknown>>('GET', `/payments/${payment.payment_id}`)).body;
      assert.deepEqual(
        [failed.status, failed.error_code, failed.unified_code, failed.manual_retry_allowed, failed.next_action],
        ['failed', 'authentication_failed', 'UE_1006', true, null],
      );
    });

    it('an answer inside the window still counts', async () => {
      const payment = await challengedOn(short);
      assert.equal((await answer(linkOf(payment), 'complete')).response.status, 302);
      await new Promise((resolve) => setTimeout(resolve, WINDOW_MS + 50));
      assert.equal((await short.request('GET', `/payments/${payment.payment_id}`)).body.status, 'succeeded');
    });

    it('a framed page says when it ends and where it goes then (its end page, which tells the merchant page)', async () => {
      const payment = await challengedOn(short, { is_iframe_redirection_enabled: true });
      const { html } = await open(linkOf(payment));
      const main = mainOf(html);
      assert.match(main, /id="challenge"/);
      assert.match(main, new RegExp(`data-end-url="/payments/${payment.payment_id}/demo_merchant/redirect/response/sandbox"`));
      const endsIn = Number(/data-ends-in="(\d+)"/.exec(main)?.[1]);
      assert.ok(endsIn > 0 && endsIn <= WINDOW_MS, `data-ends-in ${endsIn}`);
      assert.match(html, /<script src="\/sandbox\/assets\/pages\.js" defer><\/script>/);
      const source = await (await fetch(`${short.url}/sandbox/assets/pages.js`)).text();
      assert.match(source, /getElementById\('challenge'\)[\s\S]*location\.replace\(endUrl\)/);
    });

    it('the window is ten minutes by default; a page at the top level (redirect flow) has no timer', async () => {
      const { html } = await open(linkOf(await challenged({ is_iframe_redirection_enabled: true })));
      const endsIn = Number(/data-ends-in="(\d+)"/.exec(mainOf(html))?.[1]);
      assert.ok(endsIn > 10 * 60_000 - 30_000 && endsIn <= 10 * 60_000, `data-ends-in ${endsIn}`);
      const topLevel = await open(linkOf(await challenged()));
      assert.equal(mainOf(topLevel.html), '<main>');
      assert.doesNotMatch(topLevel.html, /<script/);
    });
  });

  describe('headers', () => {
    /** Every kind of HTML page the sandbox serves, with how to reach it. */
    const pages = async (): Promise<[string, Response][]> => {
      const challenge = await challenged();
      const popup = await challenged({ is_iframe_redirection_enabled: true });
      const expired = new URL(linkOf(challenge));
      expired.searchParams.set('token', 'nope');
      const bare = new URL(linkOf(challenge));
      bare.search = '';
      const opened = await open(linkOf(challenge));
      const poster = await merchant('posting_shop', { redirect_to_merchant_with_http_post: true, return_url: 'https://shop.example/back' });
      const posted = await challenged({ return_url: undefined }, poster.secretKey);
      const money = await sandbox.request<{ payment_id: string; merchant_id: string }>('POST', '/payments', {
        body: { amount: 100, currency: 'KES', confirm: true, payment_method: 'wallet', payment_method_type: 'pay_bill', payment_method_data: { wallet: { mobile_money: { phone_number: '+254700000005' } } } },
      });
      return [
        ['challenge page', await fetch(linkOf(await challenged()))],
        ['framed challenge page', await fetch(linkOf(await challenged({ is_iframe_redirection_enabled: true })))],
        ['link expired', await fetch(expired)],
        ['link incomplete', await fetch(bare)],
        ['answer refused', await post(opened.action ?? '', { answer: 'complete', page_token: 'wrong' })],
        ['answer missing', await post(opened.action ?? '', { answer: 'maybe', page_token: opened.pageToken ?? '' })],
        ['post-back page', (await answer(linkOf(posted), 'complete')).response],
        ['frame end page', (await answer(linkOf(popup), 'complete')).response],
        ['redirect response page', await fetch(`${sandbox.url}/payments/${popup.payment_id}/demo_merchant/redirect/response/sandbox`)],
        ['mobile-money page', await fetch(`${sandbox.url}/sandbox/mobile_money/${money.body.merchant_id}/${money.body.payment_id}`)],
        ['mobile-money answer page', await fetch(`${sandbox.url}/sandbox/mobile_money/${money.body.merchant_id}/${money.body.payment_id}/approve`, { method: 'POST', headers: { accept: 'text/html' } })],
      ];
    };

    it('sends a strict CSP, nosniff, no-referrer and no CORS header on every HTML page, with no inline script or style', async () => {
      for (const [name, response] of await pages()) {
        const html = await response.text();
        assert.match(response.headers.get('content-type') ?? '', /^text\/html/, name);
        const csp = response.headers.get('content-security-policy') ?? '';
        assert.match(csp, /(^|; )default-src 'none'(;|$)/, `${name}: ${csp}`);
        assert.match(csp, /(^|; )script-src 'self'(;|$)/, `${name}: ${csp}`);
        assert.match(csp, /(^|; )style-src 'self'(;|$)/, `${name}: ${csp}`);
        assert.match(csp, /(^|; )base-uri 'none'(;|$)/, `${name}: ${csp}`);
        assert.match(csp, /(^|; )frame-ancestors \*(;|$)/, `${name}: the demo merchant lists no origins: ${csp}`);
        assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/, name);
        assert.equal(response.headers.get('x-content-type-options'), 'nosniff', name);
        assert.equal(response.headers.get('referrer-policy'), 'no-referrer', name);
        assert.equal(response.headers.get('access-control-allow-origin'), null, name);
        assert.doesNotMatch(html, /<script(?![^>]*\ssrc=)[^>]*>/, `${name}: an inline script`);
        assert.doesNotMatch(html, /<style|\sstyle=|\son[a-z]+=/i, `${name}: inline style or handler`);
      }
    });

    it("lets only the merchant's allowed origins frame its pages", async () => {
      const shop = await merchant('framed_shop', { allowed_origins: ['https://shop.example', 'http://localhost:5173'] });
      const payment = await challenged({ return_url: 'https://shop.example/checkout' }, shop.secretKey);
      const page = await fetch(linkOf(payment));
      assert.equal(page.status, 200);
      const csp = page.headers.get('content-security-policy') ?? '';
      assert.match(csp, /(^|; )frame-ancestors https:\/\/shop\.example http:\/\/localhost:5173(;|$)/, csp);
      assert.match(csp, /(^|; )form-action 'self' https:\/\/shop\.example(;|$)/, csp);
      const expired = new URL(linkOf(payment));
      expired.searchParams.set('token', 'nope');
      assert.match((await fetch(expired)).headers.get('content-security-policy') ?? '', /frame-ancestors https:\/\/shop\.example http:\/\/localhost:5173(;|$)/);
    });

    it('serves the stylesheet and script the pages use from its own origin', async () => {
      const html = await (await fetch(linkOf(await challenged()))).text();
      assert.match(html, /<link rel="stylesheet" href="\/sandbox\/assets\/pages\.css">/);
      const css = await fetch(`${sandbox.url}/sandbox/assets/pages.css`);
      assert.equal(css.status, 200);
      assert.match(css.headers.get('content-type') ?? '', /^text\/css/);
      assert.match(await css.text(), /button\.primary/);
    });
  });
});
