import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { presellGateScript } from './presell-gate.ts';

/** Runs the inline gate script against a fake window to see what it does before paint. */
function runGate(stored: Record<string, string>) {
  const replaced: string[] = [];
  const style: Record<string, string> = {};
  vm.runInNewContext(presellGateScript('/presell'), {
    localStorage: { getItem: (key: string) => stored[key] ?? null },
    location: { search: '?utm_source=ads', hash: '', replace: (to: string) => replaced.push(to) },
    document: { documentElement: { style } },
  });
  return { replaced, style };
}

describe('presellGateScript', () => {
  it('hides the page and goes to /presell, keeping the ad parameters, when the flag is missing', () => {
    const { replaced, style } = runGate({});
    expect(replaced).toEqual(['/presell?utm_source=ads']);
    expect(style.visibility).toBe('hidden');
  });

  it('does nothing when the visitor already accepted', () => {
    const { replaced, style } = runGate({ presell_accepted: 'true' });
    expect(replaced).toEqual([]);
    expect(style.visibility).toBeUndefined();
  });
});
