import { describe, expect, it } from 'vitest';
import type { MemberSupplier } from './access-api.ts';
import { filterSuppliers, groupByCategory, indexSuppliers, normalizeSearchText } from './filter-suppliers.ts';

const supplier = (id: string, name: string, category: string, offer: string): MemberSupplier => ({
  id,
  name,
  category,
  offer,
  whatsapp: '5511987654321',
  telegram: null,
  notes: null,
});

// Fixture suppliers for the tests, not real contacts.
const list = [
  supplier('1', 'Canal Música Total', 'Música', 'Spotify Premium e Deezer'),
  supplier('2', 'Tela Cheia', 'Streaming', 'Netflix 4K, Disney+ e HBO Max'),
  supplier('3', 'Joga Já', 'Jogos', 'Game Pass Ultimate'),
  supplier('4', 'Ação Filmes', 'Streaming', 'Prime Vídeo e Paramount+'),
];
const index = indexSuppliers(list);
const ids = (query: string) => filterSuppliers(index, query).map((entry) => entry.id);

describe('normalizeSearchText', () => {
  it('drops accents, case and extra spaces', () => {
    expect(normalizeSearchText('  Ação   MÚSICA  Vídeo ')).toBe('acao musica video');
    expect(normalizeSearchText('Çé')).toBe('ce');
  });
});

describe('filterSuppliers', () => {
  it('keeps everything, in order, for an empty query', () => {
    expect(ids('')).toEqual(['1', '2', '3', '4']);
    expect(ids('   ')).toEqual(['1', '2', '3', '4']);
  });

  it('matches name, offer and category without regard to accents or case', () => {
    expect(ids('musica')).toEqual(['1']);
    expect(ids('MÚSICA')).toEqual(['1']);
    expect(ids('acao')).toEqual(['4']);
    expect(ids('video')).toEqual(['4']);
    expect(ids('netflix')).toEqual(['2']);
    expect(ids('jogos')).toEqual(['3']);
    expect(ids('streaming')).toEqual(['2', '4']);
  });

  it('needs every word of the query, in any order', () => {
    expect(ids('premium spotify')).toEqual(['1']);
    expect(ids('streaming disney')).toEqual(['2']);
    expect(ids('streaming xbox')).toEqual([]);
  });

  it('finds nothing for an unknown word', () => {
    expect(ids('iptv')).toEqual([]);
  });
});

describe('groupByCategory', () => {
  it('groups by category in the order the suppliers come', () => {
    const sorted = [list[2]!, list[0]!, list[1]!, list[3]!];
    expect(groupByCategory(sorted).map((group) => [group.category, group.suppliers.map((entry) => entry.id)])).toEqual([
      ['Jogos', ['3']],
      ['Música', ['1']],
      ['Streaming', ['2', '4']],
    ]);
  });
});
