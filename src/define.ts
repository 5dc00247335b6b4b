/** `tender-checkout/define`: registers every element (once, even when loaded twice). */
import { TenderCheckout } from './elements/tender-checkout/tender-checkout.js';

TenderCheckout.define('tender-checkout');

export { TenderCheckout };
