import type { LookMessages } from '../shared/offer-look.ts';

/** The build's look: no logo image (the monogram and name), the theme's green, no hero video. */
export const look = { logo: '', accentColor: '' } as const;

export const lookLabels = {
  title: 'Logo e cor',
  hint:
    'A logo aparece no topo das páginas (até 40 px de altura), no lugar do nome. A cor de destaque pinta os botões de compra e os destaques: ' +
    'o texto branco dos botões precisa de contraste 4,5:1 (WCAG AA), então cores claras demais são recusadas.',
  fields: { logo: 'Logo', accentColor: 'Cor de destaque' },
};

export const heroVideoLabel = 'Vídeo no lugar da imagem (link do YouTube ou do Vimeo)';

export const lookMessages: LookMessages = {
  color: 'Use uma cor no formato #RRGGBB, por exemplo #1d4ed8.',
  colorContrast: (ratio) =>
    `Essa cor é clara demais para o texto branco dos botões (contraste ${ratio}; o mínimo é 4,5:1). Escolha um tom mais escuro.`,
  video: 'Cole o link de um vídeo do YouTube (youtube.com/watch?v=… ou youtu.be/…) ou do Vimeo (vimeo.com/123…).',
};

export const lookEditor = {
  colorPicker: 'Escolher a cor',
  colorHint: 'Vazio: a cor verde padrão.',
  videoHint: 'Aparece como a imagem acima com um botão de play; o vídeo só carrega quando o visitante toca. Vazio: sem vídeo.',
};

/** The hero video's facade on the page. */
export const heroVideoCopy = {
  play: 'Assistir ao vídeo',
  frameTitle: 'Vídeo de apresentação',
};
