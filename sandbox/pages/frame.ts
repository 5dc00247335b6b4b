/**
 * The isolated card frame's page (`GET /frame/card`): an empty document whose script (built by
 * scripts/build-frame.mjs) runs the card form. Everything it loads is named up front, so the browser
 * fetches the script, its chunks and the API client in parallel (`modulepreload`), and the customer's
 * language too when the host put it in the URL (`?locale=`): no waterfall.
 */
import { html, type Html } from './html.js';

/** What scripts/build-frame.mjs writes to `manifest.json`: asset paths relative to the frame folder. */
export interface FrameManifest {
  script: string;
  preload: string[];
  locales: Record<string, string[]>;
}

/** The frame page. `prefix` is the URL path the assets are served under (`/frame/`); `locale` a key of `manifest.locales`, or null. */
export function framePage(manifest: FrameManifest, prefix: string, locale: string | null): Html {
  const preload = [...manifest.preload, ...(locale ? (manifest.locales[locale] ?? []) : [])];
  return html`<!doctype html>
<html lang="${locale ?? 'en'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Card payment form</title>
<script type="module" src="${prefix + manifest.script}"></script>
${preload.map((file) => html`<link rel="modulepreload" href="${prefix + file}">\n`)}</head>
<body></body>
</html>
`;
}

/** The frame page's headers: its own strict policy, and the frames that may hold it (the merchant's allowed origins; any when none). */
export function framePageHeaders(frameAncestors: readonly string[]): [string, string][] {
  return [
    [
      'content-security-policy',
      [
        "default-src 'none'",
        "script-src 'self'",
        "style-src 'self'",
        "connect-src 'self'",
        // web fonts of `appearance.fonts` (https only, validated by the appearance compiler; never built from what is typed)
        "font-src 'self' https:",
        "img-src 'self'",
        "form-action 'none'",
        "base-uri 'none'",
        `frame-ancestors ${frameAncestors.length > 0 ? frameAncestors.join(' ') : '*'}`,
      ].join('; '),
    ],
    ['x-content-type-options', 'nosniff'],
    ['referrer-policy', 'no-referrer'],
    // the page names the current build's hashed files: always revalidated; the files themselves are immutable
    ['cache-control', 'no-cache'],
  ];
}
