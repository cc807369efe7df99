import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startInTasks } from './start-in-tasks.ts';

describe('startInTasks', () => {
  beforeEach(() => vi.stubGlobal('window', { setTimeout }));
  afterEach(() => vi.unstubAllGlobals());

  const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

  it('runs the steps in order, each in a task of its own', async () => {
    const seen: string[] = [];
    startInTasks([
      () => {
        seen.push('first');
        // Work a step leaves for its own task's end runs before the next step: they are not one task.
        queueMicrotask(() => seen.push('end of the first task'));
      },
      () => seen.push('second'),
      () => seen.push('third'),
    ]);
    expect(seen).toEqual([]);
    await settle();
    expect(seen).toEqual(['first', 'end of the first task', 'second', 'third']);
  });

  it('lets the browser run what it has queued between two steps', async () => {
    const seen: string[] = [];
    startInTasks([
      () => {
        seen.push('first');
        setTimeout(() => seen.push('a task queued by the first step'), 0);
      },
      () => seen.push('second'),
    ]);
    await settle();
    expect(seen).toEqual(['first', 'a task queued by the first step', 'second']);
  });

  it('still runs the later steps when one throws, and reports the error', async () => {
    const seen: string[] = [];
    const reported: unknown[] = [];
    const onError = (error: unknown) => reported.push(error);
    process.on('uncaughtException', onError);
    try {
      startInTasks([
        () => {
          throw new Error('tracker blocked');
        },
        () => seen.push('second'),
      ]);
      await settle();
    } finally {
      process.off('uncaughtException', onError);
    }
    expect(seen).toEqual(['second']);
    expect(reported).toEqual([new Error('tracker blocked')]);
  });
});
