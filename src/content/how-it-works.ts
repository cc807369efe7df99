/** Section 3 of the landing page: how it works, with an example chat (spec §2). */
export const howItWorks = {
  eyebrow: 'Como funciona',
  title: 'Em 3 passos você paga R$ 1,00 no seu streaming',
  steps: [
    { title: 'Receba a lista', text: 'Após o pagamento, o acesso chega no seu e-mail na hora.' },
    { title: 'Chame o fornecedor', text: 'Escolha o app e fale direto com o fornecedor pelo WhatsApp ou Telegram.' },
    { title: 'Pague R$ 1,00 por mês', text: 'Assine pelo preço de revenda e use no seu celular, TV ou computador.' },
  ],
  chat: {
    title: 'Exemplo de conversa',
    contact: 'Fornecedor Netflix',
    status: 'online',
    messages: [
      { from: 'buyer', text: 'Oi! Vi seu contato na lista. Quanto fica a tela de Netflix?' },
      { from: 'supplier', text: 'Oi! Fica R$ 3,50 por mês, tela ultra HD. Quer que eu libere agora?' },
      { from: 'buyer', text: 'Quero sim! Pode mandar o PIX.' },
    ],
  },
  /** The example saving: official price minus what the buyer paid, in centavos. */
  example: { service: 'Netflix', officialCents: 5590, paidCents: 350 },
  savingLabel: 'Economia de',
  officialLabel: 'Preço oficial',
} as const;
