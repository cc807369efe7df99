import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Each thing in one place (docs/architecture.md "The server"): every e-mail is `<feature>/<name>-email.ts`, its words
 * in content/emails.ts, and mail/ holds only the builder, the handler and the mailer.
 */

const root = path.resolve(import.meta.dirname, '../..');
const serverDir = path.join(root, 'src/server');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const relative = (file: string) => path.relative(serverDir, file).split(path.sep).join('/');
const sources = sourceFiles(serverDir).map((file) => ({ file: relative(file), text: fs.readFileSync(file, 'utf8') }));

describe('e-mails', () => {
  const templates = sources.filter(({ file, text }) => !file.startsWith('mail/') && /\bdefineEmail\(/.test(text));

  it('are each built in a <feature>/<name>-email.ts, outside mail/', () => {
    expect(templates.length).toBeGreaterThan(0);
    for (const { file } of templates) expect(file, file).toMatch(/^[a-z-]+\/[a-z-]+-email\.ts$/);
  });

  it('take their words from content/emails.ts', () => {
    for (const { file, text } of templates) expect(text, file).toContain("from '../../content/emails.ts'");
  });

  it('leave in mail/ only the builder, the handler and the mailer', () => {
    const mail = sources.filter(({ file }) => file.startsWith('mail/')).map(({ file }) => file);
    expect(mail.sort()).toEqual(['mail/define-email.ts', 'mail/email-handler.ts', 'mail/email-parts.ts', 'mail/mailer.ts']);
  });
});
