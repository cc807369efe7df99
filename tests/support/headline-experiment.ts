import type { ExperimentMetric } from '../../src/shared/experiments/verdict.ts';

/**
 * A test of `/`'s headline, A the published page and B another headline (ending in its highlight, "lista só"), as the
 * console sends it (POST /api/admin/experiments); revenue per visitor tuned to 20,000 visitors unless told otherwise.
 */
export function headlineExperiment(
  endsAt: number,
  options: { headline?: string; metric?: ExperimentMetric; plannedVisitors?: number } = {},
) {
  const headline = options.headline ?? 'Os fornecedores que as lojas grandes usam, em uma lista só';
  return {
    page: '/',
    name: 'Título do topo',
    variants: [
      { weight: 1, patch: {} },
      { weight: 1, patch: { hero: { headline, highlight: 'lista só' } } },
    ],
    metric: options.metric ?? 'revenue',
    plannedVisitors: options.plannedVisitors ?? 20_000,
    endsAt,
  };
}
