/** The value at the `p`th percentile (0 to 100) of `values`, by nearest rank; NaN for none. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;
}

/** Milliseconds to one decimal, as the benchmarks' tables print them. */
export const ms = (n: number) => Math.round(n * 10) / 10;
