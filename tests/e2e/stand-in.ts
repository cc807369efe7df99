import { serve, type ServerType } from '@hono/node-server';
import { Hono, type Context } from 'hono';
import type { AddressInfo } from 'node:net';

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
    data: [{ hash: 'prd_e2e', title: 'Lista de Fornecedores Secretos Vitalícia', cover: null, offers: [{ hash: 'off_e2e', title: null, price: 1990, status: 1 }] }],
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
  const server: ServerType = await new Promise((resolve) => {
    const listening = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(listening));
  });
  gateway.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  gateway.stop = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return gateway;
}
