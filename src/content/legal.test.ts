import { describe, expect, it } from 'vitest';
import { CONVERSION_DATA_RETENTION_DAYS, WEBHOOK_AUDIT_RETENTION_DAYS } from '../shared/retention.ts';
import { paths } from '../shared/routes.ts';
import { footer } from './footer.ts';
import { privacyPolicy, termsOfUse, type LegalDocument, type SellerIdentity } from './legal.ts';

const seller: SellerIdentity = {
  name: 'VENDEDOR-DE-TESTE',
  document: 'DOCUMENTO-DE-TESTE',
  address: 'ENDERECO-DE-TESTE',
  supportEmail: 'suporte@teste.invalid',
};

const textOf = (document: LegalDocument) =>
  [document.title, document.intro, ...document.sections.flatMap((s) => [s.heading, ...s.paragraphs])].join('\n');

describe('legal pages', () => {
  it('state in the privacy policy the retention periods the code applies', () => {
    const text = textOf(privacyPolicy(seller, '45'));
    expect(text).toContain('apagados 45 dias depois da cobrança');
    expect(text).toContain(`apagados depois de ${WEBHOOK_AUDIT_RETENTION_DAYS} dias`);
    expect(text).toContain(`apagados ${CONVERSION_DATA_RETENTION_DAYS} dias depois do pagamento`);
  });

  it('name the seller only from configuration', () => {
    for (const document of [termsOfUse(seller), privacyPolicy(seller, '30')]) {
      const text = textOf(document);
      for (const value of Object.values(seller)) expect(text).toContain(value);
      expect(text).not.toMatch(/undefined|\{|\}/);
    }
  });

  it('say in the privacy policy what is collected, shared, kept and how to ask for deletion', () => {
    const text = textOf(privacyPolicy(seller, '30'));
    for (const word of ['nome', 'e-mail', 'telefone', 'CPF', 'anônima', 'consentimento']) expect(text).toContain(word);
    for (const word of ['Gateway de pagamento', 'Provedor de e-mail', 'LGPD', 'exclusão', 'Por quanto tempo']) {
      expect(text).toContain(word);
    }
  });

  it('link the footer to the legal routes', () => {
    const pages = footer.links.filter((link) => link.kind === 'page').map((link) => link.href);
    expect(pages).toEqual([paths.terms, paths.privacy]);
    expect(footer.copyright(2026, 'Loja')).toBe('© 2026 Loja. Todos os direitos reservados.');
  });
});
