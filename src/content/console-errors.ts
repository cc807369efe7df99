/** What the console says when one of its areas fails to show (docs/operations.md#console-errors). */
export const consoleErrors = {
  /** `area`: the tab's name as the navigation shows it. */
  areaFailed: (area: string) => `A área “${area}” parou por causa de um erro.`,
  consoleFailed: 'O painel parou por causa de um erro.',
  /** Página keeps what was typed in this browser (docs/editing.md#drafts-and-merges). */
  typedKept: 'O que você digitou aqui continua guardado neste navegador e volta quando a área for recarregada.',
  savedKept: 'Nada do que já foi salvo se perdeu.',
  othersWork: 'As outras áreas do painel continuam funcionando: use o menu acima.',
  reported: 'O erro é enviado ao servidor, para quem cuida do site.',
  reload: 'Recarregar esta área',
  reloadConsole: 'Recarregar o painel',
};

export const consoleErrorsApi = {
  invalid: 'Relato de erro inválido.',
  tooLarge: 'Relato de erro grande demais.',
  tooMany: 'Relatos de erro demais desta sessão. Tente de novo em um minuto.',
};
