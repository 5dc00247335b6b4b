/**
 * `tender-checkout/react`: JSX typings of `<tender-checkout>` for React 19, and (at run time) the same
 * module as `tender-checkout/define`, so one import both registers the element and types it:
 *
 * ```tsx
 * import 'tender-checkout/react';
 * <tender-checkout client-secret={clientSecret} ontender-result={(event) => event.detail.status} />
 * ```
 *
 * How React 19 passes props to a custom element (react-dom's `setPropOnCustomElement`):
 * - a prop named `on…` whose value is a function becomes `addEventListener(<the rest of the name>)`,
 *   case kept: `ontender-result` listens for `tender-result` (`ontender-resultCapture` in the capture phase);
 * - any other prop is set as a property when the element has one (`name in element`), otherwise as an
 *   attribute (`true` → empty attribute, `false`/`null`/`undefined` → removed).
 *
 * So primitives are typed by their attribute names (`client-secret`, which work whether or not the
 * element is registered yet), and `appearance` and `messages` are objects that only reach the element
 * as properties: register it (import this module or `tender-checkout/define`) before React renders.
 *
 * This file holds types and one re-export only: the package's `./react` entry points its JavaScript at
 * `dist/define.js`, so keep run-time code out of here.
 */
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { TenderCheckout } from './elements/tender-checkout/tender-checkout.js';

export { TenderCheckout } from './define.js';

/** The events of `<tender-checkout>`, by name. */
export type TenderCheckoutEventName =
  | 'tender-ready'
  | 'tender-change'
  | 'tender-submit'
  | 'tender-redirect'
  | 'tender-result'
  | 'tender-error';

/** A listener for one of the element's events, as React 19 adds it (`addEventListener`). */
export type TenderEventListener<K extends TenderCheckoutEventName> = (event: HTMLElementEventMap[K]) => void;

/** `ontender-ready`, `ontender-result`, … */
export type TenderCheckoutEventProps = {
  [K in TenderCheckoutEventName as `on${K}`]?: TenderEventListener<K>;
};

/** The element's own attributes and properties, as JSX props. */
export interface TenderCheckoutOwnProps extends TenderCheckoutEventProps {
  /** The merchant's publishable key (`pk_snd_…`, `pk_prd_…`). */
  'publishable-key'?: string;
  /** The payment's client secret (`pay_…_secret_…`), from your server. */
  'client-secret'?: string;
  /** Base URL of the payment API. */
  'api-base'?: string;
  /** Where the customer comes back after a 3-D Secure redirect (default: the current page). */
  'return-url'?: string;
  /** BCP 47 tag or `auto` (the page's language). */
  locale?: string;
  /** Appearance preset name. */
  theme?: TenderCheckout['theme'];
  /** Time limit of one API request, in ms. */
  'request-timeout'?: number;
  /** Serialisable appearance object (a property: register the element before rendering). */
  appearance?: TenderCheckout['appearance'];
  /** Per-message overrides of the text catalogue (a property: register the element before rendering). */
  messages?: TenderCheckout['messages'];
  'hide-button'?: boolean;
  'hide-name'?: boolean;
  disabled?: boolean;
  /** Shows one state with a sample payment, without network or events (theme previews). */
  preview?: TenderCheckout['preview'];
}

/** Everything `<tender-checkout>` accepts in JSX: React's HTML props, `ref`, and its own. */
export type TenderCheckoutProps = DetailedHTMLProps<HTMLAttributes<TenderCheckout>, TenderCheckout> & TenderCheckoutOwnProps;

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- React's JSX types live in this namespace
  namespace JSX {
    interface IntrinsicElements {
      'tender-checkout': TenderCheckoutProps;
    }
  }
}
