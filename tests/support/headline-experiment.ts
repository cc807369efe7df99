/** A test of `/`'s headline, A the published page and B another headline, as the console sends it (POST /api/admin/experiments). */
export function headlineExperiment(endsAt: number) {
  return {
    page: '/',
    name: 'Título do topo',
    variants: [
      { weight: 1, patch: {} },
      { weight: 1, patch: { hero: { headline: 'Os fornecedores que as lojas grandes usam, em uma lista só', highlight: 'lista só' } } },
    ],
    metric: 'revenue',
    plannedVisitors: 20_000,
    endsAt,
  };
}
