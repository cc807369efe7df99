import { describe, expect, it } from 'vitest';
import { formatBRL } from '../shared/money.ts';
import { faqAccordion, faqGrid } from './faq.ts';
import { site } from './site.ts';

describe('FAQ', () => {
  it('has 6 accordion items and 10 grid items, none repeated', () => {
    expect(faqAccordion.items).toHaveLength(6);
    expect(faqGrid.items).toHaveLength(10);
    const questions = [...faqAccordion.items, ...faqGrid.items].map((item) => item.question);
    expect(new Set(questions).size).toBe(16);
  });

  it('labels the grid button as the spec does', () => {
    expect(faqGrid.cta).toBe('QUERO TESTAR POR 7 DIAS');
  });

  it('answers the way the product works', () => {
    const answers = [...faqAccordion.items, ...faqGrid.items].map((item) => item.answer).join('\n');
    expect(answers).toContain('PIX');
    expect(answers).toContain('7 dias');
    expect(answers).toContain('3 a 6 meses');
    expect(answers).toMatch(/toda semana|semanais/);
    expect(answers).toContain(formatBRL(site.priceCents));
    expect(answers).not.toMatch(/cartão de crédito em até|boleto/i);
  });
});
