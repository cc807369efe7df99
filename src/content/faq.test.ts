import { describe, expect, it } from 'vitest';
import { REFUND_ANSWER_DAYS } from '../shared/guarantee.ts';
import { formatBRL } from '../shared/money.ts';
import { faqAccordion, faqGrid } from './faq.ts';
import { site } from './site.ts';

const everything = (days: string) => {
  const accordion = faqAccordion(days);
  const grid = faqGrid(days);
  return [grid.subtitle, grid.cta, ...[...accordion.items, ...grid.items].flatMap((item) => [item.question, item.answer])].join('\n');
};

describe('FAQ', () => {
  it('has 6 accordion items and 10 grid items, none repeated', () => {
    const accordion = faqAccordion('7');
    const grid = faqGrid('7');
    expect(accordion.items).toHaveLength(6);
    expect(grid.items).toHaveLength(10);
    const questions = [...accordion.items, ...grid.items].map((item) => item.question);
    expect(new Set(questions).size).toBe(16);
  });

  it('labels the grid button as the spec does, with the guarantee days', () => {
    expect(faqGrid('7').cta).toBe('QUERO TESTAR POR 7 DIAS');
    expect(faqGrid('10').cta).toBe('QUERO TESTAR POR 10 DIAS');
  });

  it('answers the way the product works', () => {
    const answers = [...faqAccordion('7').items, ...faqGrid('7').items].map((item) => item.answer).join('\n');
    expect(answers).toContain('PIX');
    expect(answers).toContain('7 dias');
    expect(answers).toContain('3 a 6 meses');
    expect(answers).toMatch(/toda semana|semanais/);
    expect(answers).toContain(formatBRL(site.priceCents));
    expect(answers).not.toMatch(/cartão de crédito em até|boleto/i);
  });

  it('tells how a refund is asked for and answered, as the refund flow does', () => {
    const answers = everything('7');
    expect(answers).toContain('Pedir reembolso');
    expect(answers).toContain('página do seu pedido');
    expect(answers).toContain('escolha um motivo, se quiser');
    expect(answers).toContain(`em até ${REFUND_ANSWER_DAYS} dias`);
    expect(answers).toContain('100% do valor');
    expect(answers).toContain('mesma conta que pagou');
    // The guarantee is asked for online now, not by writing to support.
    expect(answers).not.toMatch(/reembolso pelo e-mail de suporte/);
  });

  it('prints every guarantee text from the days it is given', () => {
    const text = everything('10');
    expect(text).toContain('10 dias');
    expect(text).not.toMatch(/\b7 dias|\b7 DIAS/);
  });
});
