import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('loadConfig', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.monthlyCapacity).toBe(100);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.database).toEqual({ kind: 'sqlite', file: path.resolve('./data/vitrine.sqlite') });
  });

  it('names each bad variable on its own line', () => {
    expect(problemsOf({ PORT: 'abc' })).toEqual(['PORT must be a whole number from 0 to 65535 (got "abc")']);
    expect(problemsOf({ PORT: '70000' })).toEqual(['PORT must be a whole number from 0 to 65535 (got "70000")']);
    expect(problemsOf({ MONTHLY_CAPACITY: '-1' })).toEqual([
      'MONTHLY_CAPACITY must be a whole number from 0 to 1000000 (got "-1")',
    ]);
    const both = problemsOf({ PORT: 'x', DATABASE_URL: 'mongodb://db' });
    expect(both).toHaveLength(2);
    expect(both[1]).toMatch(/^DATABASE_URL must be postgres:\/\//);
  });

  it('accepts Postgres and SQLite URLs and never echoes a password', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/test' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://u:p@127.0.0.1:5432/test',
    });
    expect(loadConfig({ DATABASE_URL: 'sqlite:/tmp/x.sqlite' }).database).toEqual({ kind: 'sqlite', file: '/tmp/x.sqlite' });
    const [problem] = problemsOf({ DATABASE_URL: 'postgres://user:secret@/' });
    expect(problem).toContain('DATABASE_URL');
    expect(problem).not.toContain('secret');
  });

  it('requires PUBLIC_URL to be an http(s) URL and trims its trailing slash', () => {
    expect(problemsOf({ PUBLIC_URL: 'loja.com.br' })).toEqual(['PUBLIC_URL must be an http(s) URL (got "loja.com.br")']);
    expect(loadConfig({ PUBLIC_URL: 'https://loja.com.br/' }).publicUrl).toBe('https://loja.com.br');
  });
});
