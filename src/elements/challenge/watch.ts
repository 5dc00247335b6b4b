/**
 * While the 3-D Secure dialog is open, the payment is read every `CHALLENGE_POLL_MS`: the challenge
 * page's end message goes only to the merchant's origins (a return URL off the page's origin never
 * tells the page), the payment moving on always does. Shared by the dialog (inline) and the card frame
 * (isolated: the frame reads the payment, the host page makes no request to the API); the flow gives
 * both the read.
 */

/** How often the payment is read while the dialog is open. */
export const CHALLENGE_POLL_MS = 3000;

/** Asks `left()` every `CHALLENGE_POLL_MS`, one at a time, until `signal` aborts; resolves once it says true. */
export function whenLeft(left: () => Promise<boolean>, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    let timer: ReturnType<typeof setTimeout>;
    const read = async () => {
      const moved = await left().catch(() => false);
      if (signal.aborted) return;
      if (moved) resolve();
      else timer = setTimeout(read, CHALLENGE_POLL_MS);
    };
    timer = setTimeout(read, CHALLENGE_POLL_MS);
    signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
  });
}
