// The merchant page's Content-Security-Policy in each mode: the policies docs/integration.md gives
// merchants, which the end-to-end tests serve and test/node/merchant-csp.test.ts holds the guide to.
// No Playwright here, so that Node tests can import it.

/** How `<tender-checkout>` shows the form: in the cross-origin frame (the default) or, `inline`, in its shadow root. */
export type Mode = 'isolated' | 'inline';

/** Both modes, for the specs that run their flows in each. */
export const MODES: readonly Mode[] = ['isolated', 'inline'];

/**
 * The CSP the merchant page is served with. Isolated, the page frames the API host (the card frame,
 * the 3-D Secure challenge) and never calls it; inline, the element's own `fetch` calls need the API
 * in `connect-src`. No form of the element posts anywhere: `form-action` is the page's own.
 */
export function merchantCsp(apiBase: string, mode: Mode = 'isolated'): string {
  const api = new URL(apiBase).origin;
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    mode === 'inline' ? `connect-src 'self' ${api}` : "connect-src 'self'",
    "img-src 'self'",
    "font-src 'self'",
    // the card frame and the 3-D Secure challenge page are served from the API's origin
    `frame-src ${api}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ].join('; ');
}
