import { describe, expect, it } from 'vitest';
import { isServedAtPath, matchPage, pageKeys, pageName, routeKey } from './route-lookup.ts';
import { documentFile, paths, routeKeys } from './routes.ts';

describe('routeKey', () => {
  it('keeps known routes and never stores tokens or arbitrary paths', () => {
    expect(routeKey('/')).toBe('/');
    expect(routeKey('/presell/')).toBe('/presell');
    expect(routeKey('/termos')).toBe('/termos');
    expect(routeKey('/privacidade')).toBe('/privacidade');
    expect(routeKey('/acesso')).toBe('/acesso');
    expect(routeKey('/acesso/tok_abc123')).toBe('/acesso/:token');
    expect(routeKey('/painel')).toBe('/painel');
    expect(routeKey('/pedido/ref_abc')).toBe('/pedido/:ref');
    expect(routeKey('/pedido/ref_abc/lembretes/tok')).toBe('/pedido/:ref');
    expect(routeKey('/pedido')).toBe('*');
    expect(routeKey('/wp-admin.php')).toBe('*');
  });
});

describe('matchPage', () => {
  it("finds each page at its path, trailing slashes aside, and a parameter's one segment", () => {
    expect(matchPage('/')).toBe('landing');
    expect(matchPage('/presell/')).toBe('presell');
    expect(matchPage('/termos')).toBe('terms');
    expect(matchPage('/acesso')).toBe('access');
    expect(matchPage('/acesso/tok_abc123')).toBe('access');
    expect(matchPage('/painel')).toBe('admin');
    expect(matchPage('/pedido/ref_abc')).toBe('order');
  });

  it('shows the 404 page anywhere else', () => {
    for (const pathname of ['/pedido', '/pedido/ref_abc/lembretes/tok', '/acesso/a/b', '/painel/x', '/termos.html', '/nada']) {
      expect(matchPage(pathname), pathname).toBe('notFound');
    }
  });
});

describe('the route table', () => {
  it('gives each page its path without the parameter, and a document file', () => {
    expect(paths).toMatchObject({ landing: '/', presell: '/presell', access: '/acesso', admin: '/painel', order: '/pedido' });
    expect(documentFile('landing')).toBe('index.html');
    expect(documentFile('order')).toBe('pedido/index.html');
    expect(documentFile('notFound')).toBe('404.html');
    expect(new Set(pageKeys.map(documentFile)).size).toBe(routeKeys.length + 1);
  });

  it('sends a page with a required parameter only with it', () => {
    expect(isServedAtPath('access')).toBe(true);
    expect(isServedAtPath('admin')).toBe(true);
    expect(isServedAtPath('order')).toBe(false);
  });

  it('names page modules in kebab-case', () => {
    expect(pageName('notFound')).toBe('not-found');
    expect(pageName('landing')).toBe('landing');
  });
});
