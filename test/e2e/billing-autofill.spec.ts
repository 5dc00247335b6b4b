// The browser's own address autofill reaches every billing field, in each mode, on a merchant page of
// another site than the API (the isolated card frame is then a real out-of-process frame): DevTools'
// `Autofill.trigger` with an `address` (Chromium's fill of a saved address) on the first address line,
// through a CDP session of the frame that holds the form, as test/e2e/autofill.spec.ts does for the card.
import type { CDPSession } from '@playwright/test';
import { createPayment, expect, forEachMode, test } from './support.js';

/** Chromium's address field types (its `ServerFieldType` names) and what a saved address holds. */
const SAVED_ADDRESS = [
  { name: 'NAME_FULL', value: 'Ada Lovelace' },
  { name: 'ADDRESS_HOME_LINE1', value: '12 St James Square' },
  { name: 'ADDRESS_HOME_LINE2', value: 'Flat 3' },
  { name: 'ADDRESS_HOME_CITY', value: 'London' },
  { name: 'ADDRESS_HOME_ZIP', value: 'SW1Y 4JH' },
  { name: 'ADDRESS_HOME_COUNTRY', value: 'GB' },
  { name: 'EMAIL_ADDRESS', value: 'ada@example.com' },
];

const FIND_LINE1 = `(() => {
  const find = (root) => {
    const input = root.querySelector('input[autocomplete="billing address-line1"]');
    if (input) return input;
    for (const element of root.querySelectorAll('*')) {
      const found = element.shadowRoot && find(element.shadowRoot);
      if (found) return found;
    }
    return null;
  };
  return find(document);
})()`;

async function triggerAddressAutofill(session: CDPSession): Promise<void> {
  const { frameTree } = await session.send('Page.getFrameTree');
  const { result } = await session.send('Runtime.evaluate', { expression: FIND_LINE1 });
  expect(result.objectId, 'the address line input in the session’s document').toBeTruthy();
  const { node } = await session.send('DOM.describeNode', { objectId: result.objectId! });
  await session.send('Autofill.trigger', { fieldId: node.backendNodeId, frameId: frameTree.frame.id, address: { fields: SAVED_ADDRESS } });
}

forEachMode((mode) => {
  test.use({ crossSite: true });

  test('Autofill.trigger with an address fills the billing fields', async ({ merchant, page }) => {
    const payment = await createPayment({ amount: 2000, currency: 'GBP' });
    await merchant.open(payment.client_secret, { billing: 'full', email: 'required' });
    await merchant.onlyEvent('tender-ready');
    const field = (name: string) => merchant.form.locator(`#billing-${name}`);
    await expect(field('line1')).toBeVisible();

    const frame = page.frames().find((candidate) => new URL(candidate.url()).pathname === '/frame/card');
    const session = mode === 'isolated' ? await page.context().newCDPSession(frame!) : await page.context().newCDPSession(page);
    await field('line1').click();
    const filled = () =>
      Promise.all(['name', 'country', 'line1', 'line2', 'city', 'postal', 'email'].map(async (name) => [name, await field(name).inputValue()] as const));
    await expect(async () => {
      await triggerAddressAutofill(session);
      await expect.poll(async () => Object.fromEntries(await filled()), { timeout: 3000 }).toEqual({
        name: 'Ada Lovelace',
        country: 'GB',
        line1: '12 St James Square',
        line2: 'Flat 3',
        city: 'London',
        postal: 'SW1Y 4JH',
        email: 'ada@example.com',
      });
    }).toPass({ timeout: 20_000 });
    // the form took the filled values as its own (the events say each field is complete, never its value)
    await expect
      .poll(async () => (await merchant.events()).filter((event) => event.type === 'tender-change').at(-1)?.detail['billing'])
      .toEqual({ name: true, country: true, line1: true, line2: true, city: true, postal: true, email: true });
    expect(JSON.stringify(await merchant.events())).not.toContain('St James');
    await session.detach();
  });
});
