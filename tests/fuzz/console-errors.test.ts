import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { consoleErrorFields } from '../../src/server/admin/console-errors.ts';
import type { LogFields } from '../../src/server/lib/logger.ts';
import { CONSOLE_AREAS, CONSOLE_ERROR_KINDS, CONSOLE_ERROR_LIMITS, ConsoleErrorReportSchema } from '../../src/shared/console-errors.ts';
import { announceSeed, cpuMs, FUZZ_SEED, runs } from './fuzz-kit.ts';
import { hostileString, pollutionJson, shapedJson } from './hostile-input.ts';

/**
 * A console page error's report (POST /api/admin/errors) comes from a browser, so anything may arrive: the schema
 * answers any body at once and never pollutes a prototype, and the log line made of an accepted report is one line,
 * cut to its limits, in linear time, with no e-mail, CPF or phone left in it, whatever surrounds them.
 */
const params = (numRuns: number) => ({ seed: FUZZ_SEED, numRuns: runs(numRuns) });

const PERSONAL = ['maria.souza@example.com', '529.982.247-25', '52998224725', '(11) 98765-4321', '+55 11 98765-4321'];
const valid = {
  area: 'page',
  kind: 'render',
  name: 'TypeError',
  message: 'x is undefined',
  stack: '    at f (https://a.example/x.js:1:2)',
};

const around = fc.oneof(hostileString, fc.constantFrom(' ', '', '\n', ' at ', '://', '?#', '('));
const withPersonal = fc.tuple(around, fc.constantFrom(...PERSONAL), around).map(([before, value, after]) => `${before} ${value} ${after}`);
const frame = fc.oneof(
  fc.constantFrom(
    '    at render (https://loja.example.com/assets/a.js?v=1#x:1:2)',
    '    at https://loja.example.com/assets/a.js:1:2',
    'render@https://loja.example.com/assets/a.js:3:4',
    '    at Object.x [as y] (/assets/a.js)',
    '    at ://',
  ),
  withPersonal.map((text) => `    at ${text}`),
  hostileString,
);
const report = fc.record({
  area: fc.constantFrom(...CONSOLE_AREAS),
  kind: fc.constantFrom(...CONSOLE_ERROR_KINDS),
  name: fc.oneof(fc.constantFrom('Error', 'TypeError', ''), hostileString).map((text) => text.slice(0, CONSOLE_ERROR_LIMITS.name)),
  message: fc.oneof(withPersonal, hostileString).map((text) => text.slice(0, CONSOLE_ERROR_LIMITS.message)),
  stack: fc.option(
    fc.array(frame, { maxLength: 30 }).map((frames) => frames.join('\n').slice(0, CONSOLE_ERROR_LIMITS.stack)),
    { nil: undefined },
  ),
});

beforeAll(() => announceSeed('console-errors'));

describe('the console error report', () => {
  it('checks any body within 5 ms of CPU, never throwing and never touching Object.prototype', () => {
    fc.assert(
      fc.property(fc.oneof(shapedJson(valid), pollutionJson), (text) => {
        const body = JSON.parse(text) as unknown;
        let result: { success: boolean } | undefined;
        expect(cpuMs(() => (result = ConsoleErrorReportSchema.safeParse(body)), 5)).toBeLessThanOrEqual(5);
        expect(typeof result!.success).toBe('boolean');
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      }),
      params(500),
    );
  });

  it('makes one masked line of any accepted report, within 5 ms of CPU, with no buyer data and no line break', () => {
    fc.assert(
      fc.property(report, (candidate) => {
        const parsed = ConsoleErrorReportSchema.safeParse(candidate);
        expect(parsed.success).toBe(true);
        let fields: LogFields = {};
        expect(cpuMs(() => (fields = consoleErrorFields(parsed.data!)), 5)).toBeLessThanOrEqual(5);
        expect(fields.area).toBe(candidate.area);
        expect(String(fields.message).length).toBeLessThanOrEqual(200);
        const stack = typeof fields.stack === 'string' ? fields.stack : '';
        expect(stack.split(' | ').length).toBeLessThanOrEqual(8);
        const line = Object.values(fields).join(' ');
        expect(line).not.toMatch(/[\n\r\u2028\u2029]/);
        for (const personal of PERSONAL) expect(line).not.toContain(personal);
        expect(line).not.toContain('loja.example.com');
      }),
      params(1_000),
    );
  });

  it('reads the largest report (1 KB of message, 4 KB of stack) of "@", digits or "://" in linear time', () => {
    for (const unit of ['@', '1', 'a@b.', '://', '(', '\n at ', '9 ']) {
      const big = {
        area: 'page' as const,
        kind: 'error' as const,
        name: unit.repeat(100).slice(0, 100),
        message: unit.repeat(1_000).slice(0, 1_000),
        stack: unit.repeat(4_000).slice(0, 4_000),
      };
      expect(
        cpuMs(() => consoleErrorFields(big), 5),
        unit,
      ).toBeLessThanOrEqual(5);
    }
  });
});
