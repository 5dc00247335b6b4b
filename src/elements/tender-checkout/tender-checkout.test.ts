import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../define.js';
import type { TenderCheckout } from './tender-checkout.js';
import { createPayment, sandboxConfig } from '../../../test/browser/sandbox-config.js';

async function mount(body: Record<string, unknown> = { amount: 1099, currency: 'USD' }) {
  const config = await sandboxConfig();
  const payment = await createPayment(body);
  const element = await fixture<TenderCheckout>(html`<tender-checkout
    publishable-key=${config.publishableKey}
    client-secret=${payment.client_secret}
    api-base=${config.url}
    return-url="https://merchant.example/return"
  ></tender-checkout>`);
  return { element, payment };
}

const input = (element: TenderCheckout, id: string) => element.shadowRoot!.querySelector<HTMLInputElement>(`#${id}`)!;

async function type(element: TenderCheckout, id: string, text: string) {
  input(element, id).focus();
  await sendKeys({ type: text });
}

describe('<tender-checkout>', () => {
  it('is accessible when ready', async () => {
    const { element } = await mount();
    await oneEvent(element, 'tender-ready');
    await element.updateComplete;
    await expect(element).to.be.accessible();
  });

  it('fetches the payment and shows the amount on the button', async () => {
    const config = await sandboxConfig();
    const payment = await createPayment({ amount: 1099, currency: 'USD' });
    const element = document.createElement('tender-checkout');
    element.setAttribute('publishable-key', config.publishableKey);
    element.setAttribute('client-secret', payment.client_secret);
    element.setAttribute('api-base', config.url);
    element.setAttribute('locale', 'en-US');
    const ready = oneEvent(element, 'tender-ready');
    document.body.append(element);
    const event = await ready;
    expect(event.detail).to.deep.equal({ paymentId: payment.payment_id, amount: 1099, currency: 'USD', status: 'requires_confirmation' });
    await element.updateComplete;
    expect(element.shadowRoot!.querySelector('button[type=submit]')!.textContent!.trim()).to.equal('Pay $10.99');
    element.remove();
  });

  it('pays with a test card typed by the keyboard and reports succeeded', async () => {
    const { element, payment } = await mount();
    await oneEvent(element, 'tender-ready');
    await type(element, 'number', '4242424242424242');
    await type(element, 'expiry', '1230');
    await type(element, 'cvc', '123');
    await type(element, 'name', 'Ada Lovelace');
    const result = oneEvent(element, 'tender-result');
    await sendKeys({ press: 'Enter' });
    const event = await result;
    expect(event.detail.status).to.equal('succeeded');
    expect(event.detail.paymentId).to.equal(payment.payment_id);
    expect(JSON.stringify(event.detail)).to.not.include('4242424242424242');
  });
});
