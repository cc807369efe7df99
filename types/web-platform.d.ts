/**
 * The few web-platform APIs that shared/ may use because browsers and Node (>= 20) both provide
 * them. Only tsconfig.shared.json includes this file: there shared/ and content/ are checked with
 * neither the DOM's types nor Node's, so anything used here must exist on both sides.
 */
declare class URLSearchParams {
  constructor(init?: string);
  get(name: string): string | null;
}
