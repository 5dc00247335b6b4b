/**
 * The frame's bridge (src/frame/frame.ts) in this page, with a stand-in for the frame's window: its
 * parent is an object this test plays, so the channel, the questions and the refusals can be driven
 * message by message (test/browser/isolated.test.ts runs the real frame, cross-origin, end to end).
 * The form inside pays against the real sandbox.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { message } from '../../src/frame/envelope.js';
import { startFrame } from '../../src/frame/frame.js';
import type { FrameConfig } from '../../src/frame/protocol.js';
import type { TenderCardForm } from '../../src/elements/tender-checkout/card-form.js';
import { en } from '../../src/i18n/en.js';
import { FUTURE_EXPIRY, SUCCESS_CARD } from './checkout-harness.js';
import { isRetrieve, restoreFetch, wrapFetch } from './fetch-wrapper.js';
import { createPayment, sandboxConfig } from './sandbox-config.js';

interface Said {
  type: string;
  [member: string]: unknown;
}

/** A window for startFrame(): this document, this page's URL with `query`, and a parent the test plays. */
function frameWindow(query: string) {
  const listeners: ((event: MessageEvent) => void)[] = [];
  const hellos: unknown[] = [];
  const parent = { postMessage: (data: unknown) => hellos.push(data) };
  const win = {
    document,
    parent,
    location: { href: `${location.origin}/frame/card${query}` },
    history: { state: null, replaceState: (_state: unknown, _title: string, url: string) => (win.location.href = new URL(url, win.location.href).href) },
    addEventListener: (_type: string, listener: (event: MessageEvent) => void) => listeners.push(listener),
  };
  /** Delivers a window message as if `source` had posted it. */
  const deliver = (source: unknown, data: unknown, ports: MessagePort[] = []) => {
    for (const listener of listeners) listener({ source, data, ports } as unknown as MessageEvent);
  };
  return { win: win as unknown as Window, parent, hellos, deliver };
}

describe('the frame bridge (src/frame/frame.ts)', () => {
  let form: TenderCardForm | null = null;
  afterEach(() => {
    form?.remove();
    form = null;
    document.documentElement.style.removeProperty('--tender-color-primary');
    restoreFetch();
  });

  async function connected(query: string) {
    const config = await sandboxConfig();
    const frame = frameWindow(query);
    form = startFrame({ window: frame.win, apiBase: config.url });
    const channel = new MessageChannel();
    const said: Said[] = [];
    channel.port1.onmessage = (event) => said.push(event.data as Said);
    frame.deliver(frame.parent, message({ type: 'connect' }), [channel.port2]);
    const tell = (body: Record<string, unknown> & { type: string }) => channel.port1.postMessage(message(body));
    return { ...frame, form, said, tell, config, channel };
  }

  const baseConfig = (publishableKey: string, clientSecret: string): FrameConfig => ({
    publishableKey,
    clientSecret,
    returnUrl: 'https://shop.example/return',
    pageUrl: 'https://shop.example/checkout',
    locale: 'en-US',
    threeDs: 'modal',
    theme: '',
    appearance: null,
    messages: {},
    hideButton: false,
    hideName: false,
    disabled: false,
    requestTimeout: 0,
    // a card alone: a USD payment's billing `auto` would ask for the postal code (billing-fields.ts)
    billing: 'never',
    variables: { '--tender-color-primary': 'rgb(9, 8, 7)', '--tender-color-danger': 'url(https://tracker.example/x)' },
  });

  it('shows the form at once from its URL (language, hidden fields), loading, before the host says anything', async () => {
    const frame = frameWindow('?key=pk_x&locale=de&hide=name');
    form = startFrame({ window: frame.win, apiBase: 'http://127.0.0.1:9' });
    await form.updateComplete;
    expect(form.isConnected).to.equal(true);
    expect([form.locale, form.hideName, form.hideButton]).to.deep.equal(['de', true, false]);
    expect(form.renderRoot.querySelector('#number')).to.not.equal(null);
    expect(form.renderRoot.querySelector('#name')).to.equal(null);
    // hello once painted, with the form's height: the host can show the frame before the channel exists
    await waitUntil(() => frame.hellos.length === 1, 'no hello', { timeout: 8000 });
    const doc = (frame.hellos[0] as { doc?: unknown }).doc;
    expect(doc).to.match(/^[a-z0-9]{1,40}$/, 'the document’s mark');
    expect(frame.hellos).to.deep.equal([message({ type: 'hello', height: Math.ceil(form.getBoundingClientRect().height), doc })]);
    expect(Math.ceil(form.getBoundingClientRect().height)).to.be.above(100);
  });

  it('says hello again, with the same mark, when its parent asks (announce) until it is connected; no one else can ask', async () => {
    const frame = frameWindow('?key=pk_x');
    form = startFrame({ window: frame.win, apiBase: 'http://127.0.0.1:9' });
    await waitUntil(() => frame.hellos.length === 1, 'no hello', { timeout: 8000 });
    frame.deliver({ postMessage: () => undefined }, message({ type: 'announce' }));
    frame.deliver(frame.parent, { ...message({ type: 'announce' }), v: 2 });
    await form.updateComplete;
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(frame.hellos.length).to.equal(1, 'a sibling’s announce and another version are ignored');
    frame.deliver(frame.parent, message({ type: 'announce' }));
    await waitUntil(() => frame.hellos.length === 2, 'no second hello', { timeout: 8000 });
    expect(frame.hellos[1]).to.deep.equal(frame.hellos[0]);
    // connected (what it said before comes over the port): from then on an announce gets no hello
    const channel = new MessageChannel();
    const said: unknown[] = [];
    channel.port1.onmessage = (event) => said.push(event.data);
    frame.deliver(frame.parent, message({ type: 'connect' }), [channel.port2]);
    // a configuration over the port is answered (its meta) once the frame took the port
    channel.port1.postMessage(message({ type: 'configure', config: baseConfig('pk_x', 'pay_x_secret_y') }));
    await waitUntil(() => said.length > 0, 'not connected', { timeout: 8000 });
    frame.deliver(frame.parent, message({ type: 'announce' }));
    await form.updateComplete;
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(frame.hellos.length).to.equal(2);
  });

  it('takes the host’s configuration, pays, and forwards ready, change and result; the submit is the host’s question', async () => {
    const payment = await createPayment({ amount: 1099, currency: 'USD' });
    const { tell, said, config } = await connected(`?key=${(await sandboxConfig()).publishableKey}`);
    tell({ type: 'configure', config: baseConfig(config.publishableKey, payment.client_secret) });
    await waitUntil(() => said.some((m) => m.type === 'event' && m.name === 'tender-ready'), 'no tender-ready forwarded', { timeout: 8000 });
    // its title and language as configured (a first meta, before the configuration, may say the URL's `en`)
    await waitUntil(() => said.filter((m) => m.type === 'meta').at(-1)?.lang === 'en-US', 'no meta in the configured language', { timeout: 8000 });
    expect(said.filter((m) => m.type === 'meta').at(-1)).to.deep.include({ title: en.frameTitle, lang: 'en-US', dir: 'ltr' });
    expect(said.some((m) => m.type === 'size' && (m.height as number) > 100)).to.equal(true);
    // the host's --tender-* values: the colour is taken, the URL is not
    expect(document.documentElement.style.getPropertyValue('--tender-color-primary')).to.equal('rgb(9, 8, 7)');
    expect(document.documentElement.style.getPropertyValue('--tender-color-danger')).to.equal('');

    form!.focus();
    await sendKeys({ type: SUCCESS_CARD });
    await sendKeys({ type: FUTURE_EXPIRY });
    await sendKeys({ type: '123' });
    tell({ type: 'confirm', id: 7 });
    await waitUntil(() => said.some((m) => m.type === 'submit'), 'the frame did not ask the host before paying', { timeout: 8000 });
    const question = said.find((m) => m.type === 'submit')!;
    expect(question).to.deep.include({ paymentId: payment.payment_id });
    tell({ type: 'answer', id: question.id, proceed: true });
    await waitUntil(() => said.some((m) => m.type === 'confirmed'), 'no outcome', { timeout: 8000 });
    const confirmed = said.find((m) => m.type === 'confirmed')!;
    expect(confirmed.id).to.equal(7);
    expect((confirmed.outcome as { type: string; detail: { status: string } }).detail.status).to.equal('succeeded');
    expect(said.some((m) => m.type === 'event' && m.name === 'tender-result')).to.equal(true);
    expect(said.filter((m) => m.type === 'event').map((m) => m.name)).to.include('tender-change');
    // nothing it said holds the card number
    expect(JSON.stringify(said).replace(/\D/g, '')).not.to.include(SUCCESS_CARD);
  });

  it('asks for the payment its URL’s fragment names at once, before the host configures it, and takes that answer (one GET)', async () => {
    const payment = await createPayment({ amount: 1099, currency: 'USD' });
    const config = await sandboxConfig();
    const requests = wrapFetch();
    const { tell, said, win } = await connected(`?key=${config.publishableKey}#client_secret=${payment.client_secret}`);
    expect(requests.count(isRetrieve)).to.equal(1, 'asked for before any configuration');
    expect(win.location.href).not.to.contain(payment.client_secret, 'the fragment is taken off the frame’s URL');
    tell({ type: 'configure', config: baseConfig(config.publishableKey, payment.client_secret) });
    await waitUntil(() => said.some((m) => m.type === 'event' && m.name === 'tender-ready'), 'no tender-ready forwarded', { timeout: 8000 });
    expect(requests.count(isRetrieve)).to.equal(1, 'the client took the answer already asked for');
    expect(requests.calls.filter(isRetrieve)[0]!.url).to.equal(`${config.url}/payments/${payment.payment_id}?client_secret=${encodeURIComponent(payment.client_secret)}`);
  });

  it('takes the payment and its list from the answers its page carries (`?client_secret=`): no GET, the secret off its URL', async () => {
    const payment = await createPayment({ amount: 1099, currency: 'USD' });
    const config = await sandboxConfig();
    const secret = `?client_secret=${encodeURIComponent(payment.client_secret)}`;
    const read = async (path: string) => (await fetch(`${config.url}${path}${secret}`, { headers: { 'api-key': config.publishableKey } })).json() as Promise<Record<string, unknown>>;
    // what the sandbox's page for this payment carries (sandbox/routes/frame.ts)
    const data = document.createElement('script');
    data.type = 'application/json';
    data.id = 'tender-answers';
    data.textContent = JSON.stringify({ payment: await read(`/payments/${payment.payment_id}`), list: await read('/account/payment_methods') });
    document.head.append(data);
    try {
      const requests = wrapFetch();
      const { tell, said, win } = await connected(`?key=${config.publishableKey}&locale=en-US${secret.replace('?', '&')}`);
      expect(new URL(win.location.href).search).to.equal('?key=' + config.publishableKey + '&locale=en-US', 'the secret is taken off the frame’s URL, the rest kept');
      await form!.updateComplete;
      expect(form!.renderRoot.querySelector('#billing-postal'), 'the list the page carried asked for the postal code').not.to.equal(null);
      tell({ type: 'configure', config: baseConfig(config.publishableKey, payment.client_secret) });
      await waitUntil(() => said.some((m) => m.type === 'event' && m.name === 'tender-ready'), 'no tender-ready forwarded', { timeout: 8000 });
      const ready = said.find((m) => m.type === 'event' && m.name === 'tender-ready') as unknown as { detail: { paymentId: string; amount: number } };
      expect(ready.detail).to.deep.include({ paymentId: payment.payment_id, amount: 1099 });
      expect(requests.count(isRetrieve)).to.equal(0, 'the payment came with the page');
      expect(requests.count((call) => call.url.includes('/account/payment_methods'))).to.equal(0, 'the list came with the page');
    } finally {
      data.remove();
    }
  });

  it('asks for what its page does not carry when the secret is in its query (a page without answers)', async () => {
    const payment = await createPayment({ amount: 1099, currency: 'USD' });
    const config = await sandboxConfig();
    const requests = wrapFetch();
    const { tell, said, win } = await connected(`?key=${config.publishableKey}&client_secret=${encodeURIComponent(payment.client_secret)}`);
    expect(requests.count(isRetrieve)).to.equal(1, 'asked for at once');
    expect(win.location.href).not.to.contain(payment.client_secret);
    tell({ type: 'configure', config: baseConfig(config.publishableKey, payment.client_secret) });
    await waitUntil(() => said.some((m) => m.type === 'event' && m.name === 'tender-ready'), 'no tender-ready forwarded', { timeout: 8000 });
    expect(requests.count(isRetrieve)).to.equal(1, 'the client took that answer');
  });

  it('asks for the payment-method list with the payment, shows the postal code in its first hello, and forwards tender-ready only after the host configured it', async () => {
    const payment = await createPayment({ amount: 1099, currency: 'USD' });
    const config = await sandboxConfig();
    const requests = wrapFetch();
    const isList = (call: { url: string }) => call.url.includes('/account/payment_methods');
    const frame = frameWindow(`?key=${config.publishableKey}#client_secret=${payment.client_secret}`);
    // no channel yet: the frame says hello to its parent on its own once its first render is final
    form = startFrame({ window: frame.win, apiBase: config.url });
    expect(requests.count(isList)).to.equal(1, 'the list asked for at the start, beside the payment');
    expect(requests.count(isRetrieve)).to.equal(1);
    await form.updateComplete;
    expect(form.renderRoot.querySelector('#billing-postal'), 'the postal code in the first render the frame says hello with').not.to.equal(null);
    expect(frame.hellos.length).to.be.greaterThan(0);
    const channel = new MessageChannel();
    const said: Said[] = [];
    channel.port1.onmessage = (event) => said.push(event.data as Said);
    frame.deliver(frame.parent, message({ type: 'connect' }), [channel.port2]);
    // the payment has loaded by now, but its page URL (a return from a redirect) comes with the configuration
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(said.some((m) => m.type === 'event' && m.name === 'tender-ready')).to.equal(false, 'ready before the host configured the frame');
    channel.port1.postMessage(message({ type: 'configure', config: { ...baseConfig(config.publishableKey, payment.client_secret), billing: 'auto', email: 'auto', phone: 'auto' } }));
    await waitUntil(() => said.some((m) => m.type === 'event' && m.name === 'tender-ready'), 'no tender-ready forwarded', { timeout: 8000 });
    expect(requests.count(isList)).to.equal(1, 'one list: the form took the one asked for');
    expect(requests.count(isRetrieve)).to.equal(1, 'one payment GET');
  });

  it('asks for no payment-method list when the URL says the form collects no billing details', async () => {
    const payment = await createPayment({ amount: 1099, currency: 'USD' });
    const config = await sandboxConfig();
    const requests = wrapFetch();
    const { tell, said } = await connected(`?key=${config.publishableKey}&billing=never&email=never&phone=never#client_secret=${payment.client_secret}`);
    tell({ type: 'configure', config: { ...baseConfig(config.publishableKey, payment.client_secret), email: 'never', phone: 'never' } });
    await waitUntil(() => said.some((m) => m.type === 'event' && m.name === 'tender-ready'), 'no tender-ready forwarded', { timeout: 8000 });
    expect(requests.count((call) => call.url.includes('/account/payment_methods'))).to.equal(0);
    expect(form!.renderRoot.querySelector('[id^=billing-]')).to.equal(null);
  });

  it('does not use a prefetched payment for another client secret than the host’s', async () => {
    const first = await createPayment({ amount: 1099, currency: 'USD' });
    const second = await createPayment({ amount: 2500, currency: 'USD' });
    const config = await sandboxConfig();
    const requests = wrapFetch();
    const { tell, said } = await connected(`?key=${config.publishableKey}#client_secret=${first.client_secret}`);
    tell({ type: 'configure', config: baseConfig(config.publishableKey, second.client_secret) });
    await waitUntil(() => said.some((m) => m.type === 'event' && m.name === 'tender-ready'), 'no tender-ready forwarded', { timeout: 8000 });
    const ready = said.find((m) => m.type === 'event' && m.name === 'tender-ready') as unknown as { detail: { paymentId: string; amount: number } };
    expect(ready.detail).to.deep.include({ paymentId: second.payment_id, amount: 2500 });
    expect(requests.count(isRetrieve)).to.equal(2);
  });

  it('a submit the host cancels does not pay', async () => {
    const payment = await createPayment({ amount: 1099, currency: 'USD' });
    const { tell, said, config } = await connected(`?key=${(await sandboxConfig()).publishableKey}`);
    tell({ type: 'configure', config: baseConfig(config.publishableKey, payment.client_secret) });
    await waitUntil(() => said.some((m) => m.type === 'event' && m.name === 'tender-ready'), 'no tender-ready forwarded', { timeout: 8000 });
    form!.focus();
    await sendKeys({ type: `${SUCCESS_CARD}${FUTURE_EXPIRY}123` });
    tell({ type: 'confirm', id: 1 });
    await waitUntil(() => said.some((m) => m.type === 'submit'), 'no question', { timeout: 8000 });
    tell({ type: 'answer', id: said.find((m) => m.type === 'submit')!.id, proceed: false });
    await waitUntil(() => said.some((m) => m.type === 'confirmed'), 'no outcome', { timeout: 8000 });
    expect(said.find((m) => m.type === 'confirmed')!.outcome).to.deep.equal({ type: 'cancelled' });
    expect(said.some((m) => m.type === 'event' && m.name === 'tender-result')).to.equal(false);
  });

  it('takes no configuration for another merchant than its URL’s, and no channel from a window other than its parent', async () => {
    const payment = await createPayment({ amount: 1099, currency: 'USD' });
    const config = await sandboxConfig();
    const frame = frameWindow('?key=pk_snd_another_merchant');
    form = startFrame({ window: frame.win, apiBase: config.url });
    const stranger = new MessageChannel();
    const heard: unknown[] = [];
    stranger.port1.onmessage = (event) => heard.push(event.data);
    frame.deliver({ postMessage() {} }, message({ type: 'connect' }), [stranger.port2]);
    stranger.port1.postMessage(message({ type: 'configure', config: baseConfig(config.publishableKey, payment.client_secret) }));

    const channel = new MessageChannel();
    const said: Said[] = [];
    channel.port1.onmessage = (event) => said.push(event.data as Said);
    frame.deliver(frame.parent, message({ type: 'connect' }), [channel.port2]);
    channel.port1.postMessage(message({ type: 'configure', config: baseConfig(config.publishableKey, payment.client_secret) }));
    await waitUntil(() => said.some((m) => m.type === 'event' && m.name === 'tender-error'), 'no error for the foreign key', { timeout: 8000 });
    expect((said.find((m) => m.type === 'event' && m.name === 'tender-error')!.detail as { code: string }).code).to.equal('configuration');
    expect(said.some((m) => m.type === 'event' && m.name === 'tender-ready')).to.equal(false);
    expect(heard).to.deep.equal([]);
  });

  it('the frame page’s script starts the frame in its own window (here a page with no parent to greet)', async () => {
    const before = document.querySelectorAll('body > tender-card-form').length;
    await import('../../src/frame/main.js');
    const started = [...document.querySelectorAll<TenderCardForm>('body > tender-card-form')];
    expect(started.length).to.equal(before + 1);
    await started.at(-1)!.updateComplete;
    // loading, waiting for a host that a top-level page does not have
    expect(started.at(-1)!.renderRoot.querySelector('button[part=button]')?.hasAttribute('disabled')).to.equal(true);
    started.at(-1)!.remove();
  });

  it('drops messages that are not the protocol’s', async () => {
    const { tell, said, channel } = await connected('?key=pk_x');
    channel.port1.postMessage({ type: 'configure' });
    channel.port1.postMessage(message({ type: 'navigate', url: 'https://evil.example' }));
    tell({ type: 'focus' });
    await waitUntil(() => (form!.renderRoot as ShadowRoot).activeElement?.id === 'number', 'a valid message after the invalid ones was not taken', { timeout: 8000 });
    // the malformed configuration is said (the host would otherwise wait on a frame left loading); the rest is silence
    // (what the frame says comes over the port, a task later than the focus it took in this window)
    await waitUntil(() => said.some((m) => m.type === 'event'), 'the malformed configuration was not said', { timeout: 8000 });
    const events = said.filter((m) => m.type === 'event');
    expect(events.map((m) => [m.name, (m.detail as { code: string }).code])).to.deep.equal([['tender-error', 'configuration']]);
  });
});
