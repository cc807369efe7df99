import jstat from 'jstat';

const { jStat } = jstat;

export function normalQuantile(p: number): number {
  return jStat.normal.inv(p, 0, 1);
}

/** ln Γ(x) for x > 0. */
export function logGamma(x: number): number {
  return jStat.gammaln(x);
}

const normalDraws = new Map<string, Float32Array>();

/**
 * `count` standard normal draws, the same for the same seed on every machine: mulberry32 (Tommy Ettinger's 32-bit
 * generator) through Box–Muller. For the planner's fixed paths, never for anything a visitor could guess.
 */
export function seededNormals(seed: number, count: number): Float32Array {
  const key = `${seed}:${count}`;
  const known = normalDraws.get(key);
  if (known) return known;
  let state = seed >>> 0;
  const uniform = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = Math.imul(state ^ (state >>> 15), state | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return (((x ^ (x >>> 14)) >>> 0) + 0.5) / 4_294_967_296;
  };
  const draws = new Float32Array(count);
  for (let i = 0; i < count; i += 2) {
    const radius = Math.sqrt(-2 * Math.log(uniform()));
    const angle = 2 * Math.PI * uniform();
    draws[i] = radius * Math.cos(angle);
    if (i + 1 < count) draws[i + 1] = radius * Math.sin(angle);
  }
  normalDraws.set(key, draws);
  return draws;
}
