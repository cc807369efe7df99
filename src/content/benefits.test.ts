import { icons } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { benefits } from './benefits.ts';

const toPascalCase = (kebab: string) => kebab.replace(/(^|-)(\w)/g, (_, __, letter: string) => letter.toUpperCase());

describe('benefits', () => {
  it('has 6 benefits, each with a lucide-react icon that exists', () => {
    expect(benefits).toHaveLength(6);
    for (const benefit of benefits) {
      expect(Object.keys(icons), benefit.icon).toContain(toPascalCase(benefit.icon));
      expect(benefit.title.length).toBeGreaterThan(0);
      expect(benefit.text.length).toBeGreaterThan(0);
    }
  });
});
