// The part of autocannon's API the benchmarks use (the package ships no types).
declare module 'autocannon' {
  interface Histogram { average: number; total: number; p50: number; p90: number; p99: number; max: number }
  interface Result {
    requests: Histogram; latency: Histogram; throughput: Histogram; errors: number; timeouts: number; non2xx: number;
    '1xx': number; '2xx': number; '3xx': number; '4xx': number; '5xx': number;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    timeout?: number;
    requests?: { method?: string; path?: string; headers?: Record<string, string>; body?: string; setupRequest?: (req: Record<string, unknown>) => Record<string, unknown> }[];
    [option: string]: unknown;
  }
  function autocannon(options: Options): Promise<Result>;
  export = autocannon;
}
