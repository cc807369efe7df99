/** JSR, "Pix por biometria" (docs/payments.md#jsr-the-add-on-in-one-tap): the buyer's words, pt-BR. */
export const bankLink = {
  /** After a payment in the bank's app, on the order page. */
  save: {
    title: 'Pagar o próximo com biometria',
    text: 'Deixe sua conta vinculada a esta loja no app do seu banco. Da próxima vez, você só confirma com a digital ou o rosto: sem escolher o banco, sem digitar CPF. Você define os limites no banco e pode remover quando quiser.',
    button: 'Salvar para pagar com biometria',
    sending: 'Abrindo seu banco…',
    saved: 'Pronto: sua conta está vinculada. A oferta abaixo é paga só com a sua confirmação no app do banco.',
    refused: 'A conta não foi vinculada. Você pode pagar com o código PIX normalmente.',
    /** Efí could not be asked whether the vínculo is still usable: never "Pronto". */
    unconfirmed:
      'Não conseguimos confirmar agora com o seu banco se a sua conta continua vinculada. Por isso, o adicional abaixo é pago com o código PIX. Tente recarregar a página em alguns minutos.',
  },
  /** Under "Quero adicionar" when the buyer has a vínculo. */
  oneTap: {
    note: 'Pague com biometria no app do seu banco: sem escolher banco, sem digitar CPF.',
    sending: 'Abrindo seu banco…',
    paid: 'Adicional pago com biometria. Ele já está no seu acesso.',
    /** Above the add-on's PIX when its payment at the bank was refused (by the buyer or the bank), in any tab. */
    refused: 'O pagamento do adicional no app do banco não foi concluído e nada foi cobrado. O código PIX abaixo continua valendo.',
    retry: 'Tentar de novo no app do banco',
    /** The same button before any refusal (the one tap could not open the bank, so the PIX was shown). */
    payAtBank: 'Pagar com biometria no app do banco',
  },
  /** The member page's line. */
  member: {
    title: 'Pagamento por biometria',
    linked: (bank: string) => `Sua conta em ${bank} está vinculada a esta loja para pagar com biometria.`,
    remove: 'Remover vínculo',
    removing: 'Removendo…',
    removed: 'Vínculo removido. O banco não aceita mais pagamentos desta loja por biometria.',
    ended: {
      revoked: (bank: string) =>
        `O vínculo da sua conta em ${bank} com esta loja foi cancelado no seu banco: não dá mais para pagar com biometria.`,
      expired: (bank: string) =>
        `O vínculo da sua conta em ${bank} com esta loja venceu no seu banco: não dá mais para pagar com biometria.`,
    },
    pending: (bank: string) =>
      `O vínculo da sua conta em ${bank} com esta loja ainda espera a sua aprovação no app do banco: até lá, não dá para pagar com biometria.`,
    unconfirmed: (bank: string) =>
      `Não conseguimos confirmar agora com o seu banco se a sua conta em ${bank} continua vinculada a esta loja. Tente de novo em alguns minutos.`,
  },
  /** The API's answers. */
  api: {
    notOffered: 'Este pedido não permite vincular a conta.',
    notLinked: 'Não há conta vinculada para pagar com biometria. Use o código PIX.',
    /** The vínculo ended at the buyer's bank: why the add-on is paid by its PIX code. */
    linkEnded: {
      revoked:
        'O seu banco informou que o vínculo com esta loja foi cancelado, então não dá para pagar com biometria. Pague o adicional com o código PIX abaixo.',
      expired:
        'O vínculo da sua conta com esta loja venceu no seu banco, então não dá para pagar com biometria. Pague o adicional com o código PIX abaixo.',
      unconfirmed:
        'Não conseguimos confirmar agora com o seu banco que o vínculo com esta loja continua ativo, então não dá para pagar com biometria. Pague o adicional com o código PIX abaixo.',
    },
    failed: 'Não foi possível falar com o seu banco agora. Tente de novo em instantes.',
    notRemoved: 'Não foi possível remover o vínculo no banco agora. Tente de novo em instantes.',
    someBank: 'seu banco',
    /** The buyer's copy of their data, for a vínculo whose bank Efí never named to us (never Efí's id of it). */
    unnamedBank: 'banco não informado pela Efí',
  },
} as const;
