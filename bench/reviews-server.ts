import type { RunningServer } from '../tests/e2e/server.ts';
import { insertOrderRow, insertReviewRow } from '../tests/support/db-reads.ts';
import { withServerDb } from '../tests/support/server-process.ts';

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
  const names = ['Marina A.', 'Carlos S.', 'Joana P.', 'Rui C.', 'Beatriz L.', 'Pedro M.'];
  const places = [
    ['Recife', 'PE'],
    ['Curitiba', 'PR'],
    [null, 'SP'],
    ['Belém', 'PA'],
    ['Natal', 'RN'],
    [null, null],
  ] as const;
  await withServerDb(server.dataDir, async (db) => {
    for (const [index, text] of REVIEWS.entries()) {
      const at = Date.now() - (index + 2) * 24 * 60 * 60_000;
      const orderId = `bench_review_${index}`;
      // Its purchase, paid: only a purchase that still stands shows its review (docs/reviews.md).
      await insertOrderRow(db, { id: orderId, status: 'paid', created_at: at });
      await insertReviewRow(db, {
        order_id: orderId,
        rating: index % 3 === 2 ? 4 : 5,
        text,
        display_name: names[index]!,
        city: places[index]![0],
        state: places[index]![1],
        photo_url: null,
        consent_at: at,
        status: 'published',
        position: index,
        purchased_at: at,
        created_at: at,
        updated_at: at,
        published_at: at,
      });
    }
  });
  // Every instance compares the published reviews every 2 s (server/reviews/landing-reviews.ts).
  for (let attempt = 0; attempt < 50; attempt++) {
    const html = await (await fetch(`${server.url}/`)).text();
    if (html.includes('Compra verificada')) return server;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await server.stop();
  throw new Error('The reviews server never showed its published reviews on /');
}
