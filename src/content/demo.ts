/** Shown on every page, in the payment modal and in the access e-mail while no real gateway is configured. */
export const demoNotice = {
  text: 'Modo demonstração — nenhum pagamento real é cobrado',
} as const;
