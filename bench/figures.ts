// The shape every benchmark reports: a figure measured in this run, and the baseline it is compared with.
export interface BenchFigure {
  /** What was measured, e.g. "REST select, requests/s". */
  name: string;
  value: number;
  unit: string;
  /** The same work done the reference way in the same run, when there is one. */
  baseline?: { name: string; value: number };
  /** Ratio that counts as passing (value / baseline for throughput, baseline / value for durations). */
  target?: string;
  /** The measurement was given up at `value`: the real figure is higher. */
  atLeast?: boolean;
}

export type Bench = () => Promise<BenchFigure[]>;
