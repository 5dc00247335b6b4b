// The browser's own autofill reaches every card field, in each mode, on a merchant page of another
// site than the API (`127.0.0.1` beside the API's `localhost`), so the isolated card frame is a real
// out-of-process frame, as on a merchant's site. The fill is what Chromium does when the customer
// picks a saved card: DevTools' `Autofill.trigger` on the card number field, with the card, through a
// CDP session of the frame that holds the form (the frame's own target, isolated; the page's, inline).
import type { CDPSession, Frame } from '@playwright/test';
import { createPayment, expect, forEachMode, test, type MerchantPage } from './support.js';

const AUTOFILLED = {
  number: '4242424242424242',
  name: 'Ada Lovelace',
  expiryMonth: '12',
  expiryYear: String(new Date().getFullYear() + 3),
  cvc: '737',
};

/** The card number input, found through every shadow root of the document the session runs in. */
const FIND_NUMBER = `(() => {
  const find = (root) => {
    const input = root.querySelector('input[autocomplete~="cc-number"]');
    if (input) return input;
    for (const element of root.querySelectorAll('*')) {
      const found = element.shadowRoot && find(element.shadowRoot);
      if (found) return found;
    }
    return null;
  };
  return find(document);
})()`;

/** Asks Chromium to fill the form from the card number field, as a customer choosing a saved card does. */
async function triggerAutofill(session: CDPSession): Promise<void> {
  const { frameTree } = await session.send('Page.getFrameTree');
  const { result } = await session.send('Runtime.evaluate', { expression: FIND_NUMBER });
  expect(result.objectId, 'the card number input in the session’s document').toBeTruthy();
  const { node } = await session.send('DOM.describeNode', { objectId: result.objectId! });
  await session.send('Autofill.trigger', { fieldId: node.backendNodeId, frameId: frameTree.frame.id, card: AUTOFILLED });
}

forEachMode((mode) => {
  test.use({ crossSite: true });

  test('Autofill.trigger on the card number fills number, expiry, CVC and name', async ({ merchant, page }) => {
    const payment = await createPayment({ amount: 1099, currency: 'EUR' });
    await merchant.open(payment.client_secret);
    await merchant.onlyEvent('tender-ready');
    // the leak checks after the test look for this card too
    merchant.typedCards.push({ number: AUTOFILLED.number, expiry: '', cvc: AUTOFILLED.cvc });

    let session: CDPSession;
    if (mode === 'isolated') {
      const frame = cardFrame(merchant);
      expect(new URL(frame.url()).hostname).toBe('localhost');
      expect(new URL(page.url()).hostname).toBe('127.0.0.1');
      // Playwright gives a frame a session of its own only when it is out of process (else it throws)
      session = await page.context().newCDPSession(frame);
    } else session = await page.context().newCDPSession(page);
    // a customer clicks into the field before choosing a saved card; Chromium reads the form's fields
    // for autofill on its own schedule, so on a busy machine a first trigger may come before it has
    await merchant.input('number').click();

    // all four at once: a failure shows which fields the browser filled
    const filled = () => Promise.all((['number', 'expiry', 'cvc', 'name'] as const).map(async (field) => [field, await merchant.input(field).inputValue()] as const));
    await expect(async () => {
      await triggerAutofill(session);
      await expect.poll(async () => Object.fromEntries(await filled()), { timeout: 3000 }).toEqual({
        number: '4242 4242 4242 4242',
        expiry: `12 / ${AUTOFILLED.expiryYear.slice(2)}`,
        cvc: AUTOFILLED.cvc,
        name: AUTOFILLED.name,
      });
    }).toPass({ timeout: 20_000 });
    await session.detach();
  });
});

test.describe('isolated, out of process', () => {
  test.use({ crossSite: true });

  test("the iframe is the element's only child, one after the element is moved, and Tab reaches the card number from before it and Shift+Tab leaves", async ({ merchant, page }) => {
    const payment = await createPayment({ amount: 1099, currency: 'EUR' });
    await merchant.open(payment.client_secret);
    await merchant.onlyEvent('tender-ready');
    const where = () =>
      merchant.checkout.evaluate((element) => ({
        children: [...element.children].map((child) => `${child.localName} ${child.getAttribute('slot')}`),
        inShadowRoot: element.shadowRoot!.querySelectorAll('iframe').length,
        inPage: document.querySelectorAll('iframe').length,
      }));
    expect(await where()).toEqual({ children: ['iframe frame'], inShadowRoot: 0, inPage: 1 });

    await page.evaluate(() => {
      const checkout = document.getElementById('checkout')!;
      checkout.before(Object.assign(document.createElement('button'), { id: 'before', type: 'button', textContent: 'before' }));
      const element = checkout.querySelector('tender-checkout')!;
      element.remove();
      checkout.append(element);
    });
    await merchant.waitForEvents('tender-ready', 2);
    expect(await where()).toEqual({ children: ['iframe frame'], inShadowRoot: 0, inPage: 1 });

    await page.locator('#before').focus();
    await page.keyboard.press('Tab');
    await expect(merchant.input('number')).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(page.locator('#before')).toBeFocused();
  });
});

/** The isolated card frame (its page at `/frame/card` on the API's origin). */
function cardFrame(merchant: MerchantPage): Frame {
  const frame = merchant.page.frames().find((candidate) => new URL(candidate.url()).pathname === '/frame/card');
  if (!frame) throw new Error('no card frame on the page');
  return frame;
}
