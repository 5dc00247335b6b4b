import { expect } from '@open-wc/testing';
import '../../src/define.js';
import type { TenderCheckout } from '../../src/elements/tender-checkout/tender-checkout.js';
import { DECLINED_CARD, fillCard, mountCheckout, statusText, root } from './checkout-harness.js';
import { isConfirm, restoreFetch, wrapFetch } from './fetch-wrapper.js';

/**
 * Texts that come from the API (`error_message`, `unified_message`, an error envelope's `message`)
 * are plain text: the element passes them on verbatim in `tender-result.errorMessage` and
 * `tender-error.message` and never renders them as HTML. The sandbox's own texts hold no markup,
 * so the confirm answer is rewritten on its way back from the real sandbox.
 */
const MARKUP = '<img src="data:," onerror="window.__tenderInjected = true"><b>Card declined</b><script>window.__tenderInjected = true</script>';

declare global {
  interface Window {
    __tenderInjected?: boolean;
  }
}

/** Every element in the checkout's shadow tree (nested shadow roots included) of the tags the markup would create. */
function injectedElements(element: TenderCheckout): Element[] {
  const found: Element[] = [];
  const visit = (root: ShadowRoot | Element) => {
    for (const node of root.querySelectorAll('*')) {
      if (['IMG', 'B', 'SCRIPT'].includes(node.tagName) || node.hasAttribute('onerror')) found.push(node);
      if (node.shadowRoot) visit(node.shadowRoot);
    }
  };
  visit(root(element));
  return found;
}

/** Answers the confirm with the real sandbox's answer, its body changed by `rewrite`. */
function rewriteConfirm(rewrite: (body: Record<string, unknown>) => { status: number; body: unknown }): void {
  wrapFetch((call) => {
    if (!isConfirm(call)) return undefined;
    return call.forward().then(async (response) => {
      const changed = rewrite((await response.json()) as Record<string, unknown>);
      return new Response(JSON.stringify(changed.body), { status: changed.status, headers: { 'content-type': 'application/json' } });
    });
  });
}

describe('texts from the API are plain text', () => {
  afterEach(() => {
    restoreFetch();
    delete window.__tenderInjected;
  });

  it('passes a decline message with markup verbatim in tender-result.errorMessage and shows it as text', async () => {
    const { element, log } = await mountCheckout();
    await log.wait('tender-ready');
    rewriteConfirm((body) => ({ status: 200, body: { ...body, error_code: 'issuer_says_no', error_message: MARKUP, unified_message: MARKUP } }));
    await fillCard(element, { number: DECLINED_CARD });
    await element.confirm();
    const result = await log.wait('tender-result');
    expect(result.detail.status).to.equal('failed');
    expect(result.detail.errorMessage).to.equal(MARKUP);
    await element.updateComplete;
    expect(statusText(element)).to.contain('<b>Card declined</b>');
    expect(injectedElements(element)).to.have.length(0);
    expect(window.__tenderInjected).to.equal(undefined);
  });

  it('passes an error envelope message with markup verbatim in tender-error.message and renders none of it', async () => {
    const { element, log } = await mountCheckout();
    await log.wait('tender-ready');
    rewriteConfirm(() => ({ status: 400, body: { error: { type: 'invalid_request', code: 'IR_06', message: MARKUP } } }));
    await fillCard(element, { number: DECLINED_CARD });
    await element.confirm();
    const error = await log.wait('tender-error');
    expect(error.detail.message).to.equal(MARKUP);
    await element.updateComplete;
    expect(injectedElements(element)).to.have.length(0);
    expect(window.__tenderInjected).to.equal(undefined);
  });
});
