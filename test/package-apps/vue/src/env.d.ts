// Vue's template type checking for <tender-checkout>: its attributes, the `appearance` property and
// the typed events (`@tender-result` is the `onTenderResult` prop).
import type { DefineComponent } from 'vue';
import type { TenderCheckout, TenderErrorDetail, TenderReadyDetail, TenderResultDetail } from 'tender-checkout';

declare module 'vue' {
  interface GlobalComponents {
    'tender-checkout': DefineComponent<{
      publishableKey?: string;
      clientSecret?: string;
      apiBase?: string;
      returnUrl?: string;
      locale?: string;
      theme?: TenderCheckout['theme'];
      appearance?: TenderCheckout['appearance'];
      hideButton?: boolean;
      onTenderReady?: (event: CustomEvent<TenderReadyDetail>) => void;
      onTenderResult?: (event: CustomEvent<TenderResultDetail>) => void;
      onTenderError?: (event: CustomEvent<TenderErrorDetail>) => void;
    }>;
  }
}

