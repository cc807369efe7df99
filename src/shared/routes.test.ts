import { describe, expect, it } from 'vitest';
import { routeKey } from './routes.ts';

describe('routeKey', () => {
  it('keeps known routes and never stores tokens or arbitrary paths', () => {
    expect(routeKey('/')).toBe('/');
    expect(routeKey('/presell/')).toBe('/presell');
    expect(routeKey('/acesso')).toBe('/acesso');
    expect(routeKey('/acesso/tok_abc123')).toBe('/acesso/:token');
    expect(routeKey('/painel')).toBe('/painel');
    expect(routeKey('/pedido/ref_abc')).toBe('/pedido/:ref');
    expect(routeKey('/pedido/ref_abc/lembretes/tok')).toBe('/pedido/:ref');
    expect(routeKey('/wp-admin.php')).toBe('*');
  });
});
