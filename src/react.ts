/**
 * `tender-checkout/react`: the `<TenderCheckout>` React component (built with `@lit/react`'s
 * `createComponent`), and JSX typings of the raw `<tender-checkout>` element for React 19.
 *
 * ```tsx
 * import { TenderCheckout } from 'tender-checkout/react';
 * <TenderCheckout publishableKey={pk} clientSecret={secret} apiBase={api} appearance={{ theme: 'night' }}
 *   onTenderResult={(event) => event.detail.status} ref={checkoutRef} />
 * ```
 *
 * The component sets every prop the element has as a property (`publishableKey`, `clientSecret`,
 * `appearance` as an object) and adds the `onTender…` props as event listeners, in React 18 and 19
 * alike; `ref` is the element (`ref.current.confirm()`). Importing this module registers the element
 * (as `tender-checkout/define` does) and touches no `window` or `document`: server rendering imports it
 * safely (Lit's own Node build supplies `customElements` there) and renders `<tender-checkout>`.
 *
 * The raw element stays typed in JSX for those who prefer it (React 19 only: React 18 passes every
 * prop as an attribute and never adds the listeners). React 19 sets a prop as a property when the
 * element has one (`name in element`), otherwise as an attribute, and turns a function prop named
 * `on…` into `addEventListener(<the rest of the name>)`, case kept: `ontender-result` listens for
 * `tender-result`. So primitives are typed by their attribute names (`client-secret`), and
 * `appearance` and `messages` only reach a registered element, as properties.
 */
import * as React from 'react';
import { createComponent, type EventName } from '@lit/react';
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import { TenderCheckout as TenderCheckoutElement } from './elements/tender-checkout/tender-checkout.js';
import type {
  TenderChangeDetail,
  TenderErrorDetail,
  TenderReadyDetail,
  TenderRedirectDetail,
  TenderResultDetail,
  TenderSubmitDetail,
} from './events.js';

// registers the element here rather than through ./define.js: the call then stays in this entry's
// own file, which package.json's `sideEffects` names, instead of a chunk shared with `define`
TenderCheckoutElement.define('tender-checkout');

export { TenderCheckoutElement };

/** The React component's event props, by the element event each one listens for. */
const events = {
  onTenderReady: 'tender-ready' as EventName<CustomEvent<TenderReadyDetail>>,
  onTenderChange: 'tender-change' as EventName<CustomEvent<TenderChangeDetail>>,
  onTenderSubmit: 'tender-submit' as EventName<CustomEvent<TenderSubmitDetail>>,
  onTenderRedirect: 'tender-redirect' as EventName<CustomEvent<TenderRedirectDetail>>,
  onTenderResult: 'tender-result' as EventName<CustomEvent<TenderResultDetail>>,
  onTenderError: 'tender-error' as EventName<CustomEvent<TenderErrorDetail>>,
};

/**
 * `<TenderCheckout>`: camelCase props for the element's properties, `onTenderReady`, `onTenderChange`,
 * `onTenderSubmit`, `onTenderRedirect`, `onTenderResult`, `onTenderError` with typed `detail`, and a
 * `ref` to the element.
 */
export const TenderCheckout = createComponent({
  react: React,
  tagName: 'tender-checkout',
  elementClass: TenderCheckoutElement,
  events,
  displayName: 'TenderCheckout',
});

/** The props of `<TenderCheckout>`. */
export type TenderCheckoutComponentProps = React.ComponentProps<typeof TenderCheckout>;

/** The events of `<tender-checkout>`, by name. */
export type TenderCheckoutEventName =
  | 'tender-ready'
  | 'tender-change'
  | 'tender-submit'
  | 'tender-redirect'
  | 'tender-result'
  | 'tender-error';

/** A listener for one of the element's events, as React 19 adds it to the raw element (`addEventListener`). */
export type TenderEventListener<K extends TenderCheckoutEventName> = (event: HTMLElementEventMap[K]) => void;

/** `ontender-ready`, `ontender-result`, … on the raw element. */
export type TenderCheckoutEventProps = {
  [K in TenderCheckoutEventName as `on${K}`]?: TenderEventListener<K>;
};

/** The raw element's own attributes and properties, as JSX props. */
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
  theme?: TenderCheckoutElement['theme'];
  /** Time limit of one API request, in ms. */
  'request-timeout'?: number;
  /** Serialisable appearance object (a property: register the element before rendering). */
  appearance?: TenderCheckoutElement['appearance'];
  /** Per-message overrides of the text catalogue (a property: register the element before rendering). */
  messages?: TenderCheckoutElement['messages'];
  'hide-button'?: boolean;
  'hide-name'?: boolean;
  disabled?: boolean;
  /** Shows one state with a sample payment, without network or events (theme previews). */
  preview?: TenderCheckoutElement['preview'];
}

/** Everything the raw `<tender-checkout>` accepts in JSX: React's HTML props, `ref`, and its own. */
export type TenderCheckoutProps = DetailedHTMLProps<HTMLAttributes<TenderCheckoutElement>, TenderCheckoutElement> & TenderCheckoutOwnProps;

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- React's JSX types live in this namespace
  namespace JSX {
    interface IntrinsicElements {
      'tender-checkout': TenderCheckoutProps;
    }
  }
}
