import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { paths } from '../shared/routes.ts';
import { whatsappFailureReason, whatsappTemplates } from './whatsapp.ts';

const doc = fs.readFileSync(path.resolve(import.meta.dirname, '../../docs/whatsapp.md'), 'utf8');

describe('the WhatsApp templates', () => {
  for (const [kind, template] of Object.entries(whatsappTemplates)) {
    it(`${kind}: docs/whatsapp.md prints the body the server fills, ready to paste, with each variable and the button`, () => {
      expect(doc).toContain(`\`\`\`text\n${template.body}\n\`\`\``);
      const rows = doc.split('\n').filter((line) => line.startsWith('| `{{'));
      template.variables.forEach((variable, index) =>
        expect(
          rows.some(
            (row) =>
              /^\| `\{\{(\d+)\}\}` +\| (.+?) +\| `(.+)` +\|$/.exec(row)?.slice(1).join('|') ===
              `${index + 1}|${variable.holds}|${variable.example}`,
          ),
          variable.holds,
        ).toBe(true),
      );
      expect(doc).toContain(
        `text **${template.button.text}**, URL type **Dynamic**, URL \`https://SEU-DOMINIO${template.button.path}{{1}}\``,
      );
    });

    it(`${kind}: numbers its variables 1..n, as Meta wants them, neither first nor last, and ends with the stop words`, () => {
      const numbers = [...template.body.matchAll(/\{\{(\d+)\}\}/g)].map((match) => Number(match[1]));
      expect(numbers).toEqual(template.variables.map((_, index) => index + 1));
      expect(template.body.startsWith('{{')).toBe(false);
      expect(template.body.endsWith('}}')).toBe(false);
      expect(template.body).toContain('Responda PARAR ou abra');
      // A variable is one line: an example with a line break would not pass Meta's review either.
      for (const variable of template.variables) expect(variable.example).not.toMatch(/[\n\t]| {5}/);
    });
  }

  it("point their buttons at the site's own pages", () => {
    expect(whatsappTemplates.pix.button.path).toBe(`${paths.order.split('/:')[0]}/`);
    expect(whatsappTemplates.reminder.button.path).toBe(`${paths.order.split('/:')[0]}/`);
    expect(whatsappTemplates.access.button.path).toBe(`${paths.access.split('/:')[0]}/`);
  });

  it("say why a message failed in the seller's words, for Meta's codes and ours", () => {
    expect(whatsappFailureReason(131026)).toBe('o número não está no WhatsApp ou não pode receber mensagens de empresas');
    expect(whatsappFailureReason(132015)).toContain('pausou o modelo');
    expect(whatsappFailureReason(132099)).toBe('a Meta recusou o modelo de mensagem (código 132099)');
    expect(whatsappFailureReason(100)).toBe('a Meta recusou a mensagem (código 100)');
    expect(whatsappFailureReason(-1)).toContain('não foi reenviada');
  });
});
