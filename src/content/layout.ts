import type { LandingSectionId, LayoutMessages, OfferLayout } from '../shared/offer-layout.ts';

/** The console's names of the sections of `/` the seller hides and reorders (pt-BR). */
export const sectionNames: Record<LandingSectionId, string> = {
  howItWorks: 'Como funciona',
  benefits: 'Vantagens',
  topUp: 'Recarga de celular',
  reviews: 'Avaliações de clientes',
  services: 'Serviços incluídos',
  catalogue: 'Catálogo de apps',
  howToStart: 'Do PIX à economia',
  scarcity: 'Vagas do mês',
  bonuses: 'Bônus',
  whatsappGroup: 'Grupo VIP do WhatsApp',
  faq: 'Perguntas frequentes',
  faqGrid: 'Mais perguntas (grade)',
};

export const sectionsLabels = {
  title: 'Seções da página de vendas',
  hint: 'Mostre, esconda e mude a ordem das seções entre o topo da página e o checkout. O topo (com o preço e o botão de compra), o checkout e o rodapé com os dados de quem vende ficam sempre no lugar.',
  fields: { sections: 'Seções' },
};

export const layoutMessages: LayoutMessages = {
  sectionUnknown: (id) => `A seção “${id}” não existe nesta página.`,
  sectionFixed: 'O topo da página e o checkout ficam sempre no lugar: não podem ser escondidos nem movidos.',
  sectionRepeated: (id) => `A seção “${id}” aparece duas vezes na ordem.`,
};

/** The section panel of the console (pt-BR). */
export const layoutPanel = {
  fixedTop: 'Topo da página (preço e botão de compra): sempre no início',
  fixedEnd: 'Checkout e rodapé: sempre no fim',
  show: 'Mostrar',
  up: 'Subir',
  down: 'Descer',
  /** An accessible name that says which section the button moves. */
  moveLabel: (action: string, name: string) => `${action}: ${name}`,
  position: (index: number, count: number) => `${index + 1} de ${count}`,
  hiddenNote: 'oculta',
};

/**
 * A layout change in a line: "FAQ oculta; Bônus visível; ordem: Vantagens, Como funciona, …" (only what changed).
 * The order lists the sections shown, hidden ones left out.
 */
export function layoutChangeText(before: OfferLayout, after: OfferLayout): string {
  const parts: string[] = [];
  for (const id of after.order) {
    const was = before.hidden.includes(id);
    const is = after.hidden.includes(id);
    if (was !== is) parts.push(`${sectionNames[id]} ${is ? 'oculta' : 'visível'}`);
  }
  if (before.order.join() !== after.order.join())
    parts.push(
      `ordem: ${after.order
        .filter((id) => !after.hidden.includes(id))
        .map((id) => sectionNames[id])
        .join(', ')}`,
    );
  return parts.length > 0 ? parts.join('; ') : 'sem mudança';
}

/** A layout as one text: the sections shown in order, then the hidden ones (a conflict's side). */
export function layoutText(layout: OfferLayout): string {
  const shown = layout.order.filter((id) => !layout.hidden.includes(id)).map((id) => sectionNames[id]);
  const hidden = layout.order.filter((id) => layout.hidden.includes(id)).map((id) => sectionNames[id]);
  return [shown.map((name, index) => `${index + 1}. ${name}`).join('\n'), hidden.length > 0 ? `Ocultas: ${hidden.join(', ')}` : '']
    .filter(Boolean)
    .join('\n');
}
