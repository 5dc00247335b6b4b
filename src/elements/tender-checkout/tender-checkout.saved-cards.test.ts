import { expect, waitUntil } from '@open-wc/testing';
import { executeServerCommand, sendKeys, setViewport } from '@web/test-runner-commands';
import '../../define.js';
import { merchantCall } from '../../../test/browser/sandbox-config.js';
import { fixture } from '@open-wc/testing';
import { CHALLENGE_CARD, challengeDialog, EventLog, fillCard, formOf, inputOf, mountCheckout, payButton, root, SUCCESS_CARD } from '../../../test/browser/checkout-harness.js';
import type { TenderCheckout } from '../../index.js';
import type { PreviewState } from './tender-checkout.js';
import type { SavedCard } from '../../api/schemas.js';
import { cardExpired, shownCards } from './saved-cards.js';

const YEAR = new Date().getFullYear() + 3;
const realFetch = window.fetch;

/** The confirm bodies the page sends while the test runs (read from the page's own requests). */
function captureConfirms(): Record<string, unknown>[] {
  const bodies: Record<string, unknown>[] = [];
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.method === 'POST' && /\/payments\/[^/]+\/confirm$/.test(new URL(String(input)).pathname)) {
      bodies.push(JSON.parse(String(init.body)) as Record<string, unknown>);
    }
    return realFetch(input, init);
  };
  return bodies;
}

let customers = 0;
/** A new customer of the demo merchant, on the merchant's server. */
async function newCustomer(): Promise<string> {
  const id = `cus_saved_${Date.now().toString(36)}_${(customers += 1)}`;
  const created = await merchantCall('POST', '/customers', { customer_id: id, name: 'Ada Lovelace' });
  expect(created.status).to.equal(200);
  return id;
}

/** A card saved for the customer by the merchant's server (on-session: the CVC is asked on return). */
async function saveCard(customerId: string, number: string, month = '12', year = String(YEAR)): Promise<void> {
  const saved = await merchantCall('POST', '/payment_methods', {
    payment_method: 'card',
    payment_method_type: 'credit',
    customer_id: customerId,
    card: { card_number: number, card_exp_month: month, card_exp_year: year, card_holder_name: 'Ada Lovelace' },
  });
  expect(saved.status, JSON.stringify(saved.body)).to.equal(200);
}

/** A card saved off-session (a subscription's first payment, confirmed by the merchant's server): no CVC on return. */
async function saveOffSession(customerId: string, number: string): Promise<void> {
  const created = await merchantCall('POST', '/payments', {
    amount: 500,
    currency: 'USD',
    customer_id: customerId,
    setup_future_usage: 'off_session',
    confirm: true,
    payment_method: 'card',
    payment_method_data: { card: { card_number: number, card_exp_month: '12', card_exp_year: String(YEAR), card_cvc: '123' } },
  });
  expect(created.body.status, JSON.stringify(created.body)).to.equal('succeeded');
}

/** A text without the bidirectional isolates the catalogue puts around its parameters. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u2066-\u2069]/g, '');
const radioName = (radio: HTMLInputElement) => plain(radio.getAttribute('aria-label') ?? radio.labels?.[0]?.textContent?.trim());
const radios = (element: TenderCheckout) => [...root(element).querySelectorAll<HTMLInputElement>('input[name=saved]')];
const radioNamed = (element: TenderCheckout, name: string) => radios(element).find((radio) => radioName(radio) === name);
const savedCvc = (element: TenderCheckout) => root(element).querySelector<HTMLInputElement>('#saved-cvc');
const saveBox = (element: TenderCheckout) => root(element).querySelector<HTMLInputElement>('#save-card');
const consentText = (element: TenderCheckout) => root(element).querySelector('[part=save-consent]')?.textContent?.trim() ?? '';
const numberShown = (element: TenderCheckout) => inputOf(element, 'number').checkVisibility();
const expiryText = `12/${String(YEAR % 100).padStart(2, '0')}`;

async function mountFor(customerId: string | null, create: Record<string, unknown> = {}, attributes: Record<string, string> = {}) {
  const mounted = await mountCheckout({ create: { amount: 1099, currency: 'USD', ...(customerId ? { customer_id: customerId } : {}), ...create }, attributes });
  await mounted.log.wait('tender-ready');
  await mounted.element.updateComplete;
  return mounted;
}

describe('<tender-checkout> saved cards', () => {
  afterEach(() => {
    window.fetch = realFetch;
  });

  it('is accessible with the saved cards and the save box', async () => {
    const customer = await newCustomer();
    await saveCard(customer, '4242424242424242');
    const { element } = await mountFor(customer);
    expect(radios(element)).to.have.length(2);
    await expect(element).to.be.accessible();
    radios(element).at(-1)!.click();
    await element.updateComplete;
    expect(saveBox(element)).not.to.equal(null);
    await expect(element).to.be.accessible();
  });

  describe('the list', () => {
    it('opens on the customer\'s cards, the most recent first, named "Visa ending in 4242, expires 12/YY", then "Use a new card"', async () => {
      const customer = await newCustomer();
      await saveCard(customer, '5555555555554444');
      await saveCard(customer, '4242424242424242');
      const { element } = await mountFor(customer);
      const group = root(element).querySelector('fieldset[part=saved-cards]')!;
      expect(group.querySelector('legend')!.textContent).to.equal('Saved cards');
      // the first card saved is the customer's default: it comes first
      expect(radios(element).map(radioName)).to.deep.equal([
        `Mastercard ending in 4444, expires ${expiryText}`,
        `Visa ending in 4242, expires ${expiryText}`,
        'Use a new card',
      ]);
      expect(radios(element)[0]!.checked).to.equal(true);
      expect(group.textContent).to.contain('•••• 4444');
      expect(numberShown(element)).to.equal(false);
      expect(savedCvc(element)!.checkVisibility()).to.equal(true);
      expect(saveBox(element), 'no save box for a saved card').to.equal(null);
    });

    it('shows nothing of the kind to a guest, nor to another customer', async () => {
      const owner = await newCustomer();
      await saveCard(owner, '4242424242424242');
      const guest = await mountFor(null);
      expect(radios(guest.element)).to.have.length(0);
      expect(saveBox(guest.element)).to.equal(null);
      expect(numberShown(guest.element)).to.equal(true);
      const stranger = await mountFor(await newCustomer());
      expect(radios(stranger.element)).to.have.length(0);
      expect(numberShown(stranger.element)).to.equal(true);
      expect(saveBox(stranger.element)!.checked).to.equal(false);
    });

    it('moves between cards with the arrow keys; "Use a new card" brings the card fields back', async () => {
      const customer = await newCustomer();
      await saveCard(customer, '4242424242424242');
      const { element, log } = await mountFor(customer);
      radios(element)[0]!.focus();
      await sendKeys({ press: 'ArrowDown' });
      await element.updateComplete;
      const newCard = radioNamed(element, 'Use a new card')!;
      expect(newCard.checked).to.equal(true);
      expect(root(element).activeElement).to.equal(newCard);
      expect(numberShown(element)).to.equal(true);
      expect(savedCvc(element)).to.equal(null);
      expect(log.last('tender-change')!.detail).to.include({ savedCard: false, complete: false });
      await sendKeys({ press: 'ArrowUp' });
      await element.updateComplete;
      expect(radios(element)[0]!.checked).to.equal(true);
      expect(numberShown(element)).to.equal(false);
      expect(log.last('tender-change')!.detail).to.deep.equal({ complete: false, empty: false, brand: 'visa', errors: {}, savedCard: true });
    });

    it('element.focus() goes to the chosen row of the saved cards (a card, or "Use a new card")', async () => {
      const customer = await newCustomer();
      await saveCard(customer, '4242424242424242');
      const { element } = await mountFor(customer);
      element.focus();
      expect(root(element).activeElement).to.equal(radios(element)[0]);
      radios(element).at(-1)!.click();
      await element.updateComplete;
      element.focus();
      expect(root(element).activeElement).to.equal(radios(element).at(-1));
    });

    it('fits 320 px and right to left', async () => {
      await setViewport({ width: 320, height: 800 });
      try {
        const customer = await newCustomer();
        await saveCard(customer, '4242424242424242');
        const { element } = await mountFor(customer, {}, { locale: 'ar' });
        const base = root(element).querySelector<HTMLElement>('[part=base]')!;
        expect(base.dir).to.equal('rtl');
        const group = root(element).querySelector<HTMLElement>('[part=saved-cards]')!;
        expect(group.querySelector('legend')!.textContent).to.equal('البطاقات المحفوظة');
        expect(group.scrollWidth).to.be.at.most(group.clientWidth + 1);
        const rows = [...root(element).querySelectorAll<HTMLElement>('[part~=saved-card]')];
        expect(rows).to.have.length.at.least(1);
        for (const row of rows) {
          expect(row.getBoundingClientRect().right).to.be.at.most(320);
        }
        await expect(element).to.be.accessible();
      } finally {
        await setViewport({ width: 800, height: 600 });
      }
    });

    it('shows an expired card but does not let it be chosen (the next card is chosen instead)', async () => {
      const customer = await newCustomer();
      await saveCard(customer, '4242424242424242');
      await saveCard(customer, '5555555555554444');
      // the sandbox refuses to save an expired card: its list is made to say the default card expired last month
      window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
        const response = await realFetch(input, init);
        if (!String(input).includes('/customers/payment_methods')) return response;
        const list = (await response.json()) as { customer_payment_methods: SavedCard[] };
        const visa = list.customer_payment_methods.find((saved) => saved.card?.last4_digits === '4242')!;
        const lastMonth = new Date(new Date().getFullYear(), new Date().getMonth() - 1, 1);
        visa.card = { ...visa.card, expiry_month: String(lastMonth.getMonth() + 1).padStart(2, '0'), expiry_year: String(lastMonth.getFullYear()) };
        return new Response(JSON.stringify(list), { status: 200, headers: { 'content-type': 'application/json' } });
      };
      const { element } = await mountFor(customer);
      const [visa, mastercard] = radios(element) as [HTMLInputElement, HTMLInputElement];
      expect(radioName(visa)).to.match(/^Visa ending in 4242, expires \d{2}\/\d{2}$/);
      // "Expired" is its description (the expiry shown beside it), in the form's language: no English joint
      expect(root(element).getElementById(visa.getAttribute('aria-describedby')!)!.textContent).to.match(/^Expired \d{2}\/\d{2}$/);
      expect(mastercard.getAttribute('aria-describedby')).to.equal('');
      expect(visa.disabled).to.equal(true);
      expect(visa.checked).to.equal(false);
      expect(mastercard.checked).to.equal(true);
      expect(visa.closest('label')!.textContent).to.contain('Expired');
      await expect(element).to.be.accessible();
    });
  });

  describe('preview', () => {
    async function preview(state: PreviewState, theme = '') {
      let requests = 0;
      window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
        requests += 1;
        return realFetch(input, init);
      };
      const element = document.createElement('tender-checkout');
      for (const [name, value] of Object.entries({ inline: '', preview: state, locale: 'en-US', theme })) if (value || name === 'inline') element.setAttribute(name, value);
      const log = new EventLog(element);
      await fixture<TenderCheckout>(element);
      await element.updateComplete;
      return { element, log, requests: () => requests };
    }

    for (const theme of ['', 'night', 'high-contrast']) {
      it(`saved-cards${theme ? ` (${theme})` : ''}: the sample cards, the default chosen with its CVC, an expired one; accessible, no request, no event`, async () => {
        const { element, log, requests } = await preview('saved-cards', theme);
        expect(radios(element).map(radioName)).to.deep.equal(['Visa ending in 4242, expires 12/34', 'Mastercard ending in 4444, expires 08/31', 'American Express ending in 0005, expires 01/24', 'Use a new card']);
        expect(root(element).getElementById(radios(element)[2]!.getAttribute('aria-describedby')!)!.textContent).to.equal('Expired 01/24');
        expect(radios(element)[0]!.checked).to.equal(true);
        expect(radios(element)[2]!.disabled).to.equal(true);
        expect(savedCvc(element)!.checkVisibility()).to.equal(true);
        expect(numberShown(element)).to.equal(false);
        await expect(element).to.be.accessible();
        expect([requests(), log.events.length]).to.deep.equal([0, 0]);
      });
    }

    it('save-card: a new card with the unticked box; back to a state without a customer, neither list nor box', async () => {
      const { element } = await preview('save-card');
      expect(radios(element)).to.have.length(0);
      expect(saveBox(element)!.checked).to.equal(false);
      expect(inputOf(element, 'number').value).to.equal('4242 4242 4242 4242');
      await expect(element).to.be.accessible();
      element.setAttribute('preview', 'saved-cards');
      await element.updateComplete;
      expect(radios(element)).to.have.length(4);
      element.setAttribute('preview', 'filled');
      await element.updateComplete;
      expect([radios(element).length, saveBox(element)]).to.deep.equal([0, null]);
      expect(numberShown(element)).to.equal(true);
    });
  });

  describe('shownCards()', () => {
    const saved = (last4: string, extra: Partial<SavedCard> = {}, card: Record<string, string> = {}): SavedCard => ({
      payment_token: `token_${last4}`,
      payment_method_id: `pm_${last4}`,
      payment_method: 'card',
      card: { card_network: 'Visa', last4_digits: last4, expiry_month: '3', expiry_year: '2031', ...card },
      requires_cvv: true,
      ...extra,
    });
    const now = new Date('2026-11-27T12:00:00Z');

    it('puts the default card first, then the most recently used', () => {
      const list = [
        saved('1111', { last_used_at: '2026-11-01T00:00:00Z' }),
        saved('2222', { last_used_at: '2026-11-20T00:00:00Z' }),
        saved('3333', { last_used_at: '2026-01-01T00:00:00Z', default_payment_method_set: true }),
      ];
      expect(shownCards(list, now).map((card) => card.last4)).to.deep.equal(['3333', '2222', '1111']);
    });

    it('reads the network, MM/YY and whether the card needs its CVC or is saved off-session', () => {
      const [card] = shownCards([saved('0005', { requires_cvv: false, recurring_enabled: true }, { card_network: 'AmericanExpress', expiry_month: '3', expiry_year: '2031' })], now);
      expect(card).to.deep.equal({ token: 'token_0005', brand: 'amex', name: 'American Express', last4: '0005', expiry: '03/31', expired: false, requiresCvv: false, recurring: true });
    });

    it('a card is good until the end of its expiry month', () => {
      expect(cardExpired(11, 2026, now)).to.equal(false);
      expect(cardExpired(10, 2026, now)).to.equal(true);
      expect(cardExpired(12, 2025, now)).to.equal(true);
    });
  });

  describe('paying with a saved card', () => {
    it('asks only for the CVC and confirms with the web SDK\'s savedCardBody', async () => {
      const customer = await newCustomer();
      await saveCard(customer, '4242424242424242');
      const { element, log } = await mountFor(customer);
      const bodies = captureConfirms();
      payButton(element).click();
      await element.updateComplete;
      expect(root(element).querySelector('#saved-cvc-error')!.textContent).to.equal('Enter the security code.');
      expect(root(element).activeElement).to.equal(savedCvc(element));
      expect(bodies).to.have.length(0);
      await sendKeys({ type: '123' });
      expect(log.last('tender-change')!.detail).to.deep.equal({ complete: true, empty: false, brand: 'visa', errors: {}, savedCard: true });
      payButton(element).click();
      const result = await log.wait('tender-result');
      expect(result.detail.status).to.equal('succeeded');
      const [body] = bodies as [Record<string, unknown>];
      const token = body.payment_token as string;
      expect(token).to.match(/^token_/);
      expect(body).to.deep.include({ payment_method: 'card', customer_id: customer, payment_method_data: { card_token: { card_cvc: '123' } } });
      // an on-session card: the web SDK sends the customer's acceptance with it (isCustomerAcceptanceRequired)
      expect(body.customer_acceptance).to.include({ acceptance_type: 'online' });
      expect(body).not.to.have.property('setup_future_usage');
      for (const event of log.events) expect(JSON.stringify(event.detail ?? null)).not.to.contain(token);
    });

    it('a declined saved card: focus on its row, the reason in its description (the card fields are hidden under it)', async () => {
      const customer = await newCustomer();
      // a challenge card, its challenge rejected in the dialog: the sandbox's way to decline a saved card
      await saveCard(customer, CHALLENGE_CARD);
      const { element, log } = await mountFor(customer, { authentication_type: 'three_ds' }, { 'three-ds': 'modal', 'return-url': location.href.split('#')[0]! });
      savedCvc(element)!.focus();
      await sendKeys({ type: '123' });
      payButton(element).click();
      await waitUntil(() => challengeDialog(element)?.open, 'the 3-D Secure dialog did not open', { timeout: 8000 });
      await executeServerCommand('answer-challenge-frame', { answer: 'Reject' });
      expect((await log.wait('tender-result')).detail.status).to.equal('failed');
      const [card] = radios(element) as [HTMLInputElement];
      await waitUntil(() => root(element).activeElement === card, 'focus did not go to the saved card');
      expect(card.checked).to.equal(true);
      expect(card.getAttribute('aria-describedby')).to.equal('status-line');
      expect(root(element).getElementById('status-line')!.textContent).to.not.equal('');
      expect(numberShown(element)).to.equal(false);
    });

    it('an off-session card pays without a CVC', async () => {
      const customer = await newCustomer();
      await saveOffSession(customer, '5555555555554444');
      const { element, log } = await mountFor(customer);
      expect(radios(element)[0]!.checked).to.equal(true);
      expect(savedCvc(element)).to.equal(null);
      expect(radioName(radios(element)[0]!)).to.equal(`Mastercard ending in 4444, expires ${expiryText}`);
      const bodies = captureConfirms();
      payButton(element).click();
      expect((await log.wait('tender-result')).detail.status).to.equal('succeeded');
      expect(bodies[0]).not.to.have.property('payment_method_data');
      expect(bodies[0]).not.to.have.property('customer_acceptance');
    });
  });

  describe('saving a new card', () => {
    it('offers an unticked box; ticked, the confirm carries customer_acceptance and setup_future_usage, and the next payment shows the card', async () => {
      const customer = await newCustomer();
      const first = await mountFor(customer);
      const box = saveBox(first.element)!;
      expect(box.checked).to.equal(false);
      expect(box.labels![0]!.textContent!.trim()).to.equal('Save this card for future payments');
      const bodies = captureConfirms();
      await fillCard(first.element, { number: SUCCESS_CARD });
      box.click();
      payButton(first.element).click();
      expect((await first.log.wait('tender-result')).detail.status).to.equal('succeeded');
      const acceptance = bodies[0]!.customer_acceptance as { acceptance_type: string; accepted_at: string; online: { user_agent: string } };
      expect(acceptance.acceptance_type).to.equal('online');
      expect(Math.abs(Date.parse(acceptance.accepted_at) - Date.now())).to.be.below(60_000);
      expect(acceptance.online).to.deep.equal({ user_agent: navigator.userAgent });
      expect(bodies[0]!.setup_future_usage).to.equal('on_session');
      first.element.remove();
      const second = await mountFor(customer);
      expect(radioName(radios(second.element)[0]!)).to.equal(`Visa ending in 4242, expires ${expiryText}`);
    });

    it('left unticked, nothing is sent and nothing saved', async () => {
      const customer = await newCustomer();
      const first = await mountFor(customer);
      const bodies = captureConfirms();
      await fillCard(first.element, { number: SUCCESS_CARD });
      payButton(first.element).click();
      expect((await first.log.wait('tender-result')).detail.status).to.equal('succeeded');
      expect(bodies[0]).not.to.have.property('customer_acceptance');
      expect(bodies[0]).not.to.have.property('setup_future_usage');
      first.element.remove();
      const second = await mountFor(customer);
      expect(radios(second.element)).to.have.length(0);
    });

    it('save-card="never" shows no box', async () => {
      const { element } = await mountFor(await newCustomer(), {}, { 'save-card': 'never' });
      expect(saveBox(element)).to.equal(null);
      expect(formOf(element).hidden).to.equal(false);
    });

    it('a payment set up for later charges (off_session) shows the consent text instead, and the confirm carries the consent', async () => {
      const { element, log } = await mountFor(await newCustomer(), { setup_future_usage: 'off_session' });
      expect(saveBox(element)).to.equal(null);
      expect(consentText(element)).to.equal('Your card will be saved for future payments.');
      const bodies = captureConfirms();
      await fillCard(element, { number: SUCCESS_CARD });
      payButton(element).click();
      const result = await log.wait('tender-result');
      expect(result.detail.status).to.equal('succeeded');
      expect(bodies[0]!.customer_acceptance).to.include({ acceptance_type: 'online' });
      expect(bodies[0]).not.to.have.property('setup_future_usage');
      expect(result.detail.payment.payment_method_id as string).to.match(/^pm_/);
    });
  });
});
