import { CHALLENGE_FINISHED } from '../../src/api/schemas.js';

/**
 * The pages' only script, served as /sandbox/assets/pages.js (the pages allow no inline script).
 * On a challenge's end page (`#challenge-end`), inside a frame, it posts two messages to the window
 * that framed it:
 * - `{type: "challenge_finished", payment_id}`, the element's: to each origin the page lists (the
 *   merchant's), never to "*", so only a parent on one of them receives it. It says which payment,
 *   never how it ended: retrieve it.
 * - `{openurl_if_required: <return URL with its query>}`, the Hyperswitch web SDK's: its modal
 *   forwards it to its loader, which retrieves the payment. To each of the merchant's
 *   `allowed_origins` when it lists any (the SDK's origin among them), never to "*" then; when it
 *   lists none, to the parent's own origin where the browser tells it (`location.ancestorOrigins`),
 *   else to "*", as the real service's page does.
 * Where the browser tells the parent's origin, a message goes to that origin only. At the top level
 * the script follows the way back to the shop (`#continue`). On the post-back page it submits the
 * form (`#post-back`). On a framed challenge page (`#challenge`) it goes to the end page when the
 * challenge's window closes unanswered.
 */
export const PAGES_JS = `'use strict';
(() => {
  const end = document.getElementById('challenge-end');
  if (end) {
    if (window.parent !== window) {
      const ancestors = window.location.ancestorOrigins;
      const parentOrigin = ancestors && ancestors.length > 0 ? ancestors[0] : null;
      const postTo = (message, origins) => {
        for (const origin of origins) {
          if (parentOrigin === null || parentOrigin === origin) window.parent.postMessage(message, origin);
        }
      };
      postTo({ type: ${JSON.stringify(CHALLENGE_FINISHED)}, payment_id: end.dataset.paymentId }, JSON.parse(end.dataset.targetOrigins || '[]'));
      const openUrl = end.dataset.openUrl;
      if (openUrl) {
        const allowed = JSON.parse(end.dataset.openUrlOrigins || '[]');
        const anyParent = parentOrigin === null ? ['*'] : [parentOrigin];
        postTo({ openurl_if_required: openUrl }, allowed.length > 0 ? allowed : anyParent);
      }
      return;
    }
    const next = document.getElementById('continue');
    if (next instanceof HTMLFormElement) next.submit();
    else if (next instanceof HTMLAnchorElement) window.location.replace(next.href);
    return;
  }
  const challenge = document.getElementById('challenge');
  if (challenge) {
    const endUrl = challenge.dataset.endUrl;
    if (endUrl) setTimeout(() => window.location.replace(endUrl), Number(challenge.dataset.endsIn) || 0);
    return;
  }
  const postBack = document.getElementById('post-back');
  if (postBack instanceof HTMLFormElement) postBack.submit();
})();
`;
