import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RichText } from './rich-text.tsx';

describe('a multi-line text on the page', () => {
  it('shows its line breaks, bold and links as elements, and any HTML typed as text', () => {
    const html = renderToStaticMarkup(
      <RichText text={'Pague **uma vez**.\nLeia os [termos](/termos). <script>alert(1)</script> [x](javascript:alert(1))'} />,
    );
    expect(html).toBe(
      'Pague <strong class="font-bold text-white">uma vez</strong>.<br/>Leia os ' +
        '<a href="/termos" class="font-semibold text-brand-300 underline underline-offset-4">termos</a>. ' +
        '&lt;script&gt;alert(1)&lt;/script&gt; [x](javascript:alert(1))',
    );
  });

  it('is the same string as before for a text without them', () => {
    expect(
      renderToStaticMarkup(
        <p>
          <RichText text="Sem marcação." />
        </p>,
      ),
    ).toBe('<p>Sem marcação.</p>');
  });
});
