import type { LookMessages } from '../shared/offer-look.ts';

/** The build's look: no logo image (the monogram and name), the theme's green, no hero video. */
export const look = { logo: '', accentColor: '' } as const;

export const lookLabels = {
  title: 'Logo e cor',
  hint:
    'A logo aparece no topo das páginas (até 40 px de altura), no lugar do nome. A cor de destaque pinta os botões de compra e os destaques: ' +
    'o texto branco dos botões, o botão sobre o fundo escuro e os textos em destaque precisam continuar legíveis (WCAG AA), ' +
    'então uma cor que não passa é recusada com a cor mais próxima que passa.',
  fields: { logo: 'Logo', accentColor: 'Cor de destaque' },
};

export const heroVideoLabel = 'Vídeo no lugar da imagem (link do YouTube ou do Vimeo)';

export const lookMessages: LookMessages = {
  color: 'Use uma cor no formato #RRGGBB, por exemplo #2457e2.',
  colorSurfaces: {
    buttonText: (ratio, minimum) => `O texto branco do botão fica com ${ratio} (mínimo ${minimum}).`,
    buttonEdge: (ratio, minimum) => `O botão some no fundo escuro da página: ${ratio} (mínimo ${minimum}).`,
    accentText: (ratio, minimum) => `Os textos em destaque ficam com ${ratio} sobre o fundo (mínimo ${minimum}).`,
  },
  colorContrast: (problems, suggestion) =>
    `${problems.join(' ')} ${
      suggestion ? `A cor mais próxima que passa é ${suggestion}.` : 'Nenhum tom dessa cor passa: escolha outra cor.'
    }`,
  video: 'Cole o link de um vídeo do YouTube (youtube.com/watch?v=… ou youtu.be/…) ou do Vimeo (vimeo.com/123…).',
};

export const lookEditor = {
  colorPicker: 'Escolher a cor',
  colorHint: 'Vazio: a cor verde padrão.',
  /** The one tap that takes the nearest readable colour. */
  useColor: (hex: string) => `Usar ${hex}`,
  videoHint: 'Aparece como a imagem acima com um botão de play; o vídeo só carrega quando o visitante toca. Vazio: sem vídeo.',
};

/** The hero video's facade on the page. */
export const heroVideoCopy = {
  play: 'Assistir ao vídeo',
  frameTitle: 'Vídeo de apresentação',
};
