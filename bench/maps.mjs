#!/usr/bin/env node
/**
 * Which object literals build a new hidden class (map) again and again (docs/decisions/0044): reads
 * a V8 log written with `--log-maps --no-log-maps-details` and prints the map transitions that
 * happened most often, by source position and field. Under a load, a transition whose count grows
 * with the number of requests is a literal that builds a map for every object.
 *
 *   BENCH_NODE_FLAGS="--log-maps --no-log-maps-details --logfile=/tmp/maps.log --no-logfile-per-isolate" \
 *     node bench/capture-cpu.mjs --runs=1 --duration=5
 *   node bench/maps.mjs /tmp/maps.log [--top=20]
 *
 * The log gives a line and column but not the file: search the built code (backend/dist) for the
 * field at that line.
 */
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { option, table } from './lib.mjs';

const file = process.argv.slice(2).find((arg) => !arg.startsWith('--'));
if (!file) {
  console.error('usage: node bench/maps.mjs <v8 log written with --log-maps> [--top=20]');
  process.exit(2);
}
const TOP = option('top', 20);

// map,<kind>,<time>,<from>,<to>,<pc>,<line>,<column>,<reason>,<name>
const counts = new Map();
let transitions = 0;
for await (const line of createInterface({ input: createReadStream(file) })) {
  if (!line.startsWith('map,Transition,')) continue;
  const fields = line.split(',');
  const key = `${fields[6]}:${fields[7]} ${fields.slice(9).join(',') || '(none)'}`;
  counts.set(key, (counts.get(key) ?? 0) + 1);
  transitions += 1;
}
const rows = [...counts]
  .sort((a, b) => b[1] - a[1])
  .slice(0, TOP)
  .map(([key, count]) => {
    const [position, ...name] = key.split(' ');
    return [position, name.join(' '), count];
  });
console.log(`${transitions} map transitions in ${file}; the most frequent:\n`);
console.log(table(['line:column', 'field added', 'transitions'], rows));
