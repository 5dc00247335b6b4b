// Billing details through the script-tag bundle on the plain merchant page, in both modes, against the
// real sandbox: a US payment whose postal code passes address verification and one whose postal code
// (99999) fails it, and a full address whose stored `billing` is what the customer typed. The
// `merchant` fixture checks after each test that no card data reached events, the address bar or storage.
import { billingEn } from '../../src/i18n/billing-en.js';
import { en } from '../../src/i18n/en.js';
import { card, createPayment, expect, forEachMode, retrievePayment, test, type MerchantPage } from './support.js';

const VISA_SUCCESS = '4242424242424242';

const billingField = (merchant: MerchantPage, name: string) => merchant.form.locator(`#billing-${name}`);

forEachMode(() => {
  test('a US payment asks for the postal code (auto) and passes address verification', async ({ merchant }) => {
    const payment = await createPayment({ amount: 1099, currency: 'USD' });
    await merchant.open(payment.client_secret, { billing: 'auto' });
    await merchant.onlyEvent('tender-ready');
    await expect(billingField(merchant, 'postal')).toBeVisible();
    await expect(billingField(merchant, 'country')).toHaveValue('US');

    await merchant.typeCard(card(VISA_SUCCESS));
    await billingField(merchant, 'postal').pressSequentially('94107');
    await merchant.payButton.click();

    expect(await merchant.onlyEvent('tender-result')).toMatchObject({ paymentId: payment.payment_id, status: 'succeeded' });
    const stored = await retrievePayment(payment.payment_id);
    expect(stored['billing']).toMatchObject({ address: { zip: '94107', country: 'US' } });
  });

  test('a postal code that fails address verification (99999) declines with a message pointing at it; the right one then pays', async ({ merchant }) => {
    const payment = await createPayment({ amount: 1099, currency: 'USD' });
    await merchant.open(payment.client_secret, { billing: 'postal-code' });
    await merchant.onlyEvent('tender-ready');

    await merchant.typeCard(card(VISA_SUCCESS));
    await billingField(merchant, 'postal').pressSequentially('99999');
    await merchant.payButton.click();

    const declined = await merchant.onlyEvent('tender-result');
    expect(declined).toMatchObject({ status: 'failed', errorCode: 'address_verification_failed', retryable: true, errorMessage: billingEn['billing.avs'] });
    await expect(merchant.status).toHaveText(billingEn['billing.avs']);
    await expect(billingField(merchant, 'postal')).toHaveAttribute('aria-invalid', 'true');

    await billingField(merchant, 'postal').fill('94107');
    await merchant.payButton.click();
    await expect(merchant.status).toHaveText(en['status.succeeded']);
    expect(await retrievePayment(payment.payment_id)).toMatchObject({ status: 'succeeded', attempt_count: 2 });
  });

  test('a full address is stored as the payment billing exactly as typed, the phone as its number and calling code', async ({ merchant }) => {
    test.slow(); // a dozen fields typed key by key: on a loaded machine (the isolated frame's) more than the default 30 s
    const payment = await createPayment({ amount: 2500, currency: 'EUR' });
    await merchant.open(payment.client_secret, { billing: 'full', email: 'required', phone: 'required' });
    await merchant.onlyEvent('tender-ready');

    await merchant.typeCard(card(VISA_SUCCESS));
    await billingField(merchant, 'name').pressSequentially('Grace Hopper');
    await billingField(merchant, 'country').selectOption('CA');
    await billingField(merchant, 'line1').pressSequentially('100 Queen St W');
    await billingField(merchant, 'city').pressSequentially('Toronto');
    await billingField(merchant, 'state').selectOption('ON');
    await billingField(merchant, 'postal').pressSequentially('m5h 2n2');
    await billingField(merchant, 'email').pressSequentially('grace@example.com');
    // a national number: the calling code is the billing country's (Canada, +1)
    await billingField(merchant, 'phone').fill('(416) 555-0199');
    await merchant.payButton.click();

    expect(await merchant.onlyEvent('tender-result')).toMatchObject({ status: 'succeeded' });
    const stored = await retrievePayment(payment.payment_id);
    expect(stored['billing']).toMatchObject({
      address: { first_name: 'Grace', last_name: 'Hopper', line1: '100 Queen St W', city: 'Toronto', state: 'ON', zip: 'M5H 2N2', country: 'CA' },
      email: 'grace@example.com',
      phone: { number: '4165550199', country_code: '+1' },
    });
    // the events say which billing fields are complete, never what they hold
    const changes = (await merchant.events()).filter((event) => event.type === 'tender-change');
    expect(JSON.stringify(changes)).not.toContain('Toronto');
    expect(JSON.stringify(changes)).not.toContain('555-0199');
    expect(changes.at(-1)?.detail).toMatchObject({ billing: { name: true, country: true, postal: true, email: true, phone: true } });
  });
});
