import { describe, expect, it } from 'vitest';
import { maskPersonalData } from './log-mask.ts';

describe('maskPersonalData', () => {
  it.each([
    ['customer maria.silva@example.com rejected', 'customer m***@example.com rejected'],
    // An SMTP reply quoting recipients (stored as an outbox row's last_error).
    ['550 5.1.1 <maria.silva@example.com>: unknown; cc joao@example.org.', '550 5.1.1 <m***@example.com>: unknown; cc j***@example.org.'],
    ['document 529.982.247-25 invalid', 'document [cpf] invalid'],
    ['{"document":"52998224725"}', '{"document":"[cpf]"}'],
    ['cnpj 11.222.333/0001-81', 'cnpj [cnpj]'],
    ['cnpj 11222333000181', 'cnpj [cnpj]'],
    ['cnpj 12.ABC.345/01DE-35', 'cnpj [cnpj]'],
    ['phone (11) 98765-4321', 'phone [telefone]'],
    // 11 bare digits may be a mobile or a CPF: masked either way.
    ['phone 21987654321 and +55 11 98765 4321', 'phone [cpf] and [telefone]'],
  ])('%j → %j', (input, expected) => {
    expect(maskPersonalData(input)).toBe(expected);
  });

  it('leaves ids, amounts, times and ordinary words alone', () => {
    const line = '2026-11-22T18:50:02.850Z INFO Order paid order=ord_abc123 amount=1990 transaction=AB12CD34EF status=PAID took=1200ms';
    expect(maskPersonalData(line)).toBe(line);
  });

  it.each([
    ['a@b', 'a@b'],
    ['@example.com', '@example.com'],
    ['x@.com y@com. z@a.b', 'x@.com y@com. z***@a.b'],
    ['a@b.c@d.e', 'a***@b.c@d.e'],
    ['to=maria@example.com', 'to=m***@example.com'],
  ])('finds e-mail addresses as it always did: %j → %j', (input, expected) => {
    expect(maskPersonalData(input)).toBe(expected);
  });

  it('costs time in proportion to the text, whatever an outsider put in it', () => {
    // Runs an attacker can send in a path or a postback: long stretches of address characters
    // without "@", many "@" without a dot, digits, and separators the phone pattern allows.
    const adversarial = [
      (n: number) => 'a'.repeat(n),
      (n: number) => 'a@'.repeat(n / 2),
      (n: number) => '@a'.repeat(n / 2),
      (n: number) => 'a.'.repeat(n / 2),
      (n: number) => '1'.repeat(n),
      (n: number) => '1 '.repeat(n / 2),
      (n: number) => '9'.repeat(n / 2) + '-'.repeat(n / 2),
      (n: number) => '/'.repeat(n),
    ];
    for (const make of adversarial) {
      const small = make(1024);
      const large = make(64 * 1024);
      const cost = (text: string) => {
        let best = Infinity;
        for (let run = 0; run < 5; run++) {
          const started = performance.now();
          maskPersonalData(text);
          best = Math.min(best, performance.now() - started);
        }
        return best;
      };
      // 64 × the input may cost at most ~150 × the time (quadratic would be 4,096 ×); a floor of
      // 0.05 ms keeps timer noise on the small input from deciding.
      expect(cost(large) / Math.max(cost(small), 0.05), make(8)).toBeLessThan(150);
      expect(cost(large), make(8)).toBeLessThan(50);
    }
  });
});
