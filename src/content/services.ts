/** Section 7 of the landing page: the services the list covers (docs/product.md#the-journey: 16 names and 4 extras). */

/** Streaming and music services; every name is also an app of the catalogue (its icon on the page). */
const included = [
  'Netflix',
  'Disney+',
  'Spotify',
  'Prime Video',
  'YouTube Premium',
  'HBO Max',
  'Globoplay',
  'Apple TV+',
  'Apple Music',
  'Paramount+',
  'Star+',
  'Crunchyroll',
  'Deezer',
  'Amazon Music',
  'Tidal',
  'SkyShowtime',
];

const extras = [
  'Canais de TV ao vivo (10.000+ canais)',
  'Futebol e esportes: Premiere e NBA League Pass',
  'Jogos: Xbox Game Pass e Twitch Turbo',
  'Recargas de celular com até 80% OFF',
];

/** In the offer's shape (shared/offer.ts `services`): the default the seller edits. */
export const services = {
  eyebrow: 'O que está incluído',
  title: 'Fornecedores de todos estes serviços em uma só lista',
  subtitle: 'Streaming de filmes, séries e música, com contatos revisados toda semana.',
  included: included.map((name) => ({ name })),
  extrasTitle: 'E ainda:',
  extras: extras.map((text) => ({ text })),
};
