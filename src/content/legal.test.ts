import { describe, expect, it } from 'vitest';
import { REFUND_ANSWER_DAYS } from '../shared/guarantee.ts';
import { CONVERSION_DATA_RETENTION_DAYS, MEMBER_PAGE_OPEN_RETENTION_DAYS, WEBHOOK_AUDIT_RETENTION_DAYS } from '../shared/retention.ts';
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

  it('tell in the privacy policy that a lost PIX contestation keeps only hashes, erased with the rest (docs/disputes.md)', () => {
    const text = textOf(privacyPolicy(seller, '30'));
    expect(text).toContain('contestação do PIX');
    expect(text).toContain('impressão (hash) do e-mail, do CPF e do telefone');
    expect(text).toContain('o vendedor pode desfazer o bloqueio');
  });

  it('name the seller only from configuration', () => {
    for (const document of [termsOfUse(seller, '7'), privacyPolicy(seller, '30')]) {
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

  it('state in the terms the guarantee of the configured days and how a refund is asked for', () => {
    const terms = termsOfUse(seller, '10');
    const guarantee = terms.sections.find((section) => section.heading === 'Garantia de 10 dias');
    expect(guarantee).toBeDefined();
    const text = guarantee?.paragraphs.join('\n') ?? '';
    const promises = [
      'em até 10 dias depois do pagamento',
      'artigo 49 do Código de Defesa do Consumidor',
      'artigo 5º do Decreto nº 7.962/2013',
      'Pedir reembolso',
      'Recebemos seu pedido de reembolso',
      `em até ${REFUND_ANSWER_DAYS} dias`,
      '100% do valor pelo PIX, para a mesma conta que fez o pagamento',
      'Reembolso feito',
      'informando o motivo',
      seller.supportEmail,
    ];
    for (const promise of promises) expect(text).toContain(promise);
    expect(textOf(terms)).not.toContain('7 dias');
  });

  it('say in the privacy policy what a refund keeps, for how long, and that the export has it', () => {
    const sections = privacyPolicy(seller, '30').sections;
    const section = (heading: string) => sections.find((s) => s.heading === heading)?.paragraphs.join('\n') ?? '';
    expect(section('O que coletamos')).toContain('o motivo que escolher e o texto que escrever');
    expect(section('O que coletamos')).toContain('identificador dessa mensagem');
    expect(section('O que coletamos')).toContain('nunca o endereço IP');
    expect(section('Por quanto tempo guardamos')).toContain(
      `cada abertura da página da lista, por ${MEMBER_PAGE_OPEN_RETENTION_DAYS} dias`,
    );
    expect(section('Por quanto tempo guardamos')).toContain('apagado junto com os demais dados quando você pede a exclusão');
    expect(section('Seus direitos e como pedir a exclusão')).toContain('enviamos também o seu pedido de reembolso');
  });

  it('say in the privacy policy what a review keeps, on what basis, until when, and that the export has it', () => {
    const sections = privacyPolicy(seller, '30').sections;
    const section = (heading: string) => sections.find((s) => s.heading === heading)?.paragraphs.join('\n') ?? '';
    expect(section('O que coletamos')).toContain('Se você escrever um depoimento');
    expect(section('Para que usamos')).toContain('somente com a sua autorização (art. 7º, I)');
    expect(section('Por quanto tempo guardamos')).toContain('O depoimento fica guardado até você retirá-lo');
    expect(section('Seus direitos e como pedir a exclusão')).toContain('e o seu depoimento');
  });

  it('say in the privacy policy what goes by WhatsApp, with what consent, and how to stop it', () => {
    const sections = privacyPolicy(seller, '30').sections;
    const section = (heading: string) => sections.find((s) => s.heading === heading)?.paragraphs.join('\n') ?? '';
    const whatsapp = section('Mensagens pelo WhatsApp');
    expect(whatsapp).toContain('Quero receber o PIX e o acesso pelo WhatsApp');
    expect(whatsapp).toContain('(art. 7º, I, da LGPD)');
    for (const promise of [
      'o código PIX logo depois de gerado',
      'um lembrete antes de o PIX vencer',
      'o link de acesso depois do pagamento',
    ]) {
      expect(whatsapp).toContain(promise);
    }
    expect(whatsapp).toContain('entre 21h e 8h');
    expect(whatsapp).toContain('responda PARAR');
    expect(whatsapp).toContain('o link para parar');
    expect(whatsapp).toContain('esse registro e o seu consentimento são apagados');
    expect(section('Com quem compartilhamos')).toContain('WhatsApp (Meta)');
  });

  it('say in the privacy policy what a biometric payment link keeps, until when, and that it is cancelled at the bank when erased', () => {
    const policy = textOf(privacyPolicy(seller, '30'));
    expect(policy).toContain('identificador do vínculo');
    expect(policy).toContain('até você removê-lo na página da sua lista');
    expect(policy).toContain('ele é cancelado no banco e o identificador é apagado');
  });

  it('link the footer to the legal routes', () => {
    const pages = footer.links.filter((link) => link.kind === 'page').map((link) => link.href);
    expect(pages).toEqual([paths.terms, paths.privacy]);
    expect(footer.copyright(2026, 'Loja')).toBe('© 2026 Loja. Todos os direitos reservados.');
  });
});
