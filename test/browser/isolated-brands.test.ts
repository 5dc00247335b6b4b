/**
 * Issue 25, items 11–13 in the isolated card frame (the default mode; inline:
 * src/elements/tender-checkout/tender-checkout.brands.test.ts). The frame is reached as a customer
 * would, through Playwright (the `card-frame` command of web-test-runner.config.mjs), typing with real
 * keys. `show-brands` and `preferred-network` reach the frame in its configuration: the second half
 * plays the host over the channel with the frame's own script in this page (as frame-bridge.test.ts
 * does); the element itself forwards both (its configuration, and `?show=brands` in the frame's URL).
 */
import { expect, waitUntil } from '@open-wc/testing';
import { executeServerCommand, sendKeys } from '@web/test-runner-commands';
import '../../src/define.js';
import type { TenderCardForm } from '../../src/elements/tender-checkout/card-form.js';
import type { TenderCheckout } from '../../src/elements/tender-checkout/tender-checkout.js';
import { message } from '../../src/frame/envelope.js';
import { startFrame } from '../../src/frame/frame.js';
import type { FrameConfig } from '../../src/frame/protocol.js';
import { en } from '../../src/i18n/en.js';
import { EventLog, FUTURE_EXPIRY, mountCheckout, retrieveAsMerchant } from './checkout-harness.js';
import { createPayment, sandboxConfig } from './sandbox-config.js';

const CB_VISA = '4000002500001001';
const CB_MASTERCARD = '5555552500001001';
const AMEX = '378282246310005';

const inFrame = <T = boolean>(payload: Record<string, unknown>) => executeServerCommand<T, Record<string, unknown>>('card-frame', payload) as Promise<T>;
/** The value of an expression over the frame's `form` (its <tender-card-form>). */
const frameValue = <T>(expression: string) => inFrame<T>({ action: 'evaluate', expression });
const plain = (text: string) => text.replace(/[\u2066-\u2069]/g, '').replace(/\s+/g, ' ').trim();

interface Extras {
  badge: string | null;
  badgeMark: boolean;
  cvcHint: string;
  cvcDescribedBy: string;
  legend: string | null;
  options: { name: string; checked: boolean }[];
  focused: string;
  accepted: string[];
  scroll: { height: number; viewport: number };
}

/** What the frame shows of the marks, the CVC hint and the network choice. */
const extras = () =>
  frameValue<Extras>(`(() => {
    const root = form.shadowRoot;
    const badge = root.querySelector('[part=brand]');
    const active = root.activeElement;
    return {
      badge: badge.hidden ? null : badge.getAttribute('aria-label'),
      badgeMark: Boolean(badge.querySelector('svg.mark[aria-hidden=true]')),
      cvcHint: (root.querySelector('#cvc-hint')?.textContent ?? '').replace(/\\s+/g, ' ').trim(),
      cvcDescribedBy: root.querySelector('#cvc').getAttribute('aria-describedby'),
      legend: root.querySelector('fieldset[part=network] legend')?.textContent ?? null,
      options: [...root.querySelectorAll('fieldset[part=network] input')].map((radio) => ({ name: radio.closest('label').querySelector('span').textContent, checked: radio.checked })),
      focused: active ? active.id || active.value || '' : '',
      accepted: [...root.querySelectorAll('[part=brands] [role=img]')].map((mark) => mark.getAttribute('aria-label')),
      scroll: { height: document.documentElement.scrollHeight, viewport: window.innerHeight },
    };
  })()`);

const frameOf = (element: TenderCheckout) => element.querySelector<HTMLIFrameElement>(':scope > iframe[slot=frame]')!;

/** Completes the co-badged card in the frame, pays, and checks the payment went on Cartes Bancaires. */
async function payOnCartesBancaires(log: EventLog, paymentId: string): Promise<void> {
  await inFrame({ action: 'type', field: 'expiry', text: FUTURE_EXPIRY });
  await inFrame({ action: 'type', field: 'cvc', text: '123' });
  await inFrame({ action: 'click' });
  expect((await log.wait('tender-result')).detail.status).to.equal('succeeded');
  const paid = await retrieveAsMerchant(paymentId);
  expect((paid.payment_method_data as { card: { card_network: string } }).card.card_network).to.equal('CartesBancaires');
}

describe('<tender-checkout> isolated: brand marks, CVC help and network choice (issue 25, items 11–13)', () => {
  it('shows the mark of the detected brand with its name, and the CVC hint turns to the front for an American Express; axe passes in the frame', async function () {
    this.timeout(30000); // the frame, typing through Playwright and axe in the frame: room on a busy machine
    const { log } = await mountCheckout({ mode: 'isolated' });
    await log.wait('tender-ready');
    let seen = await extras();
    expect(seen.badge).to.equal(null);
    expect(seen.cvcHint).to.equal(en.cvcBack);
    expect(seen.cvcDescribedBy.split(' ')).to.include('cvc-hint');
    await inFrame({ action: 'type', field: 'number', text: AMEX });
    await waitUntil(async () => (seen = await extras()).badge !== null, 'no brand mark in the frame');
    expect(plain(seen.badge!)).to.equal('Card brand: American Express');
    expect(seen.badgeMark).to.equal(true);
    expect(seen.cvcHint).to.equal(en.cvcFront);
    expect(await inFrame<unknown[]>({ action: 'axe' })).to.deep.equal([]);
  });

  it('a co-badged card: the frame offers both networks, the keyboard picks Cartes Bancaires, and the payment goes on it', async function () {
    this.timeout(30000); // the frame, typing through Playwright and axe in the frame: room on a busy machine
    const { element, log, payment } = await mountCheckout({ mode: 'isolated', create: { amount: 2500, currency: 'EUR' } });
    await log.wait('tender-ready');
    await inFrame({ action: 'type', field: 'number', text: CB_MASTERCARD });
    let seen = await extras();
    await waitUntil(async () => (seen = await extras()).options.length === 2, 'no network choice in the frame', { timeout: 5000 });
    expect(seen.legend).to.equal(en.network);
    expect(seen.options).to.deep.equal([
      { name: 'Mastercard', checked: true },
      { name: 'Cartes Bancaires', checked: false },
    ]);
    // the complete number moved focus to the expiry; the choice sits between them
    expect(seen.focused).to.equal('expiry');
    await inFrame({ action: 'press', key: 'Shift+Tab' });
    expect((await extras()).focused).to.equal('mastercard');
    await inFrame({ action: 'press', key: 'ArrowRight' });
    seen = await extras();
    expect(seen.options.map((option) => option.checked)).to.deep.equal([false, true]);
    expect(plain(seen.badge!)).to.equal('Card brand: Cartes Bancaires');
    // the frame grew with the choice: still no inner scrolling
    await waitUntil(async () => {
      const { scroll } = await extras();
      return scroll.height <= scroll.viewport && Math.abs(frameOf(element).getBoundingClientRect().height - scroll.height) <= 1;
    }, 'the frame is not as tall as its content');
    expect(await inFrame<unknown[]>({ action: 'axe' })).to.deep.equal([]);
    await inFrame({ action: 'press', key: 'Tab' });
    await payOnCartesBancaires(log, payment.payment_id);
    // the host heard no network and no card data
    for (const event of log.events) expect(JSON.stringify(event.detail), event.type).not.to.include(CB_MASTERCARD);
  });
});

describe('<tender-checkout show-brands preferred-network> isolated: the element forwards both to the frame', () => {
  it('the frame lists the accepted networks at the reserved height, a co-badged Visa defaults to Cartes Bancaires, and the payment goes on it', async function () {
    this.timeout(30000); // the frame, typing through Playwright: room on a busy machine
    const config = await sandboxConfig();
    const payment = await createPayment({ amount: 2500, currency: 'EUR' }, config);
    const element = document.createElement('tender-checkout');
    const attributes = { 'publishable-key': config.publishableKey, 'client-secret': payment.client_secret, 'api-base': config.url, locale: 'en-US', 'show-brands': '', 'preferred-network': 'CartesBancaires' };
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    element.style.width = '440px';
    const log = new EventLog(element);
    document.body.append(element);
    try {
      // the element takes its attributes in a microtask: then the placeholder holds the form with its row of marks
      await Promise.resolve();
      await Promise.resolve();
      const reserved = element.shadowRoot!.querySelector<HTMLElement>('[part=placeholder]')?.getBoundingClientRect().height;
      expect(reserved).to.equal(372 + 38);
      expect(new URL(frameOf(element).src).searchParams.get('show'), 'the row is in the frame’s first paint').to.equal('brands');
      await log.wait('tender-ready');
      let seen = await extras();
      await waitUntil(async () => (seen = await extras()).accepted.length > 0, 'no accepted networks in the frame', { timeout: 8000 });
      expect(seen.accepted).to.include.members(['Visa', 'Mastercard', 'Cartes Bancaires']);
      expect(Math.abs(frameOf(element).getBoundingClientRect().height - reserved!), 'the frame shows at the reserved height').to.be.below(1);
      await inFrame({ action: 'type', field: 'number', text: CB_VISA });
      await waitUntil(async () => (seen = await extras()).options.length === 2, 'no network choice in the frame', { timeout: 8000 });
      expect(seen.options).to.deep.equal([
        { name: 'Visa', checked: false },
        { name: 'Cartes Bancaires', checked: true },
      ]);
      expect(plain(seen.badge!)).to.equal('Card brand: Cartes Bancaires');
      await payOnCartesBancaires(log, payment.payment_id);
    } finally {
      element.remove();
    }
  });
});

describe('the frame takes show-brands and preferred-network from the host’s configuration', () => {
  let form: TenderCardForm | null = null;
  afterEach(() => {
    form?.remove();
    form = null;
  });

  /** The frame's script in this page, its parent played by the test (see frame-bridge.test.ts). */
  async function connected(query: string) {
    const config = await sandboxConfig();
    const listeners: ((event: MessageEvent) => void)[] = [];
    const parent = { postMessage: () => undefined };
    const win = {
      document,
      parent,
      location: { href: `${location.origin}/frame/card${query}` },
      addEventListener: (_type: string, listener: (event: MessageEvent) => void) => listeners.push(listener),
    } as unknown as Window;
    form = startFrame({ window: win, apiBase: config.url });
    const channel = new MessageChannel();
    for (const listener of listeners) listener({ source: parent, data: message({ type: 'connect' }), ports: [channel.port2] } as unknown as MessageEvent);
    const tell = (body: Record<string, unknown> & { type: string }) => channel.port1.postMessage(message(body));
    return { form, tell, config };
  }

  const configOf = (publishableKey: string, clientSecret: string, more: Partial<FrameConfig>): FrameConfig => ({
    publishableKey,
    clientSecret,
    returnUrl: 'https://shop.example/return',
    pageUrl: 'https://shop.example/checkout',
    locale: 'en',
    threeDs: 'modal',
    theme: '',
    appearance: null,
    messages: {},
    hideButton: false,
    hideName: false,
    disabled: false,
    requestTimeout: 0,
    variables: {},
    ...more,
  });

  const accepted = (frameForm: TenderCardForm) => [...frameForm.renderRoot.querySelectorAll('[part=brands] [role=img]')].map((mark) => mark.getAttribute('aria-label'));

  it('?show=brands keeps the row from the first paint; the configuration fills it with the merchant’s networks', async () => {
    const payment = await createPayment({ amount: 900, currency: 'EUR' });
    const { publishableKey } = await sandboxConfig();
    const { form: frameForm, tell } = await connected(`?key=${publishableKey}&show=brands`);
    await frameForm.updateComplete;
    const row = frameForm.renderRoot.querySelector<HTMLElement>('[part=brands]');
    expect(row, 'the row is there before the host configures the frame').not.to.equal(null);
    const reserved = row!.getBoundingClientRect();
    expect(reserved.height).to.be.above(20);
    tell({ type: 'configure', config: configOf(publishableKey, payment.client_secret, { showBrands: true }) });
    await waitUntil(() => accepted(frameForm).length > 0, 'no accepted networks', { timeout: 8000 });
    expect(accepted(frameForm)).to.include.members(['Visa', 'Mastercard', 'Cartes Bancaires']);
    // filled, the row is as tall as it was kept empty: nothing below it moves
    const filled = frameForm.renderRoot.querySelector<HTMLElement>('[part=brands]')!.getBoundingClientRect();
    expect([filled.top, filled.height]).to.deep.equal([reserved.top, reserved.height]);
  });

  it('a host that sends neither shows no accepted networks; preferred-network makes Cartes Bancaires the default', async () => {
    const payment = await createPayment({ amount: 900, currency: 'EUR' });
    const { publishableKey } = await sandboxConfig();
    const { form: frameForm, tell } = await connected(`?key=${publishableKey}`);
    tell({ type: 'configure', config: configOf(publishableKey, payment.client_secret, {}) });
    await waitUntil(() => frameForm.clientSecret === payment.client_secret, 'not configured');
    await frameForm.updateComplete;
    expect(frameForm.renderRoot.querySelector('[part=brands]')).to.equal(null);
    tell({ type: 'configure', config: configOf(publishableKey, payment.client_secret, { preferredNetwork: 'CartesBancaires' }) });
    await waitUntil(() => frameForm.preferredNetwork === 'CartesBancaires', 'preferred-network not taken');
    frameForm.focus();
    await sendKeys({ type: CB_VISA.slice(0, 8) });
    await waitUntil(() => frameForm.renderRoot.querySelectorAll('fieldset[part=network] input').length === 2, 'no network choice', { timeout: 8000 });
    const checked = [...frameForm.renderRoot.querySelectorAll<HTMLInputElement>('fieldset[part=network] input')].map((radio) => [radio.value, radio.checked]);
    expect(checked).to.deep.equal([
      ['visa', false],
      ['cartes_bancaires', true],
    ]);
  });
});
