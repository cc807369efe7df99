import { Hono, type Context } from 'hono';
import { listenOnLoopback } from '../support/loopback.ts';

/** A gateway stand-in on a loopback port whose answers each test scripts. */
export interface ScriptedGateway {
  url: string;
  products: (c: Context) => Response | Promise<Response>;
  create: (c: Context) => Response | Promise<Response>;
  posts: number;
  stop(): Promise<void>;
}

export const goodProducts = (c: Context) =>
  c.json({
    data: [
      {
        hash: 'prd_e2e',
        title: 'Lista de Fornecedores Secretos Vitalícia',
        cover: null,
        offers: [{ hash: 'off_e2e', title: null, price: 1990, status: 1 }],
      },
    ],
    links: { next: null },
  });

export async function startScriptedGateway(): Promise<ScriptedGateway> {
  const app = new Hono();
  const gateway: ScriptedGateway = {
    url: '',
    products: goodProducts,
    create: (c) => c.json({ message: 'not scripted' }, 500),
    posts: 0,
    stop: async () => undefined,
  };
  app.get('/public/v1/products', (c) => gateway.products(c));
  app.post('/public/v1/transactions', (c) => {
    gateway.posts++;
    return gateway.create(c);
  });
  const listening = await listenOnLoopback(app.fetch);
  gateway.url = listening.url;
  gateway.stop = listening.close;
  return gateway;
}
