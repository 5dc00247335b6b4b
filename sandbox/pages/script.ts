import { CHALLENGE_FINISHED } from '../../src/api/schemas.js';

/**
 * The pages' only script, served as /sandbox/assets/pages.js (the pages allow no inline script).
 * On a challenge's end page (`#challenge-end`): inside a frame, it posts
 * `{type: "challenge_finished", payment_id}` to the merchant page that framed it — to each origin the
 * page lists (the merchant's), never to "*", so only a parent on one of them receives it; at the
 * top level it follows the way back to the shop (`#continue`). On the post-back page it submits
 * the form (`#post-back`). On a framed challenge page (`#challenge`) it goes to the end page when
 * the challenge's window closes unanswered. The message says which payment, never how it ended:
 * retrieve it.
 */
export const PAGES_JS = `'use strict';
(() => {
  const end = document.getElementById('challenge-end');
  if (end) {
    const message = { type: ${JSON.stringify(CHALLENGE_FINISHED)}, payment_id: end.dataset.paymentId };
    if (window.parent !== window) {
      const origins = JSON.parse(end.dataset.targetOrigins || '[]');
      const ancestors = window.location.ancestorOrigins;
      const parentOrigin = ancestors && ancestors.length > 0 ? ancestors[0] : null;
      for (const origin of origins) {
        if (parentOrigin === null || parentOrigin === origin) window.parent.postMessage(message, origin);
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
