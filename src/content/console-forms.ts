/** What the console's forms say about the seller's typing (docs/editing.md#what-a-reload-keeps), in pt-BR. */
export const consoleForms = {
  /** Above a form whose typing came back from this browser after a reload. */
  restored: 'Recuperamos o que você digitou.',
  /** Under a field with a limit: "85/80 caracteres". */
  counter: (used: number, max: number) => `${used}/${max} caracteres`,
  /** Under a field past its limit: the text stays as typed, and nothing is saved until it is shortened. */
  overLimit: (max: number) => `O texto passou do limite de ${max} caracteres. Encurte-o para salvar.`,
};
