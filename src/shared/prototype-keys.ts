/** Keys that reach an object's prototype when a parsed body is copied or applied: never a field of ours (docs/security.md). */
export const PROTOTYPE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * The first prototype key anywhere in `value` as JSON.parse left it (own keys), or undefined. Walked with a stack of
 * its own: a body nested thousands deep cannot overflow the call stack.
 */
export function prototypeKeyIn(value: unknown): string | undefined {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item !== 'object' || item === null) continue;
    for (const [key, inner] of Object.entries(item)) {
      if (PROTOTYPE_KEYS.has(key)) return key;
      pending.push(inner);
    }
  }
  return undefined;
}
