import { expect } from '@open-wc/testing';
import '../../define.js';
import { en } from '../../i18n/index.js';
import { buttonNamed, CHALLENGE_CARD, fillCard, mountCheckout, payButton, statusText } from '../../../test/browser/checkout-harness.js';
import { isConfirm, isRetrieve, restoreFetch, wrapFetch, type InterceptedCall } from '../../../test/browser/fetch-wrapper.js';


/** Forwards the request to the sandbox and hands back its JSON answer with `next_action.redirect_to_url` replaced. */
async function withRedirectTo(call: InterceptedCall, url: string): Promise<Response> {
  const answer = await call.forward();
  const payment = (await answer.json()) as Record<string, unknown>;
  const body = { ...payment, status: 'requires_customer_action', next_action: { type: 'redirect_to_url', redirect_to_url: url } };
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
}

describe('<tender-checkout> hardening', () => {
  afterEach(restoreFetch);

  it('is accessible after refusing a redirect', async () => {
    const { element, log } = await mountCheckout({
      configure: () => wrapFetch((call) => (isRetrieve(call) ? withRedirectTo(call, 'javascript:alert(1)') : undefined)),
    });
    await log.wait('tender-error');
    await expect(element).to.be.accessible();
  });

  describe('redirect URLs from the API', () => {
    for (const url of ['javascript:alert(document.domain)', 'data:text/html,<script>alert(1)</script>', 'JAVASCRIPT:alert(1)', 'vbscript:msgbox(1)']) {
      it(`never follows a confirm's redirect to ${url.slice(0, 15)}…: tender-error, no tender-redirect`, async () => {
        const { element, log } = await mountCheckout({
          // if the element ever announces such a redirect, the test page must not follow it
          configure: (checkout) => checkout.addEventListener('tender-redirect', (event) => event.preventDefault()),
        });
        await log.wait('tender-ready');
        wrapFetch((call) => (isConfirm(call) ? withRedirectTo(call, url) : undefined));
        await fillCard(element, { number: CHALLENGE_CARD });
        payButton(element).click();
        const error = await log.wait('tender-error');
        expect(error.detail).to.include({ code: 'unsafe_redirect', recoverable: false });
        expect(log.of('tender-redirect')).to.have.length(0);
        await element.updateComplete;
        expect(statusText(element)).to.equal(en['error.unavailable']);
      });
    }

    it('offers no Continue button for a loaded payment waiting on a data: redirect', async () => {
      const { element, log } = await mountCheckout({
        configure: (checkout) => {
          checkout.addEventListener('tender-redirect', (event) => event.preventDefault());
          wrapFetch((call) => (isRetrieve(call) ? withRedirectTo(call, 'data:text/html,<h1>bank</h1>') : undefined));
        },
      });
      const error = await log.wait('tender-error');
      expect(error.detail.code).to.equal('unsafe_redirect');
      await element.updateComplete;
      expect(buttonNamed(element, en['status.continueAuthentication'])).to.equal(null);
      expect(log.of('tender-redirect')).to.have.length(0);
    });

    it('still follows an https redirect (announced in tender-redirect)', async () => {
      const { element, log } = await mountCheckout({
        configure: (checkout) => checkout.addEventListener('tender-redirect', (event) => event.preventDefault()),
      });
      await log.wait('tender-ready');
      wrapFetch((call) => (isConfirm(call) ? withRedirectTo(call, 'https://bank.example/challenge') : undefined));
      await fillCard(element, { number: CHALLENGE_CARD });
      payButton(element).click();
      expect((await log.wait('tender-redirect')).detail.url).to.equal('https://bank.example/challenge');
      expect(log.of('tender-error')).to.have.length(0);
    });
  });
});
