import type { ListKey, Supplier } from '../shared/suppliers.ts';

/**
 * The demo's example rows (docs/operations.md#supplier-list): without a gateway, each list that was never
 * imported starts with these, so a demo buyer sees what the product delivers. Every row says it is
 * an example, and the member page says so above the list. The contacts are fictitious (numbers in
 * the unassigned 11 9000-xxxx range, Telegram names starting with exemplo_). A production start
 * never shows them: it begins with empty lists.
 */

const NOTE = 'EXEMPLO: contato fictício, só para demonstração.';

const row = (name: string, category: string, offer: string, contact: { whatsapp?: string; telegram?: string }): Supplier => ({
  name: `Exemplo — ${name}`,
  category,
  offer,
  whatsapp: contact.whatsapp ?? null,
  telegram: contact.telegram ?? null,
  notes: NOTE,
});

export const exampleLists: Record<ListKey, readonly Supplier[]> = {
  suppliers: [
    row('Tela Cheia Streaming', 'Streaming', 'Telas de Netflix, mensal e anual', { whatsapp: '5511900000001' }),
    row('Cine em Casa', 'Streaming', 'Disney+ e Star+ em tela compartilhada', {
      whatsapp: '5511900000002',
      telegram: 'https://t.me/exemplo_cine',
    }),
    row('Maratona Max', 'Streaming', 'Max e Paramount+', { telegram: 'https://t.me/exemplo_maratona' }),
    row('Prime da Vila', 'Streaming', 'Prime Video e Globoplay', { whatsapp: '5511900000004' }),
    row('Som Premium', 'Música', 'Spotify Premium individual e família', {
      whatsapp: '5511900000005',
      telegram: 'https://t.me/exemplo_som',
    }),
    row('Playlist Total', 'Música', 'Deezer, YouTube Music e Apple Music', { whatsapp: '5511900000006' }),
    row('Game Pass Fácil', 'Jogos', 'Game Pass Ultimate', { whatsapp: '5511900000007' }),
    row('Plus Games', 'Jogos', 'PS Plus Essential, Extra e Deluxe', { telegram: 'https://t.me/exemplo_plus' }),
    row('Canais Abertos TV', 'IPTV', 'Listas IPTV com canais abertos e fechados', {
      whatsapp: '5511900000009',
      telegram: 'https://t.me/exemplo_canais',
    }),
    row('TV Teste Grátis', 'IPTV', 'Planos mensais, com teste de 4 horas', { whatsapp: '5511900000010' }),
    row('Office Licenças', 'Aplicativos', 'Microsoft 365 e Canva Pro', { whatsapp: '5511900000011' }),
    row('VPN Segura', 'Aplicativos', 'NordVPN e Surfshark em planos anuais', { telegram: 'https://t.me/exemplo_vpn' }),
  ],
  recharge: [
    row('Recarga Vivo Já', 'Operadoras', 'Recarga Vivo com até 80% de desconto', { whatsapp: '5511900000101' }),
    row('Claro Mais Barato', 'Operadoras', 'Recarga Claro pré-pago, de R$ 15 a R$ 100', {
      whatsapp: '5511900000102',
      telegram: 'https://t.me/exemplo_claro',
    }),
    row('TIM Recarrega', 'Operadoras', 'Recarga TIM e pacotes de internet', { telegram: 'https://t.me/exemplo_tim' }),
    row('Oi e Algar Recargas', 'Operadoras', 'Recarga Oi, Algar e Correios Celular', { whatsapp: '5511900000104' }),
    row('Chip Turbo', 'Pacotes de dados', 'Pacotes de 10 a 50 GB para qualquer operadora', { whatsapp: '5511900000105' }),
    row('Internet no Bolso', 'Pacotes de dados', 'Internet extra para redes sociais e WhatsApp', {
      whatsapp: '5511900000106',
      telegram: 'https://t.me/exemplo_bolso',
    }),
    row('Revenda Recarga', 'Para revender', 'Saldo no atacado para revender recargas', { whatsapp: '5511900000107' }),
    row('Painel de Recargas', 'Para revender', 'Painel com todas as operadoras e comissão', { telegram: 'https://t.me/exemplo_painel' }),
    row('Gift Card Play', 'Gift cards', 'Google Play de R$ 30 a R$ 300', { whatsapp: '5511900000109' }),
    row('Cartão Presente Games', 'Gift cards', 'Xbox, PlayStation e Steam', { whatsapp: '5511900000110' }),
    row('Crédito Delivery', 'Gift cards', 'iFood e Uber com desconto', { telegram: 'https://t.me/exemplo_delivery' }),
    row('Bilhete Recarregado', 'Transporte', 'Recarga de bilhete único e cartão de transporte', { whatsapp: '5511900000112' }),
  ],
};
