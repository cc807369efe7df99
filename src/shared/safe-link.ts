/** `javascript:`, `data:` and the like never reach an `href`; a WhatsApp invite or `wa.me` link is `https:` too. */
export function isSafeLink(value: string): boolean {
  // No URL parser here (shared/ has neither the DOM's nor Node's): a scheme, a host of labels, no credentials, no spaces.
  return /^https:\/\/[a-z0-9-]+(?:\.[a-z0-9-]+)+(?::\d{1,5})?(?:[/?#][^\s<>"]*)?$/i.test(value);
}
