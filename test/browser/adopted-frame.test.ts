/**
 * `<tender-checkout>` adopting the `<iframe slot="frame">` a merchant's server rendered inside it
 * (docs/integration.md § The fastest page): the browser fetches the card frame with the page, and the
 * element takes that iframe instead of making its own, whether the frame said hello before the
 * element was defined or after. An iframe that is not the element's card frame is refused.
 */
import { expect, fixture, waitUntil } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import '../../src/define.js';
import { TenderCheckout } from '../../src/elements/tender-checkout/tender-checkout.js';
import { EventLog, FUTURE_EXPIRY, SUCCESS_CARD } from './checkout-harness.js';
import { createPayment, sandboxConfig, type SandboxConfig } from './sandbox-config.js';

const SANDBOX = 'allow-scripts allow-same-origin allow-forms';
const inFrame = (payload: Record<string, unknown>) => executeServerCommand<boolean, Record<string, unknown>>('card-frame', payload);

/** The markup of docs/integration.md § The fastest page, for `tag`, as a merchant's server writes it. */
function snippet(tag: string, config: SandboxConfig, clientSecret: string, iframe: { src?: string; sandbox?: string } = {}): string {
  const src = iframe.src ?? `${config.url}/frame/card?key=${config.publishableKey}&locale=en-US#client_secret=${clientSecret}`;
  return (
    `<${tag} publishable-key="${config.publishableKey}" client-secret="${clientSecret}" api-base="${config.url}" locale="en-US" three-ds="redirect" billing="never">` +
    `<iframe slot="frame" src="${src}" sandbox="${iframe.sandbox ?? SANDBOX}" title="Card payment form"></iframe></${tag}>`
  );
}

/** Renders markup in a fresh container, with an event log on the container (events bubble) before anything runs. */
async function render(markup: string) {
  const container = await fixture<HTMLDivElement>('<div></div>');
  const log = new EventLog(container);
  container.innerHTML = markup;
  const iframe = container.querySelector('iframe')!;
  return { container, log, iframe };
}

async function payWithSuccessCard(log: EventLog): Promise<void> {
  await inFrame({ action: 'type', field: 'number', text: SUCCESS_CARD });
  await inFrame({ action: 'type', field: 'expiry', text: FUTURE_EXPIRY });
  await inFrame({ action: 'type', field: 'cvc', text: '123' });
  await inFrame({ action: 'click' });
  const result = await log.wait('tender-result', 1, 15_000);
  expect(result.detail.status).to.equal('succeeded');
}

describe('<tender-checkout> adopting a server-rendered card frame', () => {
  it('is accessible with the adopted frame', async () => {
    const config = await sandboxConfig();
    const payment = await createPayment({ amount: 1099, currency: 'USD' }, config);
    const { container, log } = await render(snippet('tender-checkout', config, payment.client_secret));
    // the first out-of-process frame of the run may take a while on a loaded machine
    await log.wait('tender-ready', 1, 15_000);
    await expect(container).to.be.accessible();
  });

  it('takes the iframe it was given (no second frame) and the payment succeeds', async () => {
    const config = await sandboxConfig();
    const payment = await createPayment({ amount: 1099, currency: 'USD' }, config);
    const { container, log, iframe } = await render(snippet('tender-checkout', config, payment.client_secret));
    const element = container.querySelector('tender-checkout')!;
    expect(element).to.be.instanceOf(TenderCheckout);
    const ready = await log.wait('tender-ready');
    expect(ready.detail.paymentId).to.equal(payment.payment_id);
    expect([...element.children]).to.deep.equal([iframe]);
    expect(iframe.getAttribute('part')).to.equal('frame');
    expect(iframe.assignedSlot).to.equal(element.shadowRoot!.querySelector('slot'));
    await waitUntil(() => iframe.getBoundingClientRect().height > 100, 'the frame is shown at its height');
    await payWithSuccessCard(log);
    expect(log.of('tender-error')).to.deep.equal([]);
    expect([...element.children]).to.deep.equal([iframe]);
  });

  it('takes a frame that said hello before the element was defined: it asks the frame to say it again', async () => {
    const config = await sandboxConfig();
    const payment = await createPayment({ amount: 1099, currency: 'USD' }, config);
    const tag = `tender-checkout-later-${Math.random().toString(36).slice(2, 8)}`;
    const hellos: unknown[] = [];
    const { container, log, iframe } = await render(snippet(tag, config, payment.client_secret));
    addEventListener('message', (event) => event.source === iframe.contentWindow && hellos.push(event.data));
    await waitUntil(() => hellos.length === 1, 'the frame said hello to a page with no element to hear it', { timeout: 8000 });
    customElements.define(tag, class extends TenderCheckout {});
    const element = container.querySelector(tag)!;
    await log.wait('tender-ready');
    expect(hellos.length).to.equal(2, 'a second hello, asked for');
    expect([...element.children]).to.deep.equal([iframe]);
    await payWithSuccessCard(log);
  });

  describe('refuses an iframe that is not its card frame, with a configuration error, and loads nothing into it', () => {
    const refused = async (iframe: (config: SandboxConfig, clientSecret: string) => { src?: string; sandbox?: string }) => {
      const config = await sandboxConfig();
      const payment = await createPayment({ amount: 1099, currency: 'USD' }, config);
      const { container, log } = await render(snippet('tender-checkout', config, payment.client_secret, iframe(config, payment.client_secret)));
      const error = await log.wait('tender-error');
      expect(error.detail.code).to.equal('configuration');
      expect(error.detail.message).to.contain('not its card frame');
      expect(error.detail.message).to.contain(`${config.url}/frame/card?key=${config.publishableKey}`);
      expect(container.querySelectorAll('iframe').length).to.equal(0, 'the iframe is taken out');
      expect(log.of('tender-ready')).to.deep.equal([]);
    };

    // the frame page of another API host (the second test sandbox), with this merchant's key
    it('another origin', () => refused((config) => ({ src: `${config.challengeTimeout.url}/frame/card?key=${config.publishableKey}` })));
    it('another path of the API origin', () => refused((config) => ({ src: `${config.url}/sandbox/assets/pages.css?key=${config.publishableKey}` })));
    it('another merchant’s key', () => refused((config) => ({ src: `${config.url}/frame/card?key=pk_snd_${'0'.repeat(32)}` })));
    it('a looser sandbox', () => refused(() => ({ sandbox: `${SANDBOX} allow-top-navigation` })));
  });

  it('its own frame asks the API’s host for the payment’s page: the client secret in that URL’s query, not its fragment', async () => {
    const config = await sandboxConfig();
    const payment = await createPayment({ amount: 1099, currency: 'USD' }, config);
    const element = document.createElement('tender-checkout');
    for (const [name, value] of Object.entries({ 'publishable-key': config.publishableKey, 'client-secret': payment.client_secret, 'api-base': config.url, locale: 'en-US' })) {
      element.setAttribute(name, value);
    }
    const log = new EventLog(element);
    await fixture(element);
    await log.wait('tender-ready');
    const src = new URL(element.querySelector('iframe')!.src);
    // a URL only the API's host is sent (its page is no-store and no-referrer: sandbox/test/frame.test.ts); the frame takes it off its own URL
    expect(src.origin).to.equal(new URL(config.url).origin);
    expect(src.searchParams.get('client_secret')).to.equal(payment.client_secret);
    expect(src.hash).to.equal('');
  });
});
