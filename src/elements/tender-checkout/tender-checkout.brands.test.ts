/**
 * Issue 25, items 11–13 (inline; the isolated frame: test/browser/isolated-brands.test.ts): the brand
 * mark of the detected network, the merchant's accepted networks before typing (`show-brands`), the
 * CVC hint (where the code is, with a small illustration, in the field's description), and the
 * network choice of a co-badged card (a radio group with both marks; the confirm sends `card_network`;
 * `preferred-network` sets the default).
 *
 * `show-brands` and `preferred-network` are set as attributes of the element, which passes them to the form.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { emulateMedia, executeServerCommand, sendKeys, setViewport } from '@web/test-runner-commands';
import '../../define.js';
import { CARD_NETWORK_IDS, networkName } from '../../card/index.js';
import { en, loadCatalogue } from '../../i18n/index.js';
import { PRESET_NAMES } from '../../themes/index.js';
import {
  accessibilityOf,
  announcements,
  EventLog,
  fillCard,
  focusedId,
  FUTURE_EXPIRY,
  hintOf,
  hintText,
  inputOf,
  mountCheckout,
  payButton,
  retrieveAsMerchant,
  root,
  typeInto,
  type MountOptions,
} from '../../../test/browser/checkout-harness.js';
import { networkError, restoreFetch, wrapFetch } from '../../../test/browser/fetch-wrapper.js';
import { createPayment, sandboxConfig } from '../../../test/browser/sandbox-config.js';
import type { TenderCardForm } from './card-form.js';
import type { TenderCheckout } from './tender-checkout.js';

/** The sandbox's co-badged test cards (README "Test cards"). */
const CB_VISA = '4000002500001001';
const CB_MASTERCARD = '5555552500001001';
const AMEX = '378282246310005';

const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u2066-\u2069]/g, '').replace(/\s+/g, ' ').trim();
const formOf = (element: TenderCheckout) => element.shadowRoot!.querySelector<TenderCardForm>('tender-card-form')!;
const badgeOf = (element: TenderCheckout) => root(element).querySelector<HTMLElement>('[part=brand]')!;
const choiceOf = (element: TenderCheckout) => root(element).querySelector<HTMLFieldSetElement>('fieldset[part=network]');
const radiosOf = (element: TenderCheckout) => [...root(element).querySelectorAll<HTMLInputElement>('fieldset[part=network] input[type=radio]')];
/** Each option of the network choice as shown: its visible name (beside the mark) and whether it is checked. */
const options = (element: TenderCheckout) => radiosOf(element).map((radio) => ({ name: plain(radio.closest('label')?.querySelector('span')?.textContent), checked: radio.checked }));

/** What Chromium's accessibility tree says of an element (web-test-runner's `ax-node` command). */
async function accessibleNode(target: Element): Promise<{ role: string; name: string }> {
  const probe = window as unknown as { __tenderAxProbe?: Element };
  probe.__tenderAxProbe = target;
  try {
    return (await executeServerCommand('ax-node')) as { role: string; name: string };
  } finally {
    delete probe.__tenderAxProbe;
  }
}
const acceptedOf = (element: TenderCheckout) => [...root(element).querySelectorAll('[part=brands] [role=img]')].map((mark) => mark.getAttribute('aria-label'));

/** The element's `show-brands` and `preferred-network`, set once it is ready. */
interface FormSettings {
  showBrands?: boolean;
  preferredNetwork?: string;
}

async function ready(options: MountOptions & { form?: FormSettings } = {}) {
  const mounted = await mountCheckout(options);
  await mounted.log.wait('tender-ready');
  await apply(mounted.element, options.form ?? {});
  return mounted;
}

async function apply(element: TenderCheckout, settings: FormSettings) {
  if (settings.showBrands !== undefined) element.toggleAttribute('show-brands', settings.showBrands);
  if (settings.preferredNetwork !== undefined) element.setAttribute('preferred-network', settings.preferredNetwork);
  await element.updateComplete;
}

/** Waits until the network choice shows (the merchant's networks are asked for once the BIN is typed). */
async function choiceShown(element: TenderCheckout) {
  await waitUntil(() => choiceOf(element) !== null, 'no network choice', { timeout: 5000 });
  await element.updateComplete;
}

/** The networks the sandbox's payment-method list names for this payment, as the form names them. */
async function listedNetworks(clientSecret: string): Promise<string[]> {
  const { url, publishableKey } = await sandboxConfig();
  const response = await fetch(`${url}/account/payment_methods?client_secret=${encodeURIComponent(clientSecret)}`, { headers: { 'api-key': publishableKey } });
  const list = (await response.json()) as { payment_methods: { payment_method: string; payment_method_types: { card_networks: { card_network: string }[] | null }[] }[] };
  const names = new Set(list.payment_methods.filter((m) => m.payment_method === 'card').flatMap((m) => m.payment_method_types.flatMap((t) => (t.card_networks ?? []).map((e) => e.card_network))));
  return CARD_NETWORK_IDS.filter((network) => names.has(networkName(network).replace(/ /g, ''))).map(networkName);
}

/** Records the JSON body of each confirm this page sends (the network goes in it), and lets it through. */
function recordConfirms(): { bodies: Record<string, unknown>[]; restore: () => void } {
  const original = window.fetch;
  const bodies: Record<string, unknown>[] = [];
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    if (/\/confirm$/.test(String(input)) && typeof init?.body === 'string') bodies.push(JSON.parse(init.body) as Record<string, unknown>);
    return original(input, init);
  };
  return { bodies, restore: () => (window.fetch = original) };
}
const sentNetwork = (body: Record<string, unknown> | undefined) => (body?.payment_method_data as { card: { card_network: unknown } } | undefined)?.card.card_network;
const paidNetwork = async (paymentId: string) => ((await retrieveAsMerchant(paymentId)).payment_method_data as { card: { card_network: string | null } }).card.card_network;

describe('<tender-checkout> brand marks, CVC help and network choice (issue 25, items 11–13)', () => {
  afterEach(async () => {
    restoreFetch();
    await setViewport({ width: 800, height: 600 });
    await emulateMedia({ colorScheme: 'light', forcedColors: 'none' });
  });

  it('is accessible with the accepted networks, a co-badged card’s network choice and the CVC hint', async function () {
    this.timeout(30000); // several mounts, payments or axe runs: room on a busy machine
    const { element } = await ready({ form: { showBrands: true } });
    await waitUntil(() => acceptedOf(element).length > 0, 'no accepted networks');
    await typeInto(element, 'number', CB_VISA);
    await choiceShown(element);
    await expect(element).to.be.accessible();
  });

  describe('defaults', () => {
    it('shows no mark, no accepted networks and no choice before a number is typed; the CVC hint says the back', async () => {
      const { element } = await ready();
      expect(badgeOf(element).hidden).to.equal(true);
      expect(root(element).querySelector('[part=brands]')).to.equal(null);
      expect(choiceOf(element)).to.equal(null);
      expect(hintText(element, 'cvc')).to.equal(en.cvcBack);
    });

    it('asks for no payment-method list without show-brands or a co-badged number', async () => {
      const requests: string[] = [];
      const original = window.fetch;
      window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
        requests.push(String(input));
        return original(input, init);
      };
      try {
        const { element } = await ready();
        await fillCard(element, { number: '4242424242424242' });
        await element.updateComplete;
        expect(requests.filter((url) => url.includes('/account/payment_methods'))).to.deep.equal([]);
      } finally {
        window.fetch = original;
      }
    });
  });

  describe('item 11: brand marks', () => {
    it('the detected brand is an SVG mark named by its text alternative, and describes the number', async () => {
      const { element } = await ready();
      await typeInto(element, 'number', '4242');
      await element.updateComplete;
      const badge = badgeOf(element);
      expect(badge.hidden).to.equal(false);
      expect(badge.getAttribute('role')).to.equal('img');
      expect(plain(badge.getAttribute('aria-label'))).to.equal('Card brand: Visa');
      const mark = badge.querySelector('svg.mark')!;
      expect(mark.getAttribute('aria-hidden')).to.equal('true');
      expect(plain(badge.textContent)).to.equal('VISA'); // the lettering of the mark, hidden from assistive technology
      expect(plain((await accessibilityOf(element, 'number')).description)).to.equal('Card brand: Visa');
    });

    it('follows the number: American Express, then nothing once the number is gone', async () => {
      const { element } = await ready();
      await typeInto(element, 'number', '37');
      await element.updateComplete;
      expect(plain(badgeOf(element).getAttribute('aria-label'))).to.equal('Card brand: American Express');
      inputOf(element, 'number').select();
      await sendKeys({ press: 'Backspace' });
      await element.updateComplete;
      expect(badgeOf(element).hidden).to.equal(true);
      expect(badgeOf(element).querySelector('svg')).to.equal(null);
    });

    it('every network has a mark of its own, drawn in the number field without covering the digits', async function () {
      this.timeout(30000); // several mounts, payments or axe runs: room on a busy machine
      const { element } = await ready();
      const drawn = new Set<string>();
      for (const number of ['4242', '5555', '3782', '6011', '3056', '3566', '6200', '6759', '6522', '6362', '606282', '2200', '5061', '9792']) {
        inputOf(element, 'number').select();
        await sendKeys({ type: number });
        await element.updateComplete;
        const mark = badgeOf(element).querySelector('svg.mark');
        expect(mark, number).not.to.equal(null);
        drawn.add(badgeOf(element).innerHTML.replace(/<!--[^]*?-->/g, ''));
        const input = inputOf(element, 'number').getBoundingClientRect();
        const box = mark!.getBoundingClientRect();
        expect(box.width, number).to.be.within(28, 48);
        expect(box.right, number).to.be.at.most(input.right);
        expect(box.top, number).to.be.at.least(input.top);
      }
      expect(drawn.size).to.equal(14);
    });

    it('forced colours: the mark keeps its colours, as an image does, and is outlined in the system colour', async () => {
      const { element } = await ready();
      await typeInto(element, 'number', '5555');
      await element.updateComplete;
      await emulateMedia({ forcedColors: 'active' });
      const mark = badgeOf(element).querySelector('svg.mark')!;
      const style = getComputedStyle(mark);
      expect(style.forcedColorAdjust).to.equal('none');
      expect(style.outlineStyle).to.equal('solid');
      expect(getComputedStyle(mark.querySelector('circle')!).fill).to.equal('rgb(235, 0, 27)');
    });
  });

  describe('item 11: the accepted networks before typing (show-brands)', () => {
    it("lists the networks of the merchant's payment-method list, each mark named, in a list named Accepted cards", async () => {
      const { element, payment } = await ready({ form: { showBrands: true } });
      const expected = await listedNetworks(payment.client_secret);
      expect(expected).to.include.members(['Visa', 'Mastercard', 'American Express', 'Cartes Bancaires']);
      await waitUntil(() => acceptedOf(element).length > 0, 'no accepted networks');
      expect(acceptedOf(element)).to.deep.equal(expected);
      const list = root(element).querySelector('[part=brands] ul')!;
      expect(list.getAttribute('aria-label')).to.equal(en.acceptedBrands);
      expect(list.querySelectorAll('svg[aria-hidden=true]').length).to.equal(expected.length);
    });

    it('keeps its row from the first paint: the form does not grow when the list arrives, and fits 320 px on one row', async () => {
      await setViewport({ width: 320, height: 640 });
      const { element } = await ready();
      const form = root(element).querySelector('form')!;
      const before = form.getBoundingClientRect().height;
      const heights: number[] = [];
      const observer = new ResizeObserver(() => heights.push(form.getBoundingClientRect().height));
      element.toggleAttribute('show-brands', true);
      await element.updateComplete;
      const reserved = form.getBoundingClientRect().height;
      expect(reserved).to.be.above(before);
      observer.observe(form);
      await waitUntil(() => acceptedOf(element).length > 0, 'no accepted networks');
      await element.updateComplete;
      observer.disconnect();
      expect(form.getBoundingClientRect().height).to.equal(reserved);
      expect(heights.every((height) => height === reserved), heights.join(', ')).to.equal(true);
      const marks = [...root(element).querySelectorAll('[part=brands] li')].map((item) => item.getBoundingClientRect());
      expect(new Set(marks.map((box) => Math.round(box.top))).size, 'one row').to.equal(1);
      expect(document.documentElement.scrollWidth).to.be.at.most(320);
    });

    it('in a preview, shows sample networks without asking the API', async () => {
      const element = document.createElement('tender-checkout');
      element.setAttribute('preview', 'empty');
      element.setAttribute('locale', 'en');
      document.body.append(element);
      try {
        await element.updateComplete;
        await apply(element, { showBrands: true });
        expect(acceptedOf(element)).to.deep.equal(['Visa', 'Mastercard', 'American Express', 'Discover', 'Cartes Bancaires']);
      } finally {
        element.remove();
      }
    });
    it('attributes set before the element connects: the form gets both, and the placeholder holds the taller form', async () => {
      const config = await sandboxConfig();
      const payment = await createPayment({ amount: 1099, currency: 'EUR' }, config);
      const element = document.createElement('tender-checkout');
      const attributes = { inline: '', 'publishable-key': config.publishableKey, 'client-secret': payment.client_secret, 'api-base': config.url, locale: 'en-US', 'show-brands': '', 'preferred-network': 'CartesBancaires' };
      for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
      element.style.width = '440px';
      const log = new EventLog(element);
      document.body.append(element);
      try {
        // the element takes its attributes in a microtask: then, before the form shows, the placeholder
        // reserves the default look's height plus the row of marks
        await Promise.resolve();
        await Promise.resolve();
        const reserved = element.shadowRoot!.querySelector<HTMLElement>('[part=placeholder]')?.getBoundingClientRect().height;
        expect(reserved).to.equal(372 + 38);
        await log.wait('tender-ready');
        await element.updateComplete;
        expect(formOf(element).showBrands).to.equal(true);
        expect(formOf(element).preferredNetwork).to.equal('CartesBancaires');
        await waitUntil(() => acceptedOf(element).length > 0, 'no accepted networks');
        expect(Math.abs(element.getBoundingClientRect().height - reserved!), 'the form shows at the reserved height').to.be.below(1);
        // and a change of the attribute goes on passing through
        element.removeAttribute('show-brands');
        await element.updateComplete;
        expect(root(element).querySelector('[part=brands]')).to.equal(null);
      } finally {
        element.remove();
      }
    });
  });

  describe('item 12: CVC help', () => {
    it("is part of the CVC's description: 3 digits on the back, with a drawing of a card's back", async () => {
      const { element } = await ready();
      expect(inputOf(element, 'cvc').getAttribute('aria-describedby')!.split(' ')).to.include('cvc-hint');
      expect(plain((await accessibilityOf(element, 'cvc')).description)).to.equal(en.cvcBack);
      const art = hintOf(element, 'cvc')!.querySelector('svg.cvc-art')!;
      expect(art.getAttribute('aria-hidden')).to.equal('true');
      // the back: a magnetic stripe across the card
      expect(art.querySelector('rect[y="5"][width="38"]')).not.to.equal(null);
    });

    it('says 4 digits on the front, and draws the front, once the number is an American Express; with an error, which says the same, the hint is not read again', async () => {
      const { element } = await ready();
      await typeInto(element, 'number', AMEX);
      await element.updateComplete;
      expect(hintText(element, 'cvc')).to.equal(en.cvcFront);
      expect(hintOf(element, 'cvc')!.querySelector('svg.cvc-art rect[y="5"][width="38"]')).to.equal(null);
      await typeInto(element, 'expiry', FUTURE_EXPIRY);
      await typeInto(element, 'cvc', '123');
      inputOf(element, 'cvc').blur();
      await element.updateComplete;
      expect(plain((await accessibilityOf(element, 'cvc')).description)).to.equal(en['error.cvc.front'].replace('{brand}', 'American Express'));
      expect(hintText(element, 'cvc')).to.equal(en.cvcFront);
    });

    it('is translated (de) and laid out in its own direction (ar), the drawing on the start side', async () => {
      const de = await loadCatalogue('de');
      const german = await ready({ attributes: { locale: 'de' } });
      expect(hintText(german.element, 'cvc')).to.equal(de.cvcBack);
      german.element.remove();
      const ar = await loadCatalogue('ar');
      const arabic = await ready({ attributes: { locale: 'ar' } });
      expect(hintText(arabic.element, 'cvc')).to.equal(ar.cvcBack);
      const hint = hintOf(arabic.element, 'cvc')!;
      const art = hint.querySelector('.art')!.getBoundingClientRect();
      expect(art.right).to.be.closeTo(hint.getBoundingClientRect().right, 1);
    });

    it('keeps the room of the drawing before it is drawn (the hint does not reflow when the illustration arrives)', async () => {
      const { element } = await ready();
      const room = hintOf(element, 'cvc')!.querySelector('.art')!;
      const box = room.getBoundingClientRect();
      const art = room.querySelector('svg')!.getBoundingClientRect();
      expect([art.width, art.height]).to.deep.equal([box.width, box.height]);
      expect(getComputedStyle(room).width).to.not.equal('auto');
    });
  });

  describe('item 13: the network choice of a co-badged card', () => {
    it('offers both networks as a radio group with both marks, the brand checked, said once when it appears', async () => {
      const { element } = await ready();
      const said = announcements(element);
      await typeInto(element, 'number', CB_VISA.slice(0, 8));
      await choiceShown(element);
      const choice = choiceOf(element)!;
      expect(plain(choice.querySelector('legend')?.textContent)).to.equal(en.network);
      expect(options(element)).to.deep.equal([
        { name: 'Visa', checked: true },
        { name: 'Cartes Bancaires', checked: false },
      ]);
      expect(choice.querySelectorAll('svg.mark[aria-hidden=true]').length).to.equal(2);
      // each radio is named by the network's name only (the mark's lettering is hidden)
      const names = [];
      for (const radio of radiosOf(element)) names.push(await accessibleNode(radio));
      expect(names.map(({ role, name }) => `${role} ${name}`)).to.deep.equal(['radio Visa', 'radio Cartes Bancaires']);
      expect((await accessibleNode(choice)).name).to.equal(en.network);
      expect(radiosOf(element).every((radio) => radio.name === 'network')).to.equal(true);
      expect(said.filter((text) => text === en.network)).to.have.length(1);
      // more digits of the same card: no new announcement, the choice stays
      await sendKeys({ type: CB_VISA.slice(8) });
      await element.updateComplete;
      expect(said.filter((text) => text === en.network)).to.have.length(1);
      expect(options(element).map((option) => option.name)).to.deep.equal(['Visa', 'Cartes Bancaires']);
    });

    it('keyboard: Tab reaches the choice, an arrow picks Cartes Bancaires, the mark in the number field follows, and the payment goes on it', async function () {
      this.timeout(30000); // several mounts, payments or axe runs: room on a busy machine
      const { element, payment } = await ready();
      await typeInto(element, 'number', CB_MASTERCARD.slice(0, 12));
      await choiceShown(element);
      await sendKeys({ type: CB_MASTERCARD.slice(12) }); // complete: focus moves on to the expiry by itself
      await element.updateComplete;
      expect(focusedId(element)).to.equal('expiry');
      await sendKeys({ press: 'Shift+Tab' });
      expect((root(element).activeElement as HTMLInputElement).value).to.equal('mastercard');
      await sendKeys({ press: 'ArrowRight' });
      await element.updateComplete;
      expect(options(element)).to.deep.equal([
        { name: 'Mastercard', checked: false },
        { name: 'Cartes Bancaires', checked: true },
      ]);
      expect(plain(badgeOf(element).getAttribute('aria-label'))).to.equal('Card brand: Cartes Bancaires');
      await sendKeys({ press: 'Tab' });
      expect(focusedId(element)).to.equal('expiry');
      await sendKeys({ type: FUTURE_EXPIRY });
      await sendKeys({ type: '123' });
      const confirms = recordConfirms();
      try {
        payButton(element).focus();
        await sendKeys({ press: 'Enter' });
        await waitUntil(() => confirms.bodies.length === 1, 'no confirm');
      } finally {
        confirms.restore();
      }
      expect(sentNetwork(confirms.bodies[0])).to.equal('CartesBancaires');
      await waitUntil(async () => (await retrieveAsMerchant(payment.payment_id)).status === 'succeeded', 'not paid', { timeout: 8000 });
      expect(await paidNetwork(payment.payment_id)).to.equal('CartesBancaires');
    });

    it("without a choice the card goes on its brand's network", async () => {
      const { element, payment, log } = await ready();
      await fillCard(element, { number: CB_VISA });
      const confirms = recordConfirms();
      try {
        payButton(element).click();
        await log.wait('tender-result');
      } finally {
        confirms.restore();
      }
      expect(sentNetwork(confirms.bodies[0])).to.equal('Visa');
      expect(await paidNetwork(payment.payment_id)).to.equal('Visa');
    });

    it('preferred-network makes Cartes Bancaires the default; the customer can still pick the other', async function () {
      this.timeout(30000); // several mounts, payments or axe runs: room on a busy machine
      const { element, payment, log } = await ready({ form: { preferredNetwork: 'CartesBancaires' } });
      await typeInto(element, 'number', CB_VISA);
      await choiceShown(element);
      expect(options(element)).to.deep.equal([
        { name: 'Visa', checked: false },
        { name: 'Cartes Bancaires', checked: true },
      ]);
      await typeInto(element, 'expiry', FUTURE_EXPIRY);
      await typeInto(element, 'cvc', '123');
      payButton(element).click();
      await log.wait('tender-result');
      expect(await paidNetwork(payment.payment_id)).to.equal('CartesBancaires');

      // the card module's own name works too, and a network the card is not on changes nothing
      const other = await ready({ form: { preferredNetwork: 'cartes_bancaires' } });
      await typeInto(other.element, 'number', CB_VISA.slice(0, 8));
      await choiceShown(other.element);
      expect(options(other.element)[1]!.checked).to.equal(true);
      await apply(other.element, { preferredNetwork: 'Mastercard' });
      expect(options(other.element)[0]!.checked).to.equal(true);
      radiosOf(other.element)[1]!.click();
      await other.element.updateComplete;
      expect(options(other.element)[1]!.checked).to.equal(true);
    });

    it('a merchant whose networks do not include Cartes Bancaires gets no choice: the card goes on Visa', async function () {
      this.timeout(30000); // several mounts, payments or axe runs: room on a busy machine
      // a merchant configuration the sandbox does not have: its list without Cartes Bancaires
      wrapFetch((call) =>
        call.url.includes('/account/payment_methods')
          ? call.forward().then(async (response) => {
              const list = (await response.json()) as { payment_methods: { payment_method_types: { card_networks: { card_network: string }[] | null }[] }[] };
              for (const method of list.payment_methods) {
                for (const type of method.payment_method_types) type.card_networks = type.card_networks?.filter((entry) => entry.card_network !== 'CartesBancaires') ?? null;
              }
              return new Response(JSON.stringify(list), { status: 200, headers: { 'content-type': 'application/json' } });
            })
          : undefined,
      );
      const { element, payment, log } = await ready({ form: { showBrands: true } });
      await waitUntil(() => acceptedOf(element).length > 0, 'no accepted networks');
      expect(acceptedOf(element)).not.to.include('Cartes Bancaires');
      await fillCard(element, { number: CB_VISA });
      await element.updateComplete;
      expect(choiceOf(element)).to.equal(null);
      payButton(element).click();
      await log.wait('tender-result');
      expect(await paidNetwork(payment.payment_id)).to.equal('Visa');
    });

    it("when the merchant's networks cannot be known, both of the card's networks are offered", async () => {
      wrapFetch((call) => (call.url.includes('/account/payment_methods') ? networkError() : undefined));
      const { element } = await ready();
      await typeInto(element, 'number', CB_VISA.slice(0, 8));
      await choiceShown(element);
      expect(options(element).map((option) => option.name)).to.deep.equal(['Visa', 'Cartes Bancaires']);
    });

    it('shows no choice for a card of one network, and takes it away when the number changes', async () => {
      const { element } = await ready();
      await typeInto(element, 'number', '4242424242424242');
      await element.updateComplete;
      expect(choiceOf(element)).to.equal(null);
      inputOf(element, 'number').select();
      await sendKeys({ type: CB_VISA.slice(0, 8) });
      await choiceShown(element);
      inputOf(element, 'number').select();
      await sendKeys({ type: '4242' });
      await element.updateComplete;
      expect(choiceOf(element)).to.equal(null);
      expect(plain(badgeOf(element).getAttribute('aria-label'))).to.equal('Card brand: Visa');
    });

    it('with floating and hidden labels the options stay visible, in place and at least 24 px high', async () => {
      for (const labels of ['floating', 'hidden'] as const) {
        const { element } = await ready({ configure: (checkout) => (checkout.appearance = { labels }) });
        await typeInto(element, 'number', CB_VISA.slice(0, 8));
        await choiceShown(element);
        const choices = [...root(element).querySelectorAll<HTMLLabelElement>('fieldset[part=network] label')];
        expect(choices, labels).to.have.length(2); // Visa and Cartes Bancaires: none would pass the loop unchecked
        for (const label of choices) {
          const box = label.getBoundingClientRect();
          expect(getComputedStyle(label).position, labels).to.equal('relative');
          expect(box.width, labels).to.be.above(60);
          expect(box.height, labels).to.be.at.least(24);
          expect(getComputedStyle(label).clipPath, labels).to.equal('none');
        }
        element.remove();
      }
    });

    it('in Arabic at 320 px: right to left, translated, nothing scrolls sideways, and axe passes', async function () {
      this.timeout(30000); // several mounts, payments or axe runs: room on a busy machine
      await setViewport({ width: 320, height: 640 });
      const ar = await loadCatalogue('ar');
      const { element } = await ready({ attributes: { locale: 'ar' }, form: { showBrands: true } });
      await typeInto(element, 'number', CB_VISA.slice(0, 8));
      await choiceShown(element);
      const choice = choiceOf(element)!;
      expect(getComputedStyle(choice).direction).to.equal('rtl');
      expect(plain(choice.querySelector('legend')?.textContent)).to.equal(ar.network);
      const [first, second] = [...choice.querySelectorAll('label')].map((label) => label.getBoundingClientRect());
      expect(first!.left).to.be.above(second!.left); // the first option on the right
      expect(document.documentElement.scrollWidth).to.be.at.most(320);
      await expect(element).to.be.accessible();
    });

    it('is accessible in every preset, light and dark, and in forced colours the checked option is marked without colour alone', async function () {
      this.timeout(30000); // several mounts, payments or axe runs: room on a busy machine
      for (const theme of PRESET_NAMES) {
        for (const colorScheme of ['light', 'dark'] as const) {
          const { element } = await ready({ configure: (checkout) => (checkout.appearance = { theme, colorScheme }) });
          await typeInto(element, 'number', CB_VISA.slice(0, 8));
          await choiceShown(element);
          await expect(element, `${theme} ${colorScheme}`).to.be.accessible();
          element.remove();
        }
      }
      const { element } = await ready();
      await typeInto(element, 'number', CB_VISA.slice(0, 8));
      await choiceShown(element);
      await emulateMedia({ forcedColors: 'active' });
      const [visa, cb] = [...root(element).querySelectorAll<HTMLLabelElement>('fieldset[part=network] label')];
      expect(getComputedStyle(visa!).borderTopWidth).to.equal('3px');
      expect(getComputedStyle(cb!).borderTopWidth).not.to.equal('3px');
    });
  });
});
