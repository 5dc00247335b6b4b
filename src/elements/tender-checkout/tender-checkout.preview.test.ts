import { expect, fixture, waitUntil } from '@open-wc/testing';
import '../../define.js';
import { en } from '../../i18n/index.js';
import type { PreviewState, TenderCheckout } from './tender-checkout.js';
import { EventLog, errorText, formShown, inputOf, mountCheckout, payButton, statusText, root } from '../../../test/browser/checkout-harness.js';
import { restoreFetch, wrapFetch } from '../../../test/browser/fetch-wrapper.js';

const STATES: PreviewState[] = ['empty', 'filled', 'errors', 'processing', 'redirecting', 'succeeded', 'declined', 'wait-screen'];

async function preview(state: PreviewState) {
  const requests = wrapFetch();
  const element = document.createElement('tender-checkout');
  element.setAttribute('inline', '');
  element.setAttribute('preview', state);
  element.setAttribute('locale', 'en-US');
  const log = new EventLog(element);
  await fixture<TenderCheckout>(element);
  return { element, log, requests };
}

describe('<tender-checkout preview>', () => {
  afterEach(() => restoreFetch());

  for (const state of STATES) {
    it(`shows the ${state} state accessibly, without a request or an event`, async () => {
      const { element, log, requests } = await preview(state);
      await expect(element).to.be.accessible();
      expect(requests.calls).to.deep.equal([]);
      expect(log.events.map((event) => event.type)).to.deep.equal([]);
    });
  }

  it('shows an empty form with the sample amount on the button', async () => {
    const { element } = await preview('empty');
    expect(formShown(element)).to.equal(true);
    expect(inputOf(element, 'number').value).to.equal('');
    expect(payButton(element).textContent?.replace(/\s+/g, ' ').trim()).to.equal('Pay \u2068€25.00\u2069');
    expect(payButton(element).disabled).to.equal(false);
  });

  it('fills the form with a public test card and shows its brand', async () => {
    const { element } = await preview('filled');
    expect(inputOf(element, 'number').value).to.equal('4242 4242 4242 4242');
    expect(inputOf(element, 'expiry').value).to.equal('12 / 34');
    expect(inputOf(element, 'cvc').value).to.equal('123');
    expect(root(element).querySelector('[part=brand]')!.textContent?.trim()).to.equal('VISA');
  });

  it('shows every field error', async () => {
    const { element } = await preview('errors');
    expect(errorText(element, 'number')).to.equal(en['error.number.invalid']);
    expect(errorText(element, 'expiry')).to.equal(en['error.expiry.expired']);
    expect(errorText(element, 'cvc')).to.equal(en['error.cvc.incomplete']);
    expect(inputOf(element, 'number').getAttribute('aria-invalid')).to.equal('true');
  });

  const statusOf: [PreviewState, string, boolean][] = [
    ['processing', '', true], // "Processing…" is in the pay button, once (issue 16.15)
    ['redirecting', en['status.redirecting'], false],
    ['succeeded', en['status.succeeded'], false],
    ['declined', en['decline.card_declined'], true],
    ['wait-screen', en['status.waitScreen'], false],
  ];
  for (const [state, text, form] of statusOf) {
    it(`${state}: says "${text || en.processing}"${form ? ' beside the form' : ' instead of the form'}`, async () => {
      const { element } = await preview(state);
      // the wait screen adds the deadline, formatted with Intl ("Approve it before 12:35 PM.")
      if (state === 'wait-screen') expect(statusText(element)).to.match(new RegExp(`^${text} Approve it before \u2068\\d{1,2}:\\d{2}\\s?[AP]M\u2069\\.$`));
      else expect(statusText(element)).to.equal(text);
      if (state === 'processing') expect(payButton(element).textContent!.trim()).to.equal(en.processing);
      expect(formShown(element)).to.equal(form);
    });
  }

  it('never confirms', async () => {
    const { element, log, requests } = await preview('filled');
    const outcome = await element.confirm();
    expect(outcome).to.deep.equal({ type: 'error', detail: { code: 'preview', message: 'A preview never confirms', recoverable: false } });
    expect(requests.calls).to.deep.equal([]);
    expect(log.of('tender-submit')).to.have.length(0);
  });

  it('switches state in place', async () => {
    const { element } = await preview('errors');
    element.preview = 'succeeded';
    await element.updateComplete;
    expect(statusText(element)).to.equal(en['status.succeeded']);
    expect(errorText(element, 'number')).to.equal('');
  });

  it('ignores the keys while previewing, and loads the real payment, with an empty form, once the preview ends', async () => {
    const { element, log } = await mountCheckout({ configure: (el) => el.setAttribute('preview', 'filled') });
    expect(log.of('tender-ready')).to.have.length(0);
    expect(inputOf(element, 'number').value).to.equal('4242 4242 4242 4242');
    element.removeAttribute('preview');
    const ready = await log.wait('tender-ready');
    expect(ready.detail.amount).to.equal(1099);
    await waitUntil(() => payButton(element).textContent?.includes('$10.99'), 'the real amount is shown');
    expect(inputOf(element, 'number').value).to.equal('');
  });
});
