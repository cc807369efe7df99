import { Hono, type Context } from 'hono';
import { listenOnLoopback } from '../support/loopback.ts';

/**
 * A scriptable stand-in for the real gateway on a loopback port: each test decides how the
 * products and transactions endpoints answer, and every request is recorded.
 */
export interface StandInGateway {
  url: string;
  requests: Array<{ method: string; path: string; body: unknown }>;
  onProducts: (c: Context) => Response | Promise<Response>;
  onCreate: (c: Context, body: unknown) => Response | Promise<Response>;
  onRead: (c: Context, hash: string) => Response | Promise<Response>;
  stop(): Promise<void>;
}

export const standInProduct = {
  hash: 'prd_standin',
  title: 'Lista de Fornecedores Secretos Vitalícia',
  cover: null,
  offers: [{ hash: 'off_standin', title: null, price: 1990, status: 1 }],
  status: 1,
};

export async function startStandInGateway(): Promise<StandInGateway> {
  const app = new Hono();
  const gateway: StandInGateway = {
    url: '',
    requests: [],
    onProducts: (c) => c.json({ data: [standInProduct], links: { next: null } }),
    onCreate: (c) => c.json({ message: 'not scripted' }, 500),
    onRead: (c) => c.json({ message: 'Transação não encontrada' }, 404),
    stop: async () => undefined,
  };
  app.get('/public/v1/products', (c) => {
    gateway.requests.push({ method: 'GET', path: c.req.path, body: null });
    return gateway.onProducts(c);
  });
  app.post('/public/v1/transactions', async (c) => {
    const body: unknown = await c.req.json().catch(() => null);
    gateway.requests.push({ method: 'POST', path: c.req.path, body });
    return gateway.onCreate(c, body);
  });
  app.get('/public/v1/transactions/:hash', (c) => {
    gateway.requests.push({ method: 'GET', path: c.req.path, body: null });
    return gateway.onRead(c, c.req.param('hash'));
  });
  const listening = await listenOnLoopback(app.fetch);
  gateway.url = listening.url;
  gateway.stop = listening.close;
  return gateway;
}
