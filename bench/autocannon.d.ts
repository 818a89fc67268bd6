// The part of autocannon's API the benchmarks use (the package ships no types).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events'

  export type Request = {
    method?: string
    path?: string
    headers?: Record<string, string>
    setupRequest?: (request: Request, context: Record<string, unknown>) => Request
  }

  export type Options = {
    url: string
    connections?: number
    duration?: number
    amount?: number
    pipelining?: number
    headers?: Record<string, string>
    requests?: Request[]
    timeout?: number
  }

  export type Histogram = { average: number; p50: number; p90: number; p99: number; max: number }

  export type Result = {
    requests: Histogram & { total: number }
    latency: Histogram
    throughput: Histogram
    errors: number
    timeouts: number
    non2xx: number
    duration: number
  }

  export type Instance = EventEmitter &
    PromiseLike<Result> & {
      stop(): void
    }

  function autocannon(options: Options): Instance
  export default autocannon
}
