/**
 * `<tender-checkout>` in its default, isolated mode: the card form runs in a cross-origin frame the
 * sandbox serves (another port than this test page), and the host element fires the same events. The
 * frame is reached as a customer would, through Playwright (the `card-frame` command of
 * web-test-runner.config.mjs): this page cannot read it, which is the point.
 */
import { aTimeout, expect, waitUntil } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import '../../src/define.js';
import type { TenderCheckout } from '../../src/elements/tender-checkout/tender-checkout.js';
import { en } from '../../src/i18n/en.js';
import de from '../../src/i18n/locales/de.js';
import { loadCatalogue } from '../../src/i18n/index.js';
import {
  CHALLENGE_CARD,
  DECLINED_CARD,
  FUTURE_EXPIRY,
  PROCESSING_CARD,
  SUCCESS_CARD,
  answerMobileMoney,
  createConfirmedPayment,
  createMobileMoneyPayment,
  mountCheckout,
  retrieveAsMerchant,
  type MountOptions,
} from './checkout-harness.js';
import { createPayment, sandboxConfig } from './sandbox-config.js';
import { message } from '../../src/frame/protocol.js';

interface FrameView {
  fields: Record<string, string>;
  errors: Record<string, string>;
  status: string;
  button: string;
  focused: string;
  lang: string;
  dir: string;
  scroll: { height: number; viewport: number };
  buttonBackground: string;
  disabled: string[];
}

const inFrame = <T = boolean>(payload: Record<string, unknown>) => executeServerCommand<T, Record<string, unknown>>('card-frame', payload) as Promise<T>;
const read = () => inFrame<FrameView>({ action: 'read' });
/** Clicks the pay button in the frame. */
const pay = () => inFrame({ action: 'click' });
/** Text without Unicode bidi isolates (amounts inside text are isolated). */
const plain = (text: string) => text.replace(/[\u2066-\u2069]/g, '');

async function typeCard(number: string) {
  await inFrame({ action: 'type', field: 'number', text: number });
  await inFrame({ action: 'type', field: 'expiry', text: FUTURE_EXPIRY });
  await inFrame({ action: 'type', field: 'cvc', text: '123' });
}

/** The sandbox's frictionless 3-D Secure card (README "Test cards"). */
const FRICTIONLESS_CARD = '4000000000004020';

const mountIsolated = (options: MountOptions = {}) => mountCheckout({ ...options, mode: 'isolated' });
/** The card frame: the element's child (its light DOM, where the browser's autofill reaches it), slotted into its shadow root. */
const frameOf = (element: TenderCheckout) => element.querySelector<HTMLIFrameElement>(':scope > iframe[slot=frame]')!;
const digits = (text: string) => text.replace(/\D/g, '');

describe('<tender-checkout> isolated (the default)', () => {
  it('shows one frame of the API origin in its light DOM, sized to its content and titled, and no card field in this page', async () => {
    const { element, log, config } = await mountIsolated();
    await log.wait('tender-ready');
    const frame = frameOf(element);
    // the frame is the element's only child, shown through the shadow root's one slot (nothing else is left there once it shows)
    expect([...element.children]).to.deep.equal([frame]);
    expect([...element.shadowRoot!.children].map((child) => child.localName)).to.deep.equal(['slot']);
    expect(frame.assignedSlot).to.equal(element.shadowRoot!.querySelector('slot'));
    expect(element.shadowRoot!.querySelector('iframe')).to.equal(null);
    expect(new URL(frame.src).origin).to.equal(new URL(config.url).origin);
    expect(new URL(frame.src).pathname).to.equal('/frame/card');
    expect(new URL(frame.src).origin).not.to.equal(location.origin);
    // no top-level navigation from the frame, whatever its code does: the host navigates
    expect([...frame.sandbox].sort()).to.deep.equal(['allow-forms', 'allow-same-origin', 'allow-scripts']);
    expect(document.querySelectorAll('input').length + element.shadowRoot!.querySelectorAll('input').length).to.equal(0);
    await waitUntil(() => frame.title === en.frameTitle, `the title is "${frame.title}"`);
    const view = await read();
    expect(frame.style.height).to.match(/^\d+px$/);
    // no inner scrolling: the frame is as tall as its content
    expect(view.scroll.height).to.be.at.most(view.scroll.viewport);
    expect(frame.getBoundingClientRect().height).to.be.above(150);
    expect(Math.abs(frame.getBoundingClientRect().height - view.scroll.height)).to.be.at.most(1);
  });

  it('pays: the host fires ready, change, submit and result with the same details as inline, and no card data', async () => {
    const { element, log, payment } = await mountIsolated();
    const keys: string[] = [];
    document.addEventListener('keydown', (event) => keys.push(event.key), { capture: true });
    const ready = await log.wait('tender-ready');
    expect(ready.detail).to.deep.equal({ paymentId: payment.payment_id, amount: 1099, currency: 'USD', status: payment.status });
    expect(ready.target).to.equal(element);
    await typeCard(SUCCESS_CARD);
    expect(plain((await read()).button)).to.equal('Pay $10.99');
    await pay();
    const result = await log.wait('tender-result');
    expect(result.detail).to.include({ paymentId: payment.payment_id, status: 'succeeded', retryable: false });
    expect(result.detail.payment.payment_id).to.equal(payment.payment_id);
    expect(log.of('tender-submit').map((event) => event.detail)).to.deep.equal([{ paymentId: payment.payment_id }]);
    const change = log.last('tender-change')!;
    expect(change.detail).to.deep.equal({ complete: true, empty: false, brand: 'visa', errors: {} });
    for (const event of log.events) {
      expect([event.bubbles, event.composed, event.target], event.type).to.deep.equal([true, true, element]);
      expect(digits(JSON.stringify(event.detail)), event.type).not.to.include(SUCCESS_CARD);
    }
    // typing happened in the frame: this page heard none of it
    expect(keys).to.deep.equal([]);
    expect(digits(element.outerHTML)).not.to.include(SUCCESS_CARD);
    expect((await retrieveAsMerchant(payment.payment_id)).status).to.equal('succeeded');
  });

  it('reports requires_capture for a manual-capture payment, and a frictionless 3-D Secure card pays with no dialog', async () => {
    const manual = await mountIsolated({ create: { amount: 2500, currency: 'EUR', capture_method: 'manual' } });
    await manual.log.wait('tender-ready');
    await typeCard(SUCCESS_CARD);
    await pay();
    expect((await manual.log.wait('tender-result')).detail.status).to.equal('requires_capture');
    expect((await read()).status).to.equal(en['status.requires_capture']);
    manual.element.remove();

    const { element, log } = await mountIsolated({ attributes: { 'three-ds': 'modal' } });
    await log.wait('tender-ready');
    await typeCard(FRICTIONLESS_CARD);
    await pay();
    expect((await log.wait('tender-result')).detail.status).to.equal('succeeded');
    expect(element.shadowRoot!.querySelector('dialog')).to.equal(null);
    expect(log.of('tender-redirect')).to.have.length(0);
  });

  it('polls a processing payment until it is final, and a mobile-money payment shows the wait screen until approved', async () => {
    const processing = await mountIsolated();
    await processing.log.wait('tender-ready');
    await typeCard(PROCESSING_CARD);
    await pay();
    expect((await processing.log.wait('tender-result')).detail.status).to.equal('succeeded');
    expect(processing.log.of('tender-result')).to.have.length(1);
    processing.element.remove();

    const payment = await createMobileMoneyPayment('0700000001');
    const { log } = await mountIsolated({ payment });
    await waitUntil(async () => (await read()).status.startsWith(en['status.waitScreen']), 'no wait screen in the frame', { timeout: 5000 });
    expect(log.of('tender-result')).to.have.length(0);
    expect(await inFrame<unknown[]>({ action: 'axe' }), 'axe on the wait screen').to.deep.equal([]);
    await answerMobileMoney(payment, 'approve');
    const result = await log.wait('tender-result', 1, 10000);
    expect(result.detail).to.include({ paymentId: payment.payment_id, status: 'succeeded' });
  });

  it('reports an expired client secret from the host as a final error', async () => {
    const payment = await createPayment({ amount: 1099, currency: 'USD', session_expiry: 1 });
    await aTimeout(1200); // the sandbox's clock: the secret lives one second
    const { log } = await mountIsolated({ payment });
    const error = await log.wait('tender-error');
    expect(error.detail).to.include({ code: 'client_secret_expired', recoverable: false });
    expect((await read()).status).to.equal(en['error.expired']);
    expect(log.of('tender-ready')).to.have.length(0);
    expect(await inFrame<unknown[]>({ action: 'axe' }), 'axe on the error').to.deep.equal([]);
  });

  it('a confirm whose answer is lost is reconciled by retrieving the payment: reported paid, never failed', async function () {
    this.timeout(30000);
    const { log, payment } = await mountIsolated();
    await log.wait('tender-ready');
    await typeCard(SUCCESS_CARD);
    await inFrame({ action: 'lose-next-confirm' });
    await pay();
    // the client tries the lost request's answer again after a back-off before it retrieves: give it time on a busy machine
    const result = await log.wait('tender-result', 1, 20000);
    expect(result.detail).to.include({ paymentId: payment.payment_id, status: 'succeeded' });
    expect(log.of('tender-result')).to.have.length(1);
    expect((await retrieveAsMerchant(payment.payment_id)).attempt_count).to.equal(1);
  });

  it('confirm() from the host pays, and tender-submit cancelled on the host stops it', async () => {
    let cancel = true;
    const { element, log, payment } = await mountIsolated({
      attributes: { 'hide-button': '' },
      configure: (checkout) => checkout.addEventListener('tender-submit', (event) => cancel && event.preventDefault()),
    });
    await log.wait('tender-ready');
    await typeCard(SUCCESS_CARD);
    expect(await element.confirm()).to.deep.equal({ type: 'cancelled' });
    expect((await retrieveAsMerchant(payment.payment_id)).status).to.equal(payment.status);
    cancel = false;
    const outcome = await element.confirm();
    expect(outcome.type).to.equal('result');
    expect(outcome.type === 'result' && outcome.detail.status).to.equal('succeeded');
    expect(log.of('tender-submit')).to.have.length(2);
  });

  it('confirm() with an incomplete card resolves invalid, and the frame shows the errors', async () => {
    const { element, log } = await mountIsolated({ attributes: { 'hide-button': '' } });
    await log.wait('tender-ready');
    await inFrame({ action: 'type', field: 'number', text: '4242' });
    const outcome = await element.confirm();
    expect(outcome).to.deep.equal({ type: 'invalid', errors: { number: 'incomplete', expiry: 'empty', cvc: 'empty' } });
    expect((await read()).errors.number).to.equal(en['error.number.incomplete']);
  });

  it('a decline shows its message in the frame, and another card pays', async () => {
    const { log, payment } = await mountIsolated();
    await log.wait('tender-ready');
    await typeCard(DECLINED_CARD);
    await pay();
    const declined = await log.wait('tender-result');
    expect(declined.detail).to.include({ status: 'failed', retryable: true, errorCode: 'card_declined' });
    expect((await read()).status).to.equal(en['decline.card_declined']);
    expect(await inFrame<unknown[]>({ action: 'axe' }), 'axe after the decline').to.deep.equal([]);
    // focus went back to the card number, the field to fix
    await waitUntil(async () => (await read()).focused === 'number', 'focus is not on the card number after the decline');
    await inFrame({ action: 'press', key: 'Control+A' });
    await inFrame({ action: 'press', key: 'Backspace' });
    await inFrame({ action: 'type', field: 'number', text: SUCCESS_CARD });
    await pay();
    const paid = await log.wait('tender-result', 2);
    expect(paid.detail.status).to.equal('succeeded');
    expect(await inFrame<unknown[]>({ action: 'axe' }), 'axe after the success').to.deep.equal([]);
    expect((await retrieveAsMerchant(payment.payment_id)).attempt_count).to.equal(2);
  });

  it('a 3-D Secure redirect is the host’s tender-redirect (cancelable): the frame never navigates the page', async () => {
    const urls: string[] = [];
    const { log } = await mountIsolated({
      configure: (checkout) =>
        checkout.addEventListener('tender-redirect', (event) => {
          urls.push(event.detail.url);
          event.preventDefault();
        }),
    });
    await log.wait('tender-ready');
    await typeCard(CHALLENGE_CARD);
    const address = location.href;
    await pay();
    const redirect = await log.wait('tender-redirect');
    const { url } = await sandboxConfig();
    expect(redirect.detail.url.startsWith(`${url}/payments/redirect/`), redirect.detail.url).to.equal(true);
    expect(urls).to.deep.equal([redirect.detail.url]);
    // cancelled: the frame offers to continue, the page stayed
    await waitUntil(async () => (await read()).status !== '', 'no status after the cancelled redirect');
    expect(location.href).to.equal(address);
  });

  it('a 3-D Secure challenge opens in a dialog over the host page and the outcome comes from the frame', async () => {
    // the challenge page tells the end to the return URL's origin (the merchant's allowed origins when set): this page's
    const { element, log, payment } = await mountIsolated({ attributes: { 'three-ds': 'modal', 'return-url': location.href.split('#')[0]! } });
    await log.wait('tender-ready');
    await typeCard(CHALLENGE_CARD);
    await pay();
    await waitUntil(() => element.shadowRoot!.querySelector('dialog[open]'), 'no dialog opened on the host');
    const dialog = element.shadowRoot!.querySelector('dialog')!;
    expect(dialog.getAttribute('aria-labelledby')).to.equal('challenge-title');
    expect(element.shadowRoot!.getElementById('challenge-title')!.textContent).to.equal(en['status.continueAuthentication']);
    await executeServerCommand('answer-challenge-frame', { answer: 'Complete' });
    const result = await log.wait('tender-result');
    expect(result.detail).to.include({ paymentId: payment.payment_id, status: 'succeeded' });
    expect(element.shadowRoot!.querySelector('dialog')).to.equal(null);
    expect(log.of('tender-redirect')).to.have.length(0);
  });

  it('a payment already final when it loads is reported, and a return from a redirect is read from the host page’s URL', async () => {
    const paid = await createConfirmedPayment({});
    const original = location.href;
    const query = new URLSearchParams({ payment_intent_client_secret: paid.client_secret, payment_id: paid.payment_id, status: 'failed', keep: 'me' });
    history.replaceState(null, '', `${location.pathname}?${query}`);
    try {
      const { log } = await mountIsolated({ payment: paid });
      const result = await log.wait('tender-result');
      // the query said failed: the payment retrieved says otherwise, and wins
      expect(result.detail).to.include({ paymentId: paid.payment_id, status: 'succeeded' });
      await waitUntil(() => !location.search.includes('payment_intent_client_secret'), 'the return parameters stayed on the URL');
      expect(new URLSearchParams(location.search).get('keep')).to.equal('me');
    } finally {
      history.replaceState(null, '', original);
    }
  });

  it('follows locale changes (title and text) and right-to-left, and forwards the host’s --tender-* values as they change', async () => {
    const { element, log } = await mountIsolated();
    await log.wait('tender-ready');
    element.style.setProperty('--tender-color-primary', 'rgb(1, 2, 3)');
    await waitUntil(async () => (await read()).buttonBackground === 'rgb(1, 2, 3)', 'the host’s --tender-color-primary never reached the frame');
    element.style.setProperty('--tender-color-primary', 'rgb(4, 5, 6)');
    await waitUntil(async () => (await read()).buttonBackground === 'rgb(4, 5, 6)', 'a change of --tender-color-primary never reached the frame');
    // a viewport unit would size the frame by itself (the host sets its height from the content's): not taken
    element.style.setProperty('--tender-input-min-height', '40vh');
    await aTimeout(300);
    expect((await read()).scroll.height).to.be.below(900);
    element.style.removeProperty('--tender-input-min-height');
    // a value that would fetch something is not taken: the frame keeps the default of the token instead
    element.style.setProperty('--tender-color-primary', 'url(https://tracker.example/x.png)');
    await waitUntil(async () => (await read()).buttonBackground !== 'rgb(4, 5, 6)', 'the frame kept the old value');
    expect((await read()).buttonBackground).to.match(/^rgb/);
    // a theme set on the host reaches the frame (the host's own --tender-* value is gone, so the preset shows)
    element.style.removeProperty('--tender-color-primary');
    const plainBackground = (await read()).buttonBackground;
    element.theme = 'night';
    await waitUntil(async () => (await read()).buttonBackground !== plainBackground, 'the night theme never reached the frame');
    element.appearance = { variables: { colorPrimary: '#123456' } };
    await waitUntil(async () => (await read()).buttonBackground === 'rgb(18, 52, 86)', 'appearance.variables never reached the frame');
    element.locale = 'de';
    await waitUntil(() => frameOf(element).title === de.frameTitle, 'the title is not German');
    expect(plain((await read()).button)).to.equal(de.pay.replace('{amount}', '10,99 $'));
    element.locale = 'ar';
    await waitUntil(async () => (await read()).dir === 'rtl', 'the frame is not right to left in Arabic');
    expect(frameOf(element).dir).to.equal('rtl');
  });

  it('focus() puts focus on the card number inside the frame; hide-name and disabled cross too', async () => {
    const { element, log } = await mountIsolated({ attributes: { 'hide-name': '' } });
    await log.wait('tender-ready');
    element.focus();
    await waitUntil(async () => (await read()).focused === 'number', 'focus is not on the card number');
    // the frame is the element's child (its light DOM): the page's focus is on it, inside the element
    expect(document.activeElement).to.equal(frameOf(element));
    expect(Object.keys((await read()).fields)).to.deep.equal(['number', 'expiry', 'cvc']);
    expect((await read()).disabled).to.deep.equal([]);
    element.disabled = true;
    expect(element.hasAttribute('disabled')).to.equal(true);
    await waitUntil(async () => (await read()).disabled.length === 3, 'the fields in the frame were not disabled');
  });

  it('has no axe violations inside the frame, ready and with errors shown', async () => {
    const { log } = await mountIsolated();
    await log.wait('tender-ready');
    expect(await inFrame<unknown[]>({ action: 'axe' })).to.deep.equal([]);
    await inFrame({ action: 'type', field: 'number', text: '4242' });
    await pay();
    await waitUntil(async () => Object.keys((await read()).errors).length > 0, 'no errors shown');
    expect(await inFrame<unknown[]>({ action: 'axe' })).to.deep.equal([]);
  });

  it('refuses a frame of its own page’s origin (no isolation) and a configuration the frame could not take, naming it', async () => {
    const sameOrigin = await mountIsolated({ attributes: { 'frame-src': `${location.origin}/frame/card` } });
    const refused = await sameOrigin.log.wait('tender-error');
    expect(refused.detail).to.include({ code: 'configuration', recoverable: false });
    expect(refused.detail.message).to.include('origin');
    expect(sameOrigin.element.querySelector('iframe')).to.equal(null);
    sameOrigin.element.remove();

    const { log } = await mountIsolated({ attributes: { locale: `de-${'x'.repeat(40)}` } });
    const error = await log.wait('tender-error');
    expect(error.detail).to.include({ code: 'configuration' });
    expect(error.detail.message).to.include('locale');
    expect(log.of('tender-ready')).to.have.length(0);
  });

  it('a confirm() under way when the element leaves the page resolves cancelled, and the frame comes back with it', async () => {
    const { element, log } = await mountIsolated({ attributes: { 'hide-button': '' } });
    await log.wait('tender-ready');
    await typeCard(SUCCESS_CARD);
    const outcome = element.confirm();
    const parent = element.parentElement!;
    element.remove(); // as a framework moving it does: the frame's document goes, and its answer with it
    expect(await Promise.race([outcome, aTimeout(3000).then(() => 'never settled')])).to.deep.equal({ type: 'cancelled' });
    parent.append(element);
    await log.wait('tender-ready', 2);
    // the frame moved with the element: the same one, and only one
    expect(element.querySelectorAll('iframe')).to.have.length(1);
  });

  it('a frame taken out of the element (a framework re-rendering its children) is replaced by one new frame that pays', async () => {
    const { element, log } = await mountIsolated();
    await log.wait('tender-ready');
    const first = frameOf(element);
    element.replaceChildren();
    await log.wait('tender-ready', 2);
    const second = frameOf(element);
    expect(second).not.to.equal(first);
    expect(element.querySelectorAll('iframe')).to.have.length(1);
    expect(document.querySelectorAll('iframe[slot=frame]')).to.have.length(1);
    await typeCard(SUCCESS_CARD);
    await pay();
    expect((await log.wait('tender-result')).detail.status).to.equal('succeeded');
  });

  it('going inline removes the frame from its light DOM, and back to isolated puts exactly one there', async () => {
    const { element, log } = await mountIsolated();
    await log.wait('tender-ready');
    element.inline = true;
    await waitUntil(() => element.querySelector('iframe') === null, 'the frame stayed');
    element.inline = false;
    // the new frame said hello: it has its form's height (and the inline form is gone)
    await waitUntil(() => frameOf(element)?.getBoundingClientRect().height > 150, 'no frame came back');
    expect(element.querySelectorAll('iframe')).to.have.length(1);
    expect(frameOf(element).assignedSlot).to.equal(element.shadowRoot!.querySelector('slot'));
    expect(element.shadowRoot!.querySelector('tender-card-form')).to.equal(null);
  });

  it('reports a configuration error itself when it has no API base, and shows it', async () => {
    const { element, log } = await mountIsolated({ attributes: { 'api-base': '' } });
    const error = await log.wait('tender-error');
    expect(error.detail).to.include({ code: 'configuration', recoverable: false });
    // the customer reads the catalogue's text (the host loads it: it carries none), the developer the event's message
    await waitUntil(() => element.shadowRoot!.querySelector('[part=frame-status]')!.getAttribute('lang') === 'en-US', 'the text was never localised');
    expect(element.shadowRoot!.querySelector('[part=frame-status]')!.textContent).to.equal(en['error.configuration']);
    expect(error.detail.message).to.include('api-base');
    element.locale = 'de';
    await log.wait('tender-error', 2);
    await waitUntil(() => element.shadowRoot!.querySelector('[part=frame-status]')?.textContent === de['error.configuration'], 'not in German');
    expect(element.querySelector('iframe')).to.equal(null);
    // right to left in Arabic; a tag it does not speak is labelled with the language shown, not as asked
    const ar = await loadCatalogue('ar');
    element.locale = 'ar';
    await log.wait('tender-error', 3);
    await waitUntil(() => element.shadowRoot!.querySelector('[part=frame-status]')?.textContent === ar['error.configuration'], 'not in Arabic');
    const status = element.shadowRoot!.querySelector<HTMLElement>('[part=frame-status]')!;
    expect([status.lang, status.dir, getComputedStyle(status).direction]).to.deep.equal(['ar', 'rtl', 'rtl']);
    element.locale = 'xx';
    await log.wait('tender-error', 4);
    await waitUntil(() => element.shadowRoot!.querySelector('[part=frame-status]')?.getAttribute('lang') === navigator.languages[0], 'not labelled with the language shown');
    expect(element.shadowRoot!.querySelector<HTMLElement>('[part=frame-status]')!.dir).to.equal('ltr');
  });

  it('takes its channel only from its parent: a sibling frame replaying the protocol gets no answer', async () => {
    const config = await sandboxConfig();
    const payment = await createPayment({ amount: 1099, currency: 'USD' });
    const configure = message({
      type: 'configure',
      config: {
        publishableKey: config.publishableKey, clientSecret: payment.client_secret, returnUrl: '', pageUrl: location.href, locale: 'en',
        threeDs: 'modal', theme: '', appearance: null, messages: {}, hideButton: false, hideName: false, disabled: false, requestTimeout: 0, variables: {},
      },
    });
    // this page frames the card frame itself and, at first, answers nothing; a sibling of this page's
    // origin offers it a channel over and over, as the host would
    const card = document.createElement('iframe');
    card.src = `${config.url}/frame/card?key=${config.publishableKey}`;
    const hello = new Promise<MessageEvent>((resolve) =>
      addEventListener('message', function listen(event) {
        if (event.source !== card.contentWindow) return;
        removeEventListener('message', listen);
        resolve(event);
      }),
    );
    const sibling = document.createElement('iframe');
    sibling.srcdoc = `<script>
      window.heard = [];
      window.offers = 0;
      setInterval(() => {
        const target = parent.document.querySelector('iframe[data-card]')?.contentWindow;
        if (!target) return;
        const channel = new MessageChannel();
        channel.port1.onmessage = (event) => window.heard.push(event.data);
        target.postMessage(${JSON.stringify(message({ type: 'connect' }))}, '*', [channel.port2]);
        channel.port1.postMessage(${JSON.stringify(configure)});
        window.offers += 1;
      }, 5);
    </script>`;
    card.dataset.card = '';
    document.body.append(sibling, card);
    const siblingWindow = () => sibling.contentWindow as Window & { heard: unknown[]; offers: number };
    try {
      const said = (await hello).data as { type: string; height: number };
      expect(said.type).to.equal('hello');
      expect(said.height).to.be.above(100);
      const offered = siblingWindow().offers;
      await waitUntil(() => siblingWindow().offers >= offered + 40, 'the sibling stopped offering');
      expect(siblingWindow().heard).to.deep.equal([]);
      // the same offer from the parent is taken: the frame answers with its size and title
      const channel = new MessageChannel();
      const answers: { type: string }[] = [];
      channel.port1.onmessage = (event) => answers.push(event.data as { type: string });
      card.contentWindow!.postMessage(message({ type: 'connect' }), new URL(config.url).origin, [channel.port2]);
      channel.port1.postMessage(configure);
      await waitUntil(() => answers.some((answer) => answer.type === 'size'), 'the frame never answered its parent');
      expect(answers.some((answer) => answer.type === 'meta')).to.equal(true);
      expect(siblingWindow().heard).to.deep.equal([]);
    } finally {
      sibling.remove();
      card.remove();
    }
  });
});
