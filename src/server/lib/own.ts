/** A key inherited from a polluted Object.prototype (docs/security.md) must never stand in for an option. */
export function own<T extends object, K extends keyof T>(options: T, key: K): T[K] | undefined {
  return Object.hasOwn(options, key) ? options[key] : undefined;
}
