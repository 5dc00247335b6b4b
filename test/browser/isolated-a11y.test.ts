/**
 * Issue 25 in the isolated card frame (the default mode): focus after an outcome (defects 1 and 2), the
 * reason of a decline in the card number's description (6), a paste formatted before it is cut (5) and
 * the floating labels in forced colours (4). The frame is driven as a customer would, with real keys
 * and clicks through Playwright (the `card-frame` command of web-test-runner.config.mjs); the
 * inline form's tests are in src/elements/tender-checkout/.
 */
import { aTimeout, expect, waitUntil } from '@open-wc/testing';
import { emulateMedia, executeServerCommand, sendKeys } from '@web/test-runner-commands';
import '../../src/define.js';
import type { TenderCheckout } from '../../src/elements/tender-checkout/tender-checkout.js';
import { en } from '../../src/i18n/en.js';
import { PRESET_NAMES } from '../../src/themes/index.js';
import { CHALLENGE_CARD, DECLINED_CARD, FUTURE_EXPIRY, mountCheckout, type MountOptions } from './checkout-harness.js';

interface FrameView {
  fields: Record<string, string>;
  errors: Record<string, string>;
  status: string;
  focused: string;
}

const inFrame = <T = boolean>(payload: Record<string, unknown>) => executeServerCommand<T, Record<string, unknown>>('card-frame', payload) as Promise<T>;
const read = () => inFrame<FrameView>({ action: 'read' });

/** A checkout in its isolated frame with the 3-D Secure modal, and a page button after it (where a Tab out of it goes). */
async function mountIsolated(options: MountOptions = {}) {
  const mounted = await mountCheckout({
    ...options,
    mode: 'isolated',
    attributes: { 'three-ds': 'modal', 'return-url': location.href.split('#')[0]!, ...options.attributes },
  });
  const after = document.createElement('button');
  after.textContent = 'After';
  mounted.element.after(after);
  await mounted.log.wait('tender-ready', 1, 20000);
  return { ...mounted, after };
}

/** Types a card in the frame with the keyboard (focus moves on by itself), then Tab, Tab (to Pay) and Enter. */
async function payWithKeyboard(number: string) {
  await inFrame({ action: 'type', field: 'number', text: number });
  await inFrame({ action: 'keys', text: `${FUTURE_EXPIRY}123` });
  await inFrame({ action: 'press', key: 'Tab' });
  await inFrame({ action: 'press', key: 'Tab' });
  expect((await read()).focused, 'the keyboard reached the pay button').to.equal('button');
  await inFrame({ action: 'press', key: 'Enter' });
}

/** Resolves once the challenge page in the host's dialog has loaded (set before paying: `load` does not bubble). */
function challengePageLoaded(element: TenderCheckout): Promise<void> {
  return new Promise((resolve) => {
    const root = element.shadowRoot!;
    root.addEventListener(
      'load',
      function loaded(event) {
        if (!(event.target as Element).closest?.('dialog')) return;
        root.removeEventListener('load', loaded, { capture: true });
        resolve();
      },
      { capture: true },
    );
  });
}

/** Pays into the challenge and answers it with the keyboard: Tab from Close into the page (Complete, then Reject), Enter. */
async function challengeWithKeyboard(element: TenderCheckout, choice: 'Complete' | 'Reject') {
  const loaded = challengePageLoaded(element);
  await payWithKeyboard(CHALLENGE_CARD);
  await waitUntil(() => element.shadowRoot!.querySelector('dialog[open]'), 'no dialog opened on the host', { timeout: 8000 });
  await loaded;
  await sendKeys({ press: 'Tab' });
  if (choice === 'Reject') await sendKeys({ press: 'Tab' });
  await sendKeys({ press: 'Enter' });
}

describe('<tender-checkout> isolated: issue 25', () => {
  describe('defect 1: a 3-D Secure challenge that succeeds', () => {
    it('leaves focus on the confirmation in the frame, and the next Tab leaves the widget forward', async function () {
      this.timeout(40000);
      const { element, log, after } = await mountIsolated();
      await challengeWithKeyboard(element, 'Complete');
      expect((await log.wait('tender-result')).detail.status).to.equal('succeeded');
      await waitUntil(async () => (await read()).focused === 'status', 'focus is not on the confirmation in the frame', { timeout: 3000 });
      // the page's focus is on the card frame, the element's light-DOM child
      expect(document.activeElement).to.equal(element.querySelector(':scope > iframe[slot=frame]'));
      expect((await read()).status).to.equal(en['status.succeeded']);
      await sendKeys({ press: 'Tab' });
      expect(document.activeElement, 'the next Tab left the widget forward').to.equal(after);
    });
  });

  describe('defect 2: one place after an outcome, and no focus move the customer did not ask for', () => {
    it('after a rejected challenge focus is on the card number at once, and stays with what the customer types', async function () {
      this.timeout(40000);
      const { element, log } = await mountIsolated();
      await challengeWithKeyboard(element, 'Reject');
      expect((await log.wait('tender-result')).detail).to.include({ status: 'failed', errorCode: 'authentication_failed' });
      await waitUntil(async () => (await read()).focused === 'number', 'focus is not on the card number', { timeout: 1500 });
      await inFrame({ action: 'press', key: 'ControlOrMeta+A' });
      await inFrame({ action: 'keys', text: '4242424242424242' });
      await aTimeout(400);
      const view = await read();
      expect(view.fields.number).to.equal('4242 4242 4242 4242');
      expect(view.focused, 'a complete number moves on to the expiry, and nothing else moved focus').to.equal('expiry');
    });

    it('a decline leaves focus where the customer put it while the confirm was in flight', async function () {
      this.timeout(30000);
      const { log } = await mountIsolated();
      await inFrame({ action: 'hold-next-confirm' });
      await payWithKeyboard(DECLINED_CARD);
      await log.wait('tender-submit');
      await inFrame({ action: 'press', key: 'Shift+Tab' });
      expect((await read()).focused).to.equal('name');
      await inFrame({ action: 'release-confirm' });
      await log.wait('tender-result');
      await aTimeout(400);
      expect((await read()).focused, 'the outcome moved focus the customer had moved').to.equal('name');
    });
  });

  describe('defect 4: floating labels in forced colours', () => {
    afterEach(() => emulateMedia({ forcedColors: 'none' }));

    it('no placeholder is drawn under a resting label in the frame, in every preset', async function () {
      this.timeout(60000);
      await emulateMedia({ forcedColors: 'active' });
      for (const theme of PRESET_NAMES) {
        const { element } = await mountIsolated({ configure: (checkout) => (checkout.appearance = { theme, labels: 'floating' }) });
        type Painted = { forcedColors: boolean; floating: boolean; fields: Record<string, { color: string; opacity: string }> };
        // the frame applies the appearance after it connected: wait until its floating labels are in
        await waitUntil(async () => (await inFrame<Painted>({ action: 'placeholders' })).floating, `${theme}: no floating labels in the frame`, { timeout: 4000 });
        const painted = await inFrame<Painted>({ action: 'placeholders' });
        expect(painted.forcedColors, 'forced colours reach the frame').to.equal(true);
        for (const id of ['number', 'expiry', 'cvc']) {
          const { color, opacity } = painted.fields[id]!;
          expect(opacity === '0' || /^rgba\(.*,\s*0\)$/.test(color), `${theme} ${id}: drawn in ${color} at opacity ${opacity}`).to.equal(true);
        }
        element.remove();
      }
    });
  });

  describe('defect 5: a paste (Ctrl+V) is formatted before it is cut to the field’s length', () => {
    it('"12 / 2030" in the expiry is 12 / 30 and "4242 - 4242 - 4242 - 4242" in the number the whole number, both valid', async () => {
      const { log } = await mountIsolated();
      await inFrame({ action: 'paste', field: 'number', text: '4242 - 4242 - 4242 - 4242' });
      await inFrame({ action: 'paste', field: 'expiry', text: '12 / 2030' });
      await inFrame({ action: 'paste', field: 'cvc', text: ' 123 ' });
      const view = await read();
      expect(view.fields).to.include({ number: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '123' });
      expect(view.errors).to.deep.equal({});
      await waitUntil(() => log.last('tender-change')?.detail.complete, 'the pasted card is not complete');
    });
  });

  describe('defect 6: the reason of a decline is in the description of the field focus lands on', () => {
    it('a plain decline: focus on the card number, whose description says why', async function () {
      this.timeout(30000);
      const { log } = await mountIsolated();
      expect((await inFrame<{ description: string }>({ action: 'ax', field: 'number' })).description).to.equal('');
      await payWithKeyboard(DECLINED_CARD);
      await log.wait('tender-result');
      await waitUntil(async () => (await read()).focused === 'number', 'focus is not on the card number', { timeout: 3000 });
      const number = await inFrame<{ name: string; description: string }>({ action: 'ax', field: 'number' });
      expect(number.name).to.equal(en.cardNumber);
      expect(number.description).to.contain(en['decline.card_declined']);
    });

    it('a rejected challenge: the same', async function () {
      this.timeout(40000);
      const { element, log } = await mountIsolated();
      await challengeWithKeyboard(element, 'Reject');
      await log.wait('tender-result');
      await waitUntil(async () => (await read()).focused === 'number', 'focus is not on the card number', { timeout: 3000 });
      expect((await inFrame<{ description: string }>({ action: 'ax', field: 'number' })).description).to.contain(en['decline.authentication_failed']);
    });
  });
});
