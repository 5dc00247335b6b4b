/**
 * `<tender-checkout preview>` and `theme` take names a page writes: one that every object inherits
 * (`__proto__`, `constructor`, `toString`) is an unknown name like any other (the sample card in a
 * payable form, the default look), never an uncaught TypeError (issue 24, N6).
 */
import { expect, fixture, waitUntil } from '@open-wc/testing';
import '../../src/define.js';
import type { TenderCheckout } from '../../src/elements/tender-checkout/tender-checkout.js';
import { formShown, inputOf } from './checkout-harness.js';

/** Every error and unhandled rejection the page sees while `run` goes on. */
async function uncaught(run: () => Promise<void>): Promise<string[]> {
  const seen: string[] = [];
  const onError = (event: ErrorEvent) => seen.push(String(event.message));
  const onRejection = (event: PromiseRejectionEvent) => {
    seen.push(String((event.reason as Error | undefined)?.message ?? event.reason));
    event.preventDefault();
  };
  addEventListener('error', onError);
  addEventListener('unhandledrejection', onRejection);
  try {
    await run();
    // a rejected promise is reported after the task that left it unhandled
    await new Promise((resolve) => setTimeout(resolve, 50));
  } finally {
    removeEventListener('error', onError);
    removeEventListener('unhandledrejection', onRejection);
  }
  return seen;
}

describe('<tender-checkout> attributes naming inherited properties', () => {
  for (const name of ['__proto__', 'constructor', 'toString']) {
    it(`preview="${name}" shows the empty form without an uncaught error`, async () => {
      let element: TenderCheckout | undefined;
      const errors = await uncaught(async () => {
        const created = document.createElement('tender-checkout');
        created.setAttribute('inline', '');
        created.setAttribute('preview', name);
        created.setAttribute('locale', 'en');
        element = await fixture<TenderCheckout>(created);
        await waitUntil(() => formShown(element!), 'the form shows');
        await element.updateComplete;
      });
      expect(errors).to.deep.equal([]);
      // shown as an unknown state is: the sample card in a payable form
      expect(inputOf(element!, 'number').value).to.equal('4242 4242 4242 4242');
    });

    it(`theme="${name}" keeps the default look without an uncaught error`, async () => {
      const errors = await uncaught(async () => {
        const created = document.createElement('tender-checkout');
        created.setAttribute('inline', '');
        created.setAttribute('preview', 'filled');
        created.setAttribute('theme', name);
        const element = await fixture<TenderCheckout>(created);
        await waitUntil(() => formShown(element), 'the form shows');
        await element.updateComplete;
      });
      expect(errors).to.deep.equal([]);
    });
  }
});
