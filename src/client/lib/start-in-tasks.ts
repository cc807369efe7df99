/**
 * Runs `steps` in order, each in a task of its own (`setTimeout(…, 0)`). Start-up work (hydrating
 * the islands, the cookie notice, the presence beat) is cut into short tasks, so a slow phone can
 * paint and answer a tap between them instead of running one long task. A step that throws still
 * lets the later ones run; its error is reported as usual.
 */
export function startInTasks(steps: ReadonlyArray<() => void>): void {
  const [step, ...rest] = steps;
  if (!step) return;
  window.setTimeout(() => {
    try {
      step();
    } finally {
      startInTasks(rest);
    }
  }, 0);
}
