/**
 * A/B tests of the page's copy (docs/experiments.md): the verdict's words, the planner's answers and the
 * warnings the console's "Testes A/B" shows.
 */
import type { ExperimentPage } from '../shared/experiments/experiment-api.ts';
import type { PlanWarning } from '../shared/experiments/planner.ts';
import { formatCount } from '../shared/text.ts';
import type { EarlierMetric, ExperimentMetric, Guardrail, PairResult, Verdict } from '../shared/experiments/verdict.ts';

/**
 * The visitor the A/B tests and each page version's sales count (docs/experiments.md#what-is-counted): the same
 * name and the same hint in both places.
 */
export const visitorUnit = {
  label: 'Visitantes',
  hint: 'Visitantes por dia: cada pessoa conta uma vez por dia, por mais que recarregue a página, e de novo a cada dia em que volta. Quem usa o mesmo navegador no mesmo endereço (a mesma casa, o mesmo wi-fi) conta como uma pessoa só. Robôs e quem está no painel não contam.',
} as const;

/** Variants are named by letter: A is the page as it is. */
export function variantLetter(arm: number): string {
  return String.fromCharCode(65 + arm);
}

export function verdictLabel(verdict: Verdict): string {
  switch (verdict.kind) {
    case 'winner':
      return `${variantLetter(verdict.arm)} vence`;
    case 'no-difference':
      return 'sem diferença';
    case 'inconclusive':
      return 'inconclusivo';
    case 'held':
      return 'a divisão do tráfego está desigual';
    case 'continue':
      return 'continue';
  }
}

const SAME = 'praticamente o mesmo';

/**
 * What a version does more of, in the metric's words: "vende 8% mais", "faz mais gente abrir o checkout". An earlier
 * metric never speaks of sales: a version that sends more people to the checkout may still sell the same.
 */
function does(metric: ExperimentMetric, amount: string): string {
  const who = amount === SAME ? 'praticamente o mesmo número de pessoas' : `${amount} gente`;
  switch (metric) {
    case 'checkout':
      return `faz ${who} abrir o checkout`;
    case 'pix':
      return `faz ${who} gerar o PIX`;
    default:
      return `vende ${amount}`;
  }
}

/** The events a verdict waits for, 100 per version: the sales, or the earlier metric's own steps. */
const metricEvents: Record<ExperimentMetric, string> = {
  revenue: 'vendas',
  conversion: 'vendas',
  checkout: 'checkouts iniciados',
  pix: 'PIX gerados',
};

/** An earlier metric's winner is not a sales winner: the explanation says so. */
const earlierCaveat: Record<EarlierMetric, string> = {
  checkout: 'Isso não diz nada sobre vendas: mais gente abrindo o checkout não garante mais PIX pagos.',
  pix: 'Isso não diz nada sobre vendas: mais PIX gerados não garante mais PIX pagos.',
};

export function verdictExplanation(verdict: Verdict, metric: ExperimentMetric = 'revenue'): string {
  switch (verdict.kind) {
    case 'winner': {
      const caveat = metric === 'checkout' || metric === 'pix' ? ` ${earlierCaveat[metric]}` : '';
      return `${variantLetter(verdict.arm)} ${does(metric, 'mais')} que as outras versões, e o cálculo vale mesmo olhando o resultado todo dia.${caveat} Você pode declarar o vencedor.`;
    }
    case 'no-difference':
      return 'Se há diferença entre as versões, ela é menor que a que o teste procurava. Fique com a que preferir e teste uma mudança maior.';
    case 'inconclusive':
      return 'O teste chegou à data final sem vencedor. Isso não prova que as versões vendem igual: a diferença, se existe, é pequena demais para o tráfego desse período. Fique com a versão atual ou teste uma mudança maior.';
    case 'held':
      return 'Cada versão deveria receber a parte de visitantes que você escolheu, e a diferença é grande demais para ser acaso. Algo está mandando visitantes para uma versão só (um link, um cache, um robô). O veredito fica suspenso até a divisão voltar ao normal.';
    case 'continue':
      return verdict.reason === 'few-conversions'
        ? `Ainda não há 100 ${metricEvents[metric]} em cada versão. Antes disso nenhum resultado é confiável.`
        : `Ainda não dá para dizer qual versão ${does(metric, 'mais')}. Pode olhar quantas vezes quiser: o resultado só muda quando for confiável.`;
  }
}

export function guardrailWarning(guardrail: Guardrail, winner: number, against: number): string {
  const what = guardrail === 'refunds' ? 'pedidos de reembolso' : 'contestações';
  return `${variantLetter(winner)} vende mais, mas tem mais ${what} por venda que ${variantLetter(against)}. Veja se a promessa da página não está exagerando antes de declarar o vencedor.`;
}

/** A plan's warning, in what the test's metric counts ("100 checkouts iniciados" on a checkout test). */
export function plannerWarning(warning: PlanWarning, metric: ExperimentMetric): string {
  switch (warning) {
    // Only the metrics the form offers (experimentsConsole.metrics): conversion needs fewer visitors than revenue, and
    // the steps before the payment fewer still.
    case 'long':
      return 'Mais de 60 dias de teste. Teste uma mudança maior (um efeito maior aparece antes) ou meça uma etapa anterior ao pagamento, como quem abriu o checkout, que acontece mais vezes.';
    case 'few-conversions':
      return `No período, cada versão não chega a 100 ${metricEvents[metric]}, o mínimo para um veredito. Deixe o teste correr mais ou teste menos versões.`;
  }
}

export const plannerText = {
  daysForLift: (days: number, lift: number) =>
    `Para achar uma melhora de ${formatLift(lift)} com 80% de chance, o teste precisa de até ${days} dias.`,
  liftForDays: (days: number, lift: number) =>
    `Em ${days} dias, o teste acha com 80% de chance uma melhora de ${formatLift(lift)} ou maior.`,
  /**
   * Before the start, when the lift the seller wants needs more than 60 days at the shop's traffic, or no test
   * answers even in 60: what 60 days can find, and what the seller can change; with `earlier`, what a step before the
   * payment would find, planned the same way (the button under it switches the metric).
   */
  within60Days: (visitorsPerDay: string, lift: number | undefined, metric: ExperimentMetric, evenTwo: boolean, earlier?: EarlierOffer) => {
    const offer = earlier
      ? `meça ${earlierWho[earlier.metric]}: em ${formatCount(earlier.days, { one: 'dia', other: 'dias' })} o teste acha uma melhora de ${formatLift(earlier.lift)}`
      : undefined;
    if (lift === undefined) {
      const change = evenTwo ? 'espere a loja ter mais visitas antes de testar' : 'teste só duas versões, meio a meio';
      return `Com ${visitorsPerDay} visitantes por dia, nem em 60 dias cada versão chega com segurança a 100 ${metricEvents[metric]}, o mínimo para um veredito: ${offer ? `${offer}, ou ${change}` : change}.`;
    }
    const other = offer
      ? `, ou ${offer}`
      : metric === 'revenue'
        ? ', ou meça a conversão em PIX pago, que pede menos visitantes'
        : evenTwo
          ? ''
          : ', ou só duas versões, meio a meio';
    return `Com ${visitorsPerDay} visitantes por dia, em 60 dias o teste só acha com 80% de chance uma melhora de ${formatLift(lift)} ou maior: teste uma mudança mais ousada${other}.`;
  },
  /** The one tap that switches the form's metric to the earlier step the sentence offers. */
  switchMetric: (metric: EarlierMetric) => `Medir ${earlierWho[metric]}`,
  noLiftFits: (metric: ExperimentMetric) =>
    `Nesse período a loja não chega a 100 ${metricEvents[metric]} por versão: nenhum teste dá resposta. Aumente o prazo.`,
  medianDays: (days: number) => `Se a melhora for real, metade dos testes termina até o dia ${Math.ceil(days)}.`,
  sequentialCost:
    'O cálculo deixa você olhar o resultado todo dia sem inventar vencedores; o preço disso é precisar de mais visitantes que um teste olhado uma vez só.',
};

/** A step before the payment the planner offers when a sale is too rare: its plan, by the same planner. */
export interface EarlierOffer {
  metric: EarlierMetric;
  days: number;
  lift: number;
}

const earlierDid: Record<EarlierMetric, string> = {
  checkout: 'abriram o checkout',
  pix: 'geraram o PIX',
};

const earlierWho: Record<EarlierMetric, string> = {
  checkout: 'quem abriu o checkout',
  pix: 'quem gerou o PIX',
};

const SUPERSCRIPTS = '⁰¹²³⁴⁵⁶⁷⁸⁹';

/** "= 6,3 × 10⁻⁵"; under 10⁻¹² the chi-square's arithmetic has no digit left to show, so "< 10⁻¹²" rather than 0. */
export function formatPValue(p: number): string {
  if (p < 1e-12) return '< 10⁻¹²';
  const [mantissa, exponent] = p.toExponential(1).split('e') as [string, string];
  const power = Number(exponent);
  const superscript = [...String(Math.abs(power))].map((digit) => SUPERSCRIPTS[Number(digit)]).join('');
  return `= ${mantissa.replace('.', ',')} × 10${power < 0 ? '⁻' : ''}${superscript}`;
}

function formatLift(lift: number): string {
  return `${Math.round(lift * 100)}%`;
}

/** The console API's refusals when a test is created, stopped or decided (routes/admin/experiments.ts). */
export const experimentsApi = {
  invalid: 'Confira os campos do teste.',
  notFound: 'Teste não encontrado.',
  /** CDC art. 39: two prices for two buyers; a buyer who saw the lower one may demand it. */
  priceChanged:
    'Um teste A/B nunca muda preços nem valores anunciados: dois preços para dois compradores é arriscado pelo Código de Defesa do Consumidor (art. 39), e quem viu o preço menor pode exigi-lo. Teste textos, imagens e seções.',
  notPageField: (page: string) => `Esse campo não faz parte da página ${page}: o teste só muda textos, imagens e seções dela.`,
  controlChanged: 'A versão A é a página publicada, sem mudanças: as mudanças vão nas versões B, C ou D.',
  sameAsControl: (letter: string) => `A versão ${letter} é igual à página publicada. Mude algum campo ou remova a versão.`,
  invalidField: (letter: string) => `A versão ${letter} tem um campo inválido.`,
  copyClaim: (letter: string, refusal: string) => `A versão ${letter} promete o que a loja não dá. ${refusal}`,
  prototypeKey: (letter: string, key: string) =>
    `A versão ${letter} tem um campo chamado "${key}", que não existe na página e é recusado por segurança.`,
  tooLarge: (letter: string, size: string, budget: string) =>
    `A versão ${letter} deixaria a página com ${size}, acima do limite de ${budget} que a mantém rápida.`,
  endDate: 'A data de término precisa ser depois de agora e em até um ano.',
  alreadyRunning: (page: string) => `Já há um teste rodando em ${page}. Encerre-o antes de começar outro: um teste por página de cada vez.`,
  notRunning: 'Esse teste já foi encerrado.',
  noSuchVariant: 'Esse teste não tem essa versão.',
  /** What the seller types to publish a version the verdict does not name. */
  noEvidencePhrase: 'SEM EVIDÊNCIA',
  noEvidence:
    'O resultado do teste não aponta essa versão como vencedora. Para publicá-la mesmo assim, como escolha sua e sem vencedor comprovado, digite SEM EVIDÊNCIA na confirmação.',
  published: 'Outra publicação entrou no meio. Tente de novo.',
} as const;

/** "12% mais" / "8% menos" / "praticamente o mesmo": a relative lift in words. */
function liftWords(lift: number): string {
  if (Math.round(Math.abs(lift) * 100) === 0) return SAME;
  return `${formatLift(Math.abs(lift))} ${lift < 0 ? 'menos' : 'mais'}`;
}

/** "12% a mais" / "8% a menos": a bound of a lift's interval in words. */
function boundWords(lift: number): string {
  return `${formatLift(Math.abs(lift))} a ${lift < 0 ? 'menos' : 'mais'}`;
}

/** What the test has measured between `pick` and each version it was compared with, the later version against the earlier. */
function measured(pick: number, pairs: readonly PairResult[], metric: ExperimentMetric): string[] {
  return pairs
    .filter((pair) => pair.relative && (pair.control === pick || pair.treatment === pick))
    .map(({ control, treatment, relative }) => {
      const { estimate, lower, upper } = relative!;
      return `até agora a versão ${variantLetter(treatment)} ${does(metric, liftWords(estimate))} que a ${variantLetter(control)}, mas a diferença real pode ir de ${boundWords(lower)} a ${boundWords(upper)}`;
    });
}

/**
 * "Declarar vencedor"'s dialog: what the verdict says about the version picked, and how likely it is to be luck, in
 * words a seller can act on (docs/experiments.md#console, "A winner needs evidence").
 */
function declareEvidence(verdict: Verdict, pairs: readonly PairResult[], pick: number, metric: ExperimentMetric = 'revenue'): string {
  const letter = variantLetter(pick);
  const more = does(metric, 'mais');
  const choice = `Se publicá-la, o teste fica registrado como encerrado sem vencedor comprovado e a versão entra no ar como escolha sua.`;
  if (verdict.kind === 'winner')
    return verdict.arm === pick
      ? `Os números mostram que a versão ${letter} ${more}, com no máximo 5% de chance de ser acaso, mesmo olhando todo dia.`
      : `Os números mostram que a versão ${variantLetter(verdict.arm)} ${more} que a ${letter}, com no máximo 5% de chance de ser acaso. ${choice}`;
  if (verdict.kind === 'held')
    return `Nada mostra que a versão ${letter} ${more}: com a divisão dos visitantes desigual, os números das versões não podem ser comparados. ${choice}`;
  // No pair is compared before every version has its 100 sales (or 100 of the earlier step; shared/experiments/verdict.ts).
  if (pairs.length === 0)
    return `Nada mostra que a versão ${letter} ${more}: com menos de 100 ${metricEvents[metric]} em cada versão, qualquer diferença pode ser acaso. ${choice}`;
  const figures = measured(pick, pairs, metric);
  if (figures.length === 0) return `Nada mostra que a versão ${letter} ${more}: a diferença que aparece pode ser acaso. ${choice}`;
  return `Nada mostra que a versão ${letter} ${more}: ${figures.join('; ')}. A chance de a diferença ser acaso passa de 5%. ${choice}`;
}

/** The console's "Testes A/B" screen (src/client/admin/experiments/). */
export const experimentsConsole = {
  tab: 'Testes A/B',
  title: 'Testes A/B',
  intro:
    'Mostre versões diferentes da página a visitantes diferentes e veja qual vende mais. Cada visitante recebe a versão dele já pronta do servidor, sempre a mesma no dia: sem troca na tela e sem script a mais.',
  neverPriceTitle: 'Por que o preço nunca entra no teste',
  loading: 'Carregando os testes…',
  failed: 'Não foi possível carregar os testes.',
  listTitle: 'Seus testes',
  none: 'Nenhum teste ainda. Comece pelo título do topo: é o que mais muda a venda.',
  status: {
    running: 'Em andamento',
    stopped: 'Encerrado',
    decided: 'Vencedor declarado',
    chosen: 'Encerrado sem vencedor comprovado',
  },
  pages: { '/': 'Página de vendas (/)', '/presell': 'Pré-venda (/presell)' },
  metrics: {
    revenue: 'Receita por visitante',
    conversion: 'Conversão em PIX pago',
    checkout: 'Abriu o checkout',
    pix: 'Gerou o PIX',
  } satisfies Record<ExperimentMetric, string>,
  period: (start: string, end: string) => `De ${start} até ${end}`,
  form: {
    title: 'Novo teste',
    page: 'Página testada',
    name: 'Nome do teste',
    namePlaceholder: 'Ex.: título do topo',
    control: 'Versão A: a página como está no ar. As mudanças vão nas outras versões.',
    variant: (letter: string) => `Versão ${letter}`,
    section: 'Parte da página que muda',
    changes: (letter: string) => `O que muda na versão ${letter}`,
    unchanged: (letter: string) => `A versão ${letter} ainda é igual à página publicada: mude algum campo acima.`,
    add: 'Adicionar versão',
    remove: (letter: string) => `Remover a versão ${letter}`,
    split: 'Divisão dos visitantes',
    share: (letter: string) => `Versão ${letter} (%)`,
    splitSum: (sum: number) => `Soma: ${sum}%. Cada visitante cai em uma versão nessa proporção.`,
    splitInvalid: 'Cada versão precisa de 1% a 100% dos visitantes.',
    endDate: 'Data de término',
    metric: 'Métrica principal',
    metricHint:
      'Receita por visitante conta o order bump e o adicional; conversão conta só se pagou. Abriu o checkout e gerou o PIX são etapas antes do pagamento: respondem antes, mas não provam que a versão vende mais.',
    lift: 'Melhora que você quer achar (%)',
    start: 'Começar teste',
    starting: 'Começando…',
    started: 'Teste começado. Os visitantes já recebem as versões.',
    pageBusy: (page: string) => `Já há um teste rodando em ${page}. Pare-o ou declare o vencedor antes de começar outro.`,
    fixErrors: 'Corrija os campos marcados antes de começar.',
  },
  planner: {
    title: 'Antes de começar: quanto tempo o teste precisa',
    /** `/presell`'s rates are the landing's times the share who tap "Sim, quero!" (experiment-figures.ts plannerInputs). */
    inputs: (page: ExperimentPage, visitors: string, rate: string, earlier?: { metric: EarlierMetric; rate: string }) =>
      `Últimos 28 dias da loja: ${visitors} visitantes por dia em ${page}, ${page === '/' ? rate : `contando quem segue para / e lá compra como os outros, cerca de ${rate}`} deles pagaram o PIX${earlier ? `; ${earlier.rate} ${earlierDid[earlier.metric]}` : ''}.`,
    noHistory: (page: ExperimentPage) =>
      `A loja ainda não tem visitas e vendas nos últimos 28 dias em ${page}: sem elas não dá para calcular o prazo. O teste pode começar, mas espere muitas semanas antes de um resultado.`,
    visitors: (count: string) => `Visitantes necessários, somando as versões: ${count}.`,
    /** Returns the daily hash drew again (planner.ts redrawnReturns): their sales dilute the lift, and the plan counts on it. */
    returns: (share: string) =>
      `Nos testes, ${share} das visitas são de quem voltou em outro dia sem o cookie e recebeu outra versão sorteada: a venda dessa pessoa pode contar para a versão que ela não viu primeiro, e o plano já pede mais visitantes por isso.`,
    /**
     * Without a test's visitors or a buyer who accepted the cookie, returns drawn again cannot be measured (planner.ts):
     * with the end date's plan, what it finds if that share of the visits are returns (planner.ts unmeasuredReturnShares).
     */
    returnsUnmeasured: (days?: number, ifReturning?: readonly { share: number; lift: number | undefined }[]) => {
      const assumed =
        'O plano supõe que quem volta em outro dia é pouca gente. A loja ainda não tem como medir isso (precisa de um teste rodando e de compradores que aceitaram os cookies)';
      if (days === undefined || !ifReturning?.length)
        return `${assumed}: se muita gente volta, o teste precisa de mais tempo ou só acha melhoras maiores.`;
      const cases = ifReturning.map(({ share, lift }, index) => {
        const finds = lift === undefined ? 'nenhuma melhora' : `uma melhora de ${formatLift(lift)} ou maior`;
        return index === 0
          ? `Se ${formatLift(share)} das visitas forem de quem já veio em outro dia, em ${days} dias o teste só acha com 80% de chance ${finds}`
          : `se forem ${formatLift(share)}, ${finds}`;
      });
      return `${assumed}. ${cases.join('; ')}.`;
    },
    calculating: 'Calculando…',
  },
  results: {
    variant: (letter: string) => `Versão ${letter}`,
    share: (weight: number, control: boolean) => `${weight}% dos visitantes${control ? ' · a página publicada' : ''}`,
    visitors: visitorUnit.label,
    visitorsHint: visitorUnit.hint,
    checkouts: 'Checkouts iniciados',
    pixGenerated: 'PIX gerados',
    pixPaid: 'PIX pagos',
    conversion: 'Conversão (PIX pago)',
    /** The earlier metric's rate per visitor, on a card of a test that measures it. */
    earlierRate: { checkout: 'Abriu o checkout (por visitante)', pix: 'Gerou o PIX (por visitante)' } satisfies Record<
      EarlierMetric,
      string
    >,
    interval: (low: string, high: string) => `de ${low} a ${high}`,
    revenuePerVisitor: 'Receita por visitante',
    refunds: 'Pedidos de reembolso',
    disputes: 'Contestações',
    verdict: 'Resultado',
    comparison: (treatment: string, control: string) => `${treatment} contra ${control}`,
    relative: (estimate: string, low: string, high: string) => `${estimate} (de ${low} a ${high}, válido mesmo olhando todo dia)`,
    sampleRatio: (p: number) => `Teste da divisão: p ${formatPValue(p)}.`,
    /** A running test against its plan (shared/experiments/progress.ts): visitors and sales per version, days left. */
    progress: 'Andamento do teste',
    progressVisitors: (visitors: string, planned: string) => `${visitors} de ${planned} visitantes do plano`,
    progressSales: (sales: string, reached: boolean, metric: ExperimentMetric = 'revenue') =>
      reached
        ? `${sales} ${metricEvents[metric]}: já passou do mínimo de 100 para um veredito`
        : `${sales} de 100 ${metricEvents[metric]}, o mínimo para um veredito`,
    daysLeft: (days: number, perDay: string) =>
      `${days === 1 ? 'Falta' : 'Faltam'} cerca de ${formatCount(days, { one: 'dia', other: 'dias' })} no ritmo de hoje: ${perDay} visitantes por dia nos últimos dias.`,
    planReached: 'Todas as versões já têm os visitantes do plano.',
    noTrafficYet: 'Ainda sem visitantes neste teste: o tempo que falta aparece quando as visitas começarem a contar.',
    pastEnd: (end: string) => `Nesse ritmo, o plano só se completa depois da data de término (${end}).`,
    stop: 'Parar',
    stopTitle: 'Parar o teste?',
    stopBody: 'Todos os visitantes passam a ver a página publicada. Os números do teste ficam guardados.',
    stopped: 'Teste parado. Todos veem a página publicada.',
    winnerPick: 'Versão vencedora',
    winnerNone: 'Escolha uma versão',
    winner: 'Declarar vencedor',
    winnerTitle: (letter: string) => `Declarar a versão ${letter} vencedora?`,
    chosenTitle: (letter: string) => `Publicar a versão ${letter} sem vencedor comprovado?`,
    winnerBody: (letter: string) =>
      `A versão ${letter} é publicada como uma nova versão da página (aparece no histórico de Página) e o teste termina para todos.`,
    /** The verdict in plain words before any choice: what the figures show and how sure they are. */
    verdictNow: (verdict: string) => `Resultado do teste agora: ${verdict}.`,
    evidence: declareEvidence,
    noEvidenceLabel: 'Para publicar mesmo assim, digite SEM EVIDÊNCIA',
    chosenPublished: (version: number) => `Versão publicada como a versão ${version} da página, sem vencedor comprovado.`,
    chosenDeclared: (letter: string, version: number | null) =>
      `Versão ${letter} publicada por escolha sua${version === null ? '' : ` como a versão ${version} da página`}.`,
    published: (version: number) => `Vencedor publicado como a versão ${version} da página.`,
    winnerDeclared: (letter: string, version: number | null) =>
      `Versão ${letter} declarada vencedora${version === null ? '' : `, publicada como a versão ${version} da página`}.`,
  },
} as const;
