/** The console editor's drafts, merges and autosave (docs/editing.md#drafts-and-merges), in pt-BR. */
export const pageDraftsApi = {
  draftChanged:
    'Este rascunho foi salvo de novo em outra aba. A prévia agora mostra o que foi salvo por último: confira e publique de novo.',
  conflict: (count: number) =>
    count === 0
      ? 'Outra pessoa publicou enquanto você editava. Juntamos as alterações dela às suas: confira a prévia e publique de novo.'
      : count === 1
        ? 'Outra pessoa publicou enquanto você editava e mudou também um campo que você mudou. Escolha qual texto manter e publique de novo.'
        : `Outra pessoa publicou enquanto você editava e mudou também ${count} campos que você mudou. Escolha qual texto manter em cada um e publique de novo.`,
};

export const pageDrafts = {
  autosaving: 'Salvando rascunho…',
  autosaved: 'Rascunho salvo automaticamente.',
  restoredLocal: 'Recuperamos o que você digitou e ainda não estava salvo.',
  liveMoved: (number: number) =>
    `Outra pessoa publicou a versão ${number}. Suas alterações continuam aqui e serão juntadas a ela ao publicar.`,
  conflictsTitle: 'Escolha o texto de cada campo',
  conflictsIntro: 'Estes campos foram mudados por você e por quem publicou antes. Os outros campos já foram juntados.',
  theirs: 'Publicado por outra pessoa',
  mine: 'O seu',
  keepTheirs: 'Manter o publicado',
  keepMine: 'Manter o meu',
  /** An item (a question, a step, a bonus) both changed: both versions stay in the list, the published one first. */
  keepBoth: 'Manter os dois',
  keepBothHint: 'Com “Manter os dois”, a versão publicada e a sua ficam na lista, uma depois da outra.',
  /** An item one side removed. */
  removed: '(removido)',
  picked: 'Escolhido',
  /** A price or a list shown as text: a number in cents as reais, a list item per line. */
  empty: '(vazio)',
  leave: 'Há alterações na página ainda não salvas. Sair mesmo assim?',
  /** Every draft save of the last day, from any tab or device (docs/editing.md#drafts-and-merges). */
  saves: {
    open: 'Rascunhos salvos nas últimas 24 horas',
    intro:
      'Cada rascunho salvo, nesta aba, em outra aba ou em outro aparelho, fica aqui por 24 horas. Use um deles para trazê-lo de volta ao formulário; nada é publicado.',
    loading: 'Carregando os rascunhos salvos…',
    failed: 'Não foi possível carregar os rascunhos salvos. Tente de novo.',
    none: 'Nenhum rascunho salvo nas últimas 24 horas.',
    thisTab: 'esta aba',
    otherTab: 'outra aba deste acesso',
    changes: 'Muda em relação à página no ar',
    noChanges: 'Igual à página no ar.',
    more: (count: number) => (count === 1 ? 'e mais 1 campo' : `e mais ${count} campos`),
    takeBack: 'Usar este rascunho',
    takeBackLabel: (when: string) => `Usar o rascunho salvo em ${when}`,
    takenBack: (when: string) => `O rascunho salvo em ${when} voltou ao formulário e será salvo automaticamente. Nada foi publicado.`,
  },
};
