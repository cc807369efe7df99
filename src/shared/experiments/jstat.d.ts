declare module 'jstat' {
  interface Jstat {
    normal: { cdf(x: number, mean: number, sd: number): number; inv(p: number, mean: number, sd: number): number };
    gammaln(x: number): number;
  }
  const jstat: { jStat: Jstat };
  export default jstat;
}
