/**
 * The merchant page's URL as the isolated frame needs it: read to pick up a return from a redirect,
 * and cleaned of the return's parameters once the frame read them.
 */

/** The query parameters of a return from a redirect (the frame names them; only these are taken off the URL). */
const RETURN_PARAM = /^[a-z_]{1,40}$/;

/**
 * This page's URL as the frame gets it (to read a return from a redirect, and as the default return
 * URL, which the API gets anyway): without its fragment, which may hold the page's own tokens; when
 * very long, without the query parameters a return does not use.
 */
export function pageUrl(): string {
  const href = location.href.split('#')[0] ?? '';
  if (href.length <= 8192) return href;
  const url = new URL(location.href);
  const kept = new URLSearchParams();
  for (const name of ['payment_intent_client_secret', 'payment_id', 'status']) {
    const value = url.searchParams.get(name);
    if (value !== null && value.length <= 1024) kept.set(name, value);
  }
  return `${url.origin}${url.pathname.slice(0, 4096)}?${kept}`;
}

/** Takes the return's query parameters, as the frame named them, off this page's URL (no navigation). */
export function dropReturnParams(params: readonly string[]): void {
  const url = new URL(location.href);
  for (const name of params) if (RETURN_PARAM.test(name)) url.searchParams.delete(name);
  history.replaceState(history.state, '', url.href);
}
