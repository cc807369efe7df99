import path from 'node:path';
import Database from 'better-sqlite3';
import type { RunningServer } from '../tests/e2e/server.ts';

/**
 * A second server whose `/` carries section 6 with published verified reviews (docs/reviews.md),
 * measured beside the plain `/` in the same Lighthouse sitting: the reviews arrive as static HTML
 * in the first byte, so the figures must not move. Six reviews, two rows of cards on a desktop
 * and six cards down a phone's page; the words are the bench's own, in a throwaway data folder.
 */
const REVIEWS = [
  'Achei três fornecedores de roupas no primeiro dia e já fiz o meu primeiro pedido. Vale cada centavo.',
  'Lista organizada e com contatos que respondem. Comprei de dois fornecedores de streaming.',
  'Chegou no e-mail na hora e a busca por categoria ajuda muito.',
  'Já recuperei o valor na primeira revenda de assinatura.',
  'Os contatos de recarga funcionaram, atendimento rápido pelo WhatsApp.',
  'Bom material para quem está começando a revender.',
];

export async function startReviewsServer(startServer: (env: Record<string, string>) => Promise<RunningServer>): Promise<RunningServer> {
  const server = await startServer({ REVIEWS_MIN: '3' });
  const db = new Database(path.join(server.dataDir, 'vitrine.sqlite'));
  try {
    const insert = db.prepare(
      `insert into reviews (order_id, rating, text, display_name, city, state, photo_url, consent_at, status, position,
        purchased_at, created_at, updated_at, published_at) values (?, ?, ?, ?, ?, ?, null, ?, 'published', ?, ?, ?, ?, ?)`,
    );
    const names = ['Marina A.', 'Carlos S.', 'Joana P.', 'Rui C.', 'Beatriz L.', 'Pedro M.'];
    const places = [
      ['Recife', 'PE'],
      ['Curitiba', 'PR'],
      [null, 'SP'],
      ['Belém', 'PA'],
      ['Natal', 'RN'],
      [null, null],
    ] as const;
    for (const [index, text] of REVIEWS.entries()) {
      const at = Date.now() - (index + 2) * 24 * 60 * 60_000;
      insert.run(
        `bench_review_${index}`,
        index % 3 === 2 ? 4 : 5,
        text,
        names[index],
        places[index]![0],
        places[index]![1],
        at,
        index,
        at,
        at,
        at,
        at,
      );
    }
  } finally {
    db.close();
  }
  // Every instance compares the published reviews every 2 s (server/reviews/landing-reviews.ts).
  for (let attempt = 0; attempt < 50; attempt++) {
    const html = await (await fetch(`${server.url}/`)).text();
    if (html.includes('Compra verificada')) return server;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await server.stop();
  throw new Error('The reviews server never showed its published reviews on /');
}
