import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { assertApiError, startTestSandbox, type TestSandbox } from './helpers.js';

/**
 * The isolated card frame's page and files (`/frame/card`, `/frame/assets/…`) as a browser and an
 * attacker meet them, from a frame folder of the shape scripts/build-frame.mjs writes (the real
 * build's script runs in the browser tests, test/browser/isolated.test.ts).
 */
describe('the card frame page', () => {
  let sandbox: TestSandbox;
  let empty: TestSandbox;
  const dir = mkdtempSync(join(tmpdir(), 'tender-frame-test-'));
  const manifest = {
    script: 'assets/frame-ABCDEFGH.js',
    inline: 'inline-ABCDEFGH.js',
    preload: ['assets/chunk-IJKLMNOP.js', 'assets/client-QRSTUVWX.js'],
    billing: ['assets/billing-fields-BCDEFGHI.js', 'assets/chunk-IJKLMNOP.js'],
    // the page carries the client and the billing fields after its script (ADR 0100); the shared chunk it preloads
    carried: { 'assets/client-QRSTUVWX.js': 'carry-client-QRSTUVWX.js', 'assets/billing-fields-BCDEFGHI.js': 'carry-billing-fields-BCDEFGHI.js' },
    locales: { de: ['assets/de-ZYXWVUTS.js'], 'es-419': ['assets/es-419-ZYXWVUT2.js'] },
  };

  before(async () => {
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest));
    writeFileSync(join(dir, 'assets', 'frame-ABCDEFGH.js'), 'export {};\n');
    writeFileSync(join(dir, 'inline-ABCDEFGH.js'), INLINE);
    writeFileSync(join(dir, 'carry-client-QRSTUVWX.js'), CARRIED_CLIENT);
    writeFileSync(join(dir, 'carry-billing-fields-BCDEFGHI.js'), CARRIED_BILLING);
    writeFileSync(join(dir, 'secret.txt'), 'not an asset');
    sandbox = await startTestSandbox({ frameDir: dir });
    empty = await startTestSandbox({ frameDir: join(dir, 'missing') });
  });
  after(async () => {
    await sandbox.close();
    await empty.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const INLINE = 'const a="x<y";import("./assets/client-QRSTUVWX.js").then((m)=>m&&a);\n';
  const CARRIED_CLIENT = 'const c=1;(self.__tenderModules??={})["./assets/client-QRSTUVWX.js"]={c};\n';
  const CARRIED_BILLING = 'const b=2;(self.__tenderModules??={})["./assets/billing-fields-BCDEFGHI.js"]={b};\n';
  /** The page's script elements: [attributes, text]. */
  const scriptsOf = (html: string) => [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)].map((match) => [match[1], match[2]]);
  const hashOf = (code: string) => `'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`;
  const page = (query = '', on = sandbox) => fetch(`${on.url}/frame/card${query}`);
  /** The response's bytes as they came (node:http does not unpack them, fetch() would). */
  const rawGet = (path: string, accepted: string): Promise<Response> =>
    new Promise((resolve, reject) => {
      get(`${sandbox.url}${path}`, { headers: { 'accept-encoding': accepted } }, (message) => {
        const chunks: Buffer[] = [];
        message.on('data', (chunk: Buffer) => chunks.push(chunk));
        message.on('end', () => resolve(new Response(Buffer.concat(chunks), { status: message.statusCode ?? 0 })));
        message.on('error', reject);
      }).on('error', reject);
    });
  const csp = (response: Response) => Object.fromEntries((response.headers.get('content-security-policy') ?? '').split('; ').map((rule) => [rule.split(' ')[0], rule]));

  it('carries its critical script inline, as built, then the files the form needs next, preloads the rest, and loads nothing else', async () => {
    const response = await page();
    const html = await response.text();
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^text\/html/);
    // the list of what it carries, the critical script, then the carried files in order (each async: it runs as soon as it has arrived, not once the whole page is parsed)
    assert.deepEqual(scriptsOf(html), [
      [' type="application/json" id="tender-carried"', '["./assets/client-QRSTUVWX.js","./assets/billing-fields-BCDEFGHI.js"]'],
      [' type="module" async', INLINE],
      [' type="module" async', CARRIED_CLIENT],
      [' type="module" async', CARRIED_BILLING],
    ]);
    assert.match(html, /<body><script type="module" async>/, 'the critical script first in the body: the form it appends has a body to go to');
    assert.doesNotMatch(html, /frame-ABCDEFGH/, 'the entry as a file is not loaded');
    const preloads = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((match) => match[1]);
    // what the build does not carry is still asked for up front, each file once
    assert.deepEqual(preloads, ['/frame/assets/chunk-IJKLMNOP.js']);
    assert.doesNotMatch(html, /<style|\sstyle=|\son\w+=/, 'no inline style or handler');
  });

  it('allows its inline scripts by their sha256 hashes, never by unsafe-inline', async () => {
    const response = await page();
    const html = await response.text();
    const hashes = scriptsOf(html)
      .filter(([attributes]) => attributes!.startsWith(' type="module"'))
      .map(([, code]) => hashOf(code!));
    assert.equal(hashes.length, 3);
    const scriptSrc = csp(response)['script-src'] ?? '';
    assert.equal(scriptSrc, `script-src 'self' ${hashes.join(' ')}`);
    // a page without the billing fields runs under the same policy (a hash allows a script, it asks for none)
    assert.equal(csp(await page('?billing=never&email=never&phone=never'))['script-src'], scriptSrc);
    assert.doesNotMatch(response.headers.get('content-security-policy') ?? '', /unsafe-inline|unsafe-eval|strict-dynamic|nonce-/);
  });

  it('is sent with brotli to a browser that takes it, gzipped to one that takes only gzip, as is to one that takes neither', async () => {
    const plain = await (await fetch(`${sandbox.url}/frame/card`, { headers: { 'accept-encoding': 'identity' } })).text();
    for (const [accepted, coding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip, br;q=0', 'gzip'],
      ['gzip;q=0, br;q=0', null],
      ['identity', null],
    ] as const) {
      const response = await fetch(`${sandbox.url}/frame/card`, { headers: { 'accept-encoding': accepted } });
      assert.equal(response.headers.get('content-encoding'), coding, accepted);
      assert.equal(await response.text(), plain, `${accepted}: the same page (fetch unpacked it)`);
    }
    // the brotli form is the smaller on the wire
    const raw = async (accepted: string) => Buffer.from(await (await rawGet(`/frame/card`, accepted)).arrayBuffer()).length;
    assert.ok((await raw('br')) < (await raw('gzip')));
  });

  it('is sent gzipped to a browser that takes it, and answers a revalidation of the same page with 304', async () => {
    const packed = await fetch(`${sandbox.url}/frame/card`, { headers: { 'accept-encoding': 'gzip' } });
    assert.equal(packed.headers.get('content-encoding'), 'gzip');
    assert.match(await packed.text(), /<script type="module" async>/);
    const etag = packed.headers.get('etag');
    assert.match(etag ?? '', /^"[\w-]+"$/);
    const again = await fetch(`${sandbox.url}/frame/card`, { headers: { 'accept-encoding': 'gzip', 'if-none-match': etag! } });
    assert.equal(again.status, 304);
    assert.equal(await again.text(), '');
    assert.match(again.headers.get('content-security-policy') ?? '', /frame-ancestors \*/, 'a 304 carries the policy too');
    // another language is another page; another merchant's origins are other headers: not the same version
    assert.equal((await fetch(`${sandbox.url}/frame/card?locale=de`, { headers: { 'accept-encoding': 'gzip', 'if-none-match': etag! } })).status, 200);
    // each content coding is another representation, with a validator of its own: the gzip form's ETag does not
    // revalidate the brotli form (a cache would otherwise serve one coding's bytes under the other's name)
    const brotli = await fetch(`${sandbox.url}/frame/card`, { headers: { 'accept-encoding': 'br', 'if-none-match': etag! } });
    assert.equal(brotli.status, 200);
    assert.equal(brotli.headers.get('content-encoding'), 'br');
    const brotliTag = brotli.headers.get('etag');
    assert.notEqual(brotliTag, etag);
    assert.equal((await fetch(`${sandbox.url}/frame/card`, { headers: { 'accept-encoding': 'br', 'if-none-match': brotliTag! } })).status, 304);
    assert.equal((await fetch(`${sandbox.url}/frame/card`, { headers: { 'accept-encoding': 'identity', 'if-none-match': `${etag}, ${brotliTag}` } })).status, 200);
  });

  it('preloads the customer’s language along its chain (de-CH → de), and nothing for English or an unknown tag', async () => {
    const preloads = async (locale: string) => [...(await (await page(`?locale=${encodeURIComponent(locale)}`)).text()).matchAll(/modulepreload" href="([^"]+)"/g)].map((match) => match[1]);
    assert.ok((await preloads('de-CH')).includes('/frame/assets/de-ZYXWVUTS.js'));
    assert.ok((await preloads('es-MX')).includes('/frame/assets/es-419-ZYXWVUT2.js'));
    assert.equal((await preloads('en-GB')).length, 1);
    assert.equal((await preloads('"><script>alert(1)</script>')).length, 1);
    assert.match(await (await page('?locale=de')).text(), /<html lang="de">/);
  });

  it('carries the billing fields unless the URL says the form collects none, and each is its own version', async () => {
    const carries = async (query: string) => scriptsOf(await (await page(query)).text()).map(([, code]) => code);
    assert.ok((await carries('?billing=postal-code&email=never&phone=never')).includes(CARRIED_BILLING));
    assert.ok((await carries('?billing=never&email=required&phone=never')).includes(CARRIED_BILLING));
    assert.deepEqual(await carries('?billing=never&email=never&phone=never'), ['["./assets/client-QRSTUVWX.js"]', INLINE, CARRIED_CLIENT]);
    const tag = async (query: string) => (await page(query)).headers.get('etag');
    assert.notEqual(await tag('?billing=never&email=never&phone=never'), await tag(''));
  });

  it('is served with its own strict policy, no referrer, no sniffing, revalidated, and readable by no other site', async () => {
    const response = await page();
    const rules = csp(response);
    assert.equal(rules['default-src'], "default-src 'none'");
    assert.match(rules['script-src'] ?? '', /^script-src 'self'( 'sha256-[\w+/]+=*'){3}$/);
    assert.equal(rules['style-src'], "style-src 'self'");
    assert.equal(rules['connect-src'], "connect-src 'self'");
    assert.equal(rules['form-action'], "form-action 'none'");
    assert.equal(rules['base-uri'], "base-uri 'none'");
    assert.equal(rules['frame-ancestors'], 'frame-ancestors *', 'any origin when the merchant lists none');
    assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(response.headers.get('referrer-policy'), 'no-referrer');
    assert.equal(response.headers.get('cache-control'), 'no-cache');
    assert.equal(response.headers.get('access-control-allow-origin'), null);
  });

  it('may be framed only by the merchant’s allowed origins, picked by the publishable key', async () => {
    const account = await sandbox.request<{ publishable_key: string }>('POST', '/accounts', {
      key: sandbox.adminKey,
      body: { merchant_id: 'framed_shop', allowed_origins: ['https://shop.example', 'https://www.shop.example'] },
    });
    assert.equal(account.status, 200, account.text);
    const framedPage = await page(`?key=${account.body.publishable_key}`);
    const framed = csp(framedPage);
    assert.equal(framed['frame-ancestors'], 'frame-ancestors https://shop.example https://www.shop.example');
    // a version cached for a frame of any origin is not revalidated as this merchant's
    const anyOrigin = (await page()).headers.get('etag');
    assert.equal((await fetch(`${sandbox.url}/frame/card?key=${account.body.publishable_key}`, { headers: { 'if-none-match': anyOrigin! } })).status, 200);
    assert.notEqual(framedPage.headers.get('etag'), anyOrigin);
    // an unknown or malformed key frames like a merchant with none: the frame's own API calls then fail with that key
    assert.equal(csp(await page('?key=pk_snd_unknown'))['frame-ancestors'], 'frame-ancestors *');
    assert.equal(csp(await page('?key=sk_snd_secret'))['frame-ancestors'], 'frame-ancestors *');
  });

  it('serves its hashed files as immutable JavaScript, and nothing outside them', async () => {
    const asset = await fetch(`${sandbox.url}/frame/assets/frame-ABCDEFGH.js`, { headers: { 'accept-encoding': 'identity' } });
    assert.equal(asset.status, 200);
    assert.equal(await asset.text(), 'export {};\n');
    assert.equal(asset.headers.get('content-encoding'), null);
    // gzipped for a browser that takes it (fetch() unpacks it)
    const packed = await fetch(`${sandbox.url}/frame/assets/frame-ABCDEFGH.js`, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    assert.equal(packed.headers.get('content-encoding'), 'gzip');
    assert.equal(packed.headers.get('vary'), 'accept-encoding');
    assert.equal(await packed.text(), 'export {};\n');
    assert.match(asset.headers.get('content-type') ?? '', /^text\/javascript/);
    assert.equal(asset.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    assert.equal(asset.headers.get('x-content-type-options'), 'nosniff');
    for (const path of ['frame-ABCDEFGH.jsx', 'chunk-NOTBUILT.js', '..%2Fsecret.txt', '..%2Fmanifest.json', 'frame.js', '%2e%2e%2fsecret.txt']) {
      // the API's own 404 envelope, as for any path it does not have
      assertApiError(await sandbox.request('GET', `/frame/assets/${path}`, { key: null }), 404, 'IR_02', 'Unrecognized request URL');
    }
  });

  it('says how to build it when there is no build', async () => {
    const response = await page('', empty);
    assert.equal(response.status, 503);
    assert.match(await response.text(), /npm run build/);
    assert.equal(response.headers.get('cache-control'), 'no-store');
  });

  describe('for one payment (`?client_secret=`, docs/decisions/0098)', () => {
    const answersOf = (html: string): Record<string, unknown> | null => {
      const data = /<script type="application\/json" id="tender-answers">([\s\S]*?)<\/script>/.exec(html);
      return data ? (JSON.parse(data[1]!) as Record<string, unknown>) : null;
    };
    const forPayment = (secret: string, extra = '', key = sandbox.publishableKey) => page(`?key=${key}${extra}&client_secret=${encodeURIComponent(secret)}`);

    it('carries the API’s answers to the form’s first two GETs, as the frame’s own requests would get them, and is never cached', async () => {
      const payment = await sandbox.createPayment({ amount: 1299, currency: 'USD' });
      const secret = String(payment['client_secret']);
      const response = await forPayment(secret);
      assert.equal(response.status, 200);
      const html = await response.text();
      const asClient = { key: sandbox.publishableKey, query: { client_secret: secret } };
      const retrieved = await sandbox.request('GET', `/payments/${String(payment['payment_id'])}`, asClient);
      const listed = await sandbox.request('GET', '/account/payment_methods', asClient);
      assert.equal(retrieved.status, 200);
      assert.deepEqual(answersOf(html), { payment: retrieved.body, list: listed.body });
      // the same document otherwise: the one inline script runs under the same hash
      const scripts = scriptsOf(html);
      assert.deepEqual(
        scripts.map((script) => script[0]),
        [' type="application/json" id="tender-answers"', ' type="application/json" id="tender-carried"', ' type="module" async', ' type="module" async', ' type="module" async'],
      );
      assert.deepEqual(scripts.slice(2).map((script) => script[1]), [INLINE, CARRIED_CLIENT, CARRIED_BILLING]);
      assert.equal(csp(response)['script-src'], csp(await page())['script-src']);
      assert.equal(response.headers.get('cache-control'), 'no-store');
      assert.equal(response.headers.get('etag'), null, 'nothing to revalidate');
      assert.equal(response.headers.get('referrer-policy'), 'no-referrer');
      assert.equal(response.headers.get('access-control-allow-origin'), null);
    });

    it('leaves out the list when the form collects nothing and shows no networks, and an answer that is not a 200', async () => {
      const payment = await sandbox.createPayment({ amount: 500, currency: 'EUR' });
      const secret = String(payment['client_secret']);
      const never = '&billing=never&email=never&phone=never';
      assert.deepEqual(Object.keys(answersOf(await (await forPayment(secret, never)).text()) ?? {}), ['payment']);
      assert.deepEqual(Object.keys(answersOf(await (await forPayment(secret, `${never}&show=brands`)).text()) ?? {}), ['payment', 'list']);
      // a wrong secret: the page, without answers (the form asks, and meets the API's error itself)
      const wrong = await forPayment(`${String(payment['payment_id'])}_secret_${'x'.repeat(20)}`);
      assert.equal(wrong.status, 200);
      assert.deepEqual(answersOf(await wrong.text()), {});
      // another merchant's publishable key: that merchant may not read the payment
      const other = await sandbox.createMerchant('frame_other_shop');
      assert.deepEqual(answersOf(await (await forPayment(secret, '', other.publishableKey)).text()), {});
      // no merchant: no answers, and a URL with a secret in it is still kept by no cache
      const unknown = await page(`?key=pk_snd_unknown&client_secret=${encodeURIComponent(secret)}`);
      assert.equal(answersOf(await unknown.text()), null);
      assert.equal(unknown.headers.get('cache-control'), 'no-store');
      assert.equal(unknown.headers.get('etag'), null);
    });

    it('cannot be closed by what a payment holds: every < in its answers is escaped', async () => {
      const payment = await sandbox.createPayment({ amount: 700, currency: 'USD', description: '</script><script>alert(1)</script><!--', metadata: { note: '<b>' } });
      const html = await (await forPayment(String(payment['client_secret']))).text();
      assert.equal([...html.matchAll(/<script/g)].length, 5, 'the two data blocks and the three module scripts, nothing more');
      assert.doesNotMatch(html, /<\/script><script>alert|<!--|<b>/);
      assert.equal((answersOf(html)?.['payment'] as Record<string, unknown>)['description'], '</script><script>alert(1)</script><!--');
    });

    it('is sent with brotli to a browser that takes it, gzipped to one that takes only gzip, each the same page', async () => {
      const payment = await sandbox.createPayment({ amount: 900, currency: 'USD' });
      const url = `${sandbox.url}/frame/card?key=${sandbox.publishableKey}&client_secret=${encodeURIComponent(String(payment['client_secret']))}`;
      const pages: string[] = [];
      for (const [accepted, coding] of [
        ['gzip, deflate, br, zstd', 'br'],
        ['gzip', 'gzip'],
        ['identity', null],
      ] as const) {
        const response = await fetch(url, { headers: { 'accept-encoding': accepted } });
        assert.equal(response.headers.get('content-encoding'), coding, accepted);
        pages.push(await response.text());
      }
      assert.ok(answersOf(pages[0]!)?.['payment'], 'fetch unpacked it');
      assert.deepEqual(new Set(pages).size, 1, 'the same page whatever the coding');
    });

    it('is sent gzipped, and its access-log line names the route, not the secret', async () => {
      const lines: string[] = [];
      const logged = await startTestSandbox({ frameDir: dir, log: (line) => lines.push(line) });
      try {
        const payment = await logged.createPayment({ amount: 900, currency: 'USD' });
        const secret = String(payment['client_secret']);
        const response = await fetch(`${logged.url}/frame/card?key=${logged.publishableKey}&client_secret=${encodeURIComponent(secret)}`, { headers: { 'accept-encoding': 'gzip' } });
        assert.equal(response.headers.get('content-encoding'), 'gzip');
        assert.ok(answersOf(await response.text())?.['payment'], 'fetch unpacked it');
        assert.ok(lines.some((line) => line.startsWith('GET /frame/card 200')), lines.join('\n'));
        assert.ok(lines.every((line) => !line.includes(secret) && !line.includes('_secret_')), lines.join('\n'));
      } finally {
        await logged.close();
      }
    });
  });
});
