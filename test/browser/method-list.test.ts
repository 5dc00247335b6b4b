import { expect } from '@open-wc/testing';
import '../../src/define.js';
import { methodList } from '../../src/elements/tender-checkout/method-list.js';
import { mountCheckout, root } from './checkout-harness.js';
import { sandboxConfig } from './sandbox-config.js';

/**
 * The payment-method list is asked for once per payment and shared by the accepted networks and the
 * billing fields (src/elements/tender-checkout/method-list.ts), and the form's first render after it
 * loaded already has the fields the list asks for (issue 26: the form does not grow once shown).
 */
describe('the payment-method list', () => {
  const listRequests: string[] = [];
  const realFetch = window.fetch;
  beforeEach(() => {
    listRequests.length = 0;
    window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (url.includes('/account/payment_methods')) listRequests.push(url);
      return realFetch(input, init);
    };
  });
  afterEach(() => {
    window.fetch = realFetch;
  });

  it('is one promise per payment, key and API, and none without them', async () => {
    const config = await sandboxConfig();
    const host = { publishableKey: config.publishableKey, clientSecret: 'pay_one_secret_a', apiBase: config.url, requestTimeout: 0 };
    expect(methodList(host)).to.equal(methodList({ ...host }));
    expect(methodList({ ...host, clientSecret: 'pay_two_secret_b' })).not.to.equal(methodList(host));
    expect(methodList({ ...host, clientSecret: '' })).to.equal(null);
    expect(methodList({ ...host, publishableKey: '' })).to.equal(null);
    await Promise.allSettled([methodList(host), methodList({ ...host, clientSecret: 'pay_two_secret_b' })]);
    expect(listRequests.length).to.equal(2);
  });

  it('is asked for once when both the accepted networks and the billing fields read it, and the first render after loading has the postal code', async () => {
    const { element, log } = await mountCheckout({ create: { amount: 1099, currency: 'USD' }, attributes: { 'show-brands': '', billing: 'auto', email: 'auto', phone: 'auto' } });
    await log.wait('tender-ready');
    await element.updateComplete;
    // no further wait: the form's updateComplete waited for the list
    expect(root(element).querySelector('#billing-postal'), 'the postal code').not.to.equal(null);
    expect(root(element).querySelectorAll('.networks .mark, .brands .mark').length, 'the accepted networks').to.be.greaterThan(0);
    expect(listRequests.length, listRequests.join('\n')).to.equal(1);
  });
});
