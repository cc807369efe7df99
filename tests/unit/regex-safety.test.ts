import fs from 'node:fs';
import path from 'node:path';
import { checkSync } from 'recheck';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { z } from '../../src/shared/zod.ts';

/**
 * Every regular expression in the server's and the shared code, checked by recheck (a ReDoS
 * checker): one that an outsider's text can reach must run in linear time, or a single request
 * holds the event loop (a quadratic pattern over a 15 KB path cost 0.5 s, over a 256 KB postback
 * minutes). The literals are read from the sources, so a new pattern is checked the day it lands.
 */

const root = path.resolve(import.meta.dirname, '../..');

/**
 * Patterns recheck calls super-linear that only ever read the seller's settings or our own build,
 * never a visitor's text. Each says why; a listed pattern that is gone fails the test.
 */
const TRUSTED_INPUT: ReadonlyArray<{ file: string; pattern: string; why: string }> = [
  ...[
    'src/server/access/access-email.ts',
    'src/server/lib/env-fields.ts',
    'src/server/conversions/ga4-measurement.ts',
    'src/server/conversions/meta-conversions.ts',
    'src/server/gateway/providers/tribopay/tribopay-client.ts',
    'src/server/orders/order-links.ts',
    'src/server/refunds/refund-email.ts',
    'src/server/gateway/providers/abacatepay/abacatepay-client.ts',
    'src/server/gateway/providers/efi/pix-api-client.ts',
    'src/server/gateway/providers/efi/efi-provider.ts',
    'src/server/gateway/providers/mercadopago/mercadopago-provider.ts',
    'src/server/gateway/providers/efi/efi-commands.ts',
    'src/server/whatsapp/whatsapp-console.ts',
    'src/server/bank-returns/bank-return-email.ts',
  ].map((file) => ({ file, pattern: String.raw`/\/+$/`, why: 'trims a URL from the settings (PUBLIC_URL, PROVIDER_URL, …)' })),
  {
    file: 'src/server/lib/env-fields.ts',
    pattern: String.raw`/^[^\s@]+@[^\s@]+\.[^\s@]+$/`,
    why: "checks the seller's SUPPORT_EMAIL and EFI_PIX_KEY settings",
  },
  {
    file: 'src/server/config/config.ts',
    pattern: String.raw`/\/\/([^:/@]+):([^@]+)@/`,
    why: 'hides the password of a URL from the settings',
  },
  { file: 'src/server/mail/mailer.ts', pattern: String.raw`/\/\/[^:/@]+:([^@]+)@/`, why: 'hides the password of SMTP_URL' },
  {
    file: 'src/server/mail/mailer.ts',
    pattern: String.raw`/\.eml(?:\..*\.tmp)?$/`,
    why: 'reads file names the server wrote in its data folder',
  },
  { file: 'src/server/http/csp.ts', pattern: String.raw`/<script\b([^>]*)>([\s\S]*?)<\/script>/gi`, why: 'reads the built pages at start' },
  { file: 'src/server/http/site.ts', pattern: String.raw`/<p data-demo-notice=""[^>]*>[^<]*<\/p>/g`, why: 'edits a built page at start' },
  {
    file: 'src/server/sandbox/sandbox.ts',
    pattern: String.raw`/^Bearer\s+(.+)$/i`,
    // The blow-up needs a line break for `$` to fail on, and Node refuses CR and LF in a header
    // (its characters are Latin-1, so U+2028 cannot appear either): one pass over ≤ 16 KB.
    why: 'reads an Authorization header, which cannot hold a line break',
  },
];

interface Literal {
  file: string;
  line: number;
  pattern: string;
}

function sourceFiles(folder: string): string[] {
  return fs
    .readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
    .map((name) => path.join(folder, name));
}

function regexLiterals(file: string): Literal[] {
  const source = ts.createSourceFile(file, fs.readFileSync(path.join(root, file), 'utf8'), ts.ScriptTarget.Latest, true);
  const found: Literal[] = [];
  const visit = (node: ts.Node) => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      found.push({ file, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, pattern: node.getText(source) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function splitLiteral(literal: string): { source: string; flags: string } {
  const end = literal.lastIndexOf('/');
  return { source: literal.slice(1, end), flags: literal.slice(end + 1) };
}

const literals = ['src/server', 'src/shared'].flatMap(sourceFiles).flatMap(regexLiterals);

describe('regular expressions', () => {
  it('finds the patterns it is meant to check', () => {
    expect(literals.length).toBeGreaterThan(50);
    expect(literals.some((literal) => literal.file.endsWith('log-mask.ts'))).toBe(true);
    // Meta's webhook (a status's timestamp, a reply's text) and the Cloud API's variables.
    expect(literals.filter((literal) => literal.file.endsWith('whatsapp/webhook-payload.ts')).map((literal) => literal.pattern)).toEqual([
      String.raw`/^\d{1,12}$/`,
      String.raw`/[\u0300-\u036f]/g`,
    ]);
    expect(literals.some((literal) => literal.file.endsWith('whatsapp/cloud-api.ts'))).toBe(true);
  });

  it('every pattern in the server and shared code runs in linear time, unless it only reads trusted text', () => {
    const unsafe = literals
      .filter((literal) => !TRUSTED_INPUT.some((trusted) => trusted.file === literal.file && trusted.pattern === literal.pattern))
      .map((literal) => {
        const { source, flags } = splitLiteral(literal.pattern);
        const result = checkSync(source, flags, { timeout: 10_000 });
        return { ...literal, status: result.status, complexity: result.status === 'vulnerable' ? result.complexity.summary : undefined };
      })
      .filter((result) => result.status !== 'safe');
    expect(unsafe).toEqual([]);
  }, 120_000);

  it('the trusted list names only patterns that still exist', () => {
    for (const trusted of TRUSTED_INPUT) {
      expect(
        literals.some((literal) => literal.file === trusted.file && literal.pattern === trusted.pattern),
        `${trusted.file} ${trusted.pattern}`,
      ).toBe(true);
    }
  });

  it("zod's e-mail pattern, which the buyer form and the API share, runs in linear time", () => {
    const email = z.regexes.email;
    expect(checkSync(email.source, email.flags, { timeout: 10_000 }).status).toBe('safe');
  });
});
