/**
 * The Node flags the api and the worker run with, wherever they are started: `npm start`
 * (launch.ts), the Docker image (`NODE_OPTIONS` in docker/Dockerfile, which a deployment test
 * keeps equal to this), the benchmarks and the fault harness.
 *
 * Both processes allocate many short-lived objects per request or job. With V8's default young
 * generation (semi-spaces of at most 16 MB) a busy api collects it every few milliseconds, and
 * each collection copies every object still in flight. Semi-spaces of 64 MB collect a quarter as
 * often: a quote request cost the api 10-20% less CPU, measured against an anchor in the same run
 * (`bench/capture-cpu.mjs`, docs/performance.md), for at most 96 MB more memory per process.
 */
export const NODE_FLAGS: readonly string[] = ['--max-semi-space-size=64'];
