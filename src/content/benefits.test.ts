import { icons } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { benefits } from './benefits.ts';

const toPascalCase = (kebab: string) => kebab.replace(/(^|-)(\w)/g, (_, __, letter: string) => letter.toUpperCase());

describe('benefits', () => {
  it('has 6 benefits, each with a lucide-react icon that exists', () => {
    expect(benefits('7')).toHaveLength(6);
    for (const benefit of benefits('7')) {
      expect(Object.keys(icons), benefit.icon).toContain(toPascalCase(benefit.icon));
      expect(benefit.title.length).toBeGreaterThan(0);
      expect(benefit.text.length).toBeGreaterThan(0);
    }
  });

  it("prints the guarantee card's days from the setting", () => {
    const guarantee = benefits('10').find((benefit) => benefit.icon === 'shield-check');
    expect(guarantee?.title).toBe('Garantia de 10 dias');
    expect(guarantee?.text).toContain('Peça o reembolso em até 10 dias');
    expect(JSON.stringify(benefits('10'))).not.toContain('7 dias');
  });
});
