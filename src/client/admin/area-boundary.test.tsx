// @vitest-environment happy-dom
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AreaBoundary } from './area-boundary.tsx';

/**
 * An area that throws while it renders: the console keeps its other parts, says in Portuguese which area failed and
 * that the typed text is kept, reports it to the server, and "Recarregar esta área" mounts the area anew from the
 * text kept in this browser.
 */
declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

let container: HTMLElement;
let root: Root;
let reports: unknown[];
/** What React would print for a caught error: the test reads it instead (a console.error fails a test). */
let caught: unknown[];

beforeEach(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  reports = [];
  caught = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      reports.push(JSON.parse(init.body as string));
      return new Response(null, { status: 204 });
    }),
  );
  // Node's own localStorage (without --localstorage-file) shadows the DOM's: a plain one in its place.
  const kept = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => kept.get(key) ?? null,
    setItem: (key: string, value: string) => void kept.set(key, value),
  });
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container, { onCaughtError: (error) => caught.push(error) });
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
});

const button = (name: string) => [...container.querySelectorAll('button')].find((candidate) => candidate.textContent === name) ?? null;

/** A stand-in for Página: its text starts from the browser's copy, and it breaks while `broken` says so. */
const state = { broken: false, mounts: 0 };
function DraftArea() {
  const [text] = useState(() => {
    state.mounts += 1;
    return localStorage.getItem('typed') ?? '';
  });
  if (state.broken) throw new Error('amount must be integer centavos, got NaN');
  return <p>Texto: {text}</p>;
}

function Console({ area, name }: { area: 'page' | 'orders' | 'console'; name: string }) {
  return (
    <>
      <nav>Seções do painel</nav>
      <AreaBoundary area={area} name={name}>
        <DraftArea />
      </AreaBoundary>
    </>
  );
}

describe('an area that throws', () => {
  it('shows which area failed in Portuguese, keeps the rest of the console, reports it, and reloads the area with the typed text', async () => {
    state.broken = false;
    state.mounts = 0;
    act(() => root.render(<Console area="page" name="Página" />));
    expect(container.textContent).toContain('Texto:');

    // The seller types (the area writes its local copy), and the next render throws.
    localStorage.setItem('typed', 'Selo de garantia');
    state.broken = true;
    act(() => root.render(<Console area="page" name="Página" />));

    expect(container.textContent).toContain('Seções do painel');
    expect(container.textContent).toContain('A área “Página” parou por causa de um erro.');
    expect(container.textContent).toContain('O que você digitou aqui continua guardado neste navegador');
    expect(container.textContent).toContain('As outras áreas do painel continuam funcionando');
    expect(container.querySelector('[role="alert"]')).not.toBeNull();
    expect(caught).toHaveLength(1);
    await act(async () => undefined);
    expect(reports).toEqual([
      expect.objectContaining({ area: 'page', kind: 'render', name: 'Error', message: 'amount must be integer centavos, got NaN' }),
    ]);

    // Still broken: the notice stays. Mended: the area is mounted anew and starts from the text kept.
    state.broken = false;
    const mountsBefore = state.mounts;
    act(() => button('Recarregar esta área')!.click());
    expect(state.mounts).toBe(mountsBefore + 1);
    expect(container.textContent).toContain('Texto: Selo de garantia');
    expect(container.textContent).not.toContain('parou por causa de um erro');
  });

  it('an area with nothing typed says nothing saved was lost', () => {
    state.broken = true;
    act(() => root.render(<Console area="orders" name="Pedidos" />));
    expect(container.textContent).toContain('A área “Pedidos” parou por causa de um erro.');
    expect(container.textContent).toContain('Nada do que já foi salvo se perdeu.');
    expect(container.textContent).not.toContain('O que você digitou');
  });

  it('the whole console failing still shows a notice and "Recarregar o painel", never a blank page', () => {
    state.broken = true;
    act(() => root.render(<Console area="console" name="Painel" />));
    expect(container.textContent).toContain('O painel parou por causa de um erro.');
    expect(button('Recarregar o painel')).not.toBeNull();
    state.broken = false;
    act(() => button('Recarregar o painel')!.click());
    expect(container.textContent).toContain('Texto:');
  });
});
