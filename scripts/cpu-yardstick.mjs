// A fixed, deterministic one-core computation that prints how long it took: timed beside a measurement
// (`npm run check`, a test suite), it says how fast the machine was then, so that two measurements taken on a
// loaded machine compare as ratios (docs/performance.md, « Historique des mesures des tests »).
// Usage: node scripts/cpu-yardstick.mjs
import { createHash } from 'node:crypto';

const start = process.hrtime.bigint();
// Integer arithmetic (a sieve), allocation and sorting, hashing: a little of what the suites spend on.
// About 3 s on one calm core of the development machine.
const ROUNDS = 16;
const limit = 4_000_000;
let primes = 0;
let seed = 42;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648);
let digest = createHash('sha256');
for (let round = 0; round < ROUNDS; round++) {
  const sieve = new Uint8Array(limit + 1);
  primes = 0;
  for (let i = 2; i <= limit; i++) {
    if (sieve[i]) continue;
    primes++;
    for (let j = i * i; j <= limit; j += i) sieve[j] = 1;
  }
  const words = Array.from({ length: 300_000 }, () => random().toString(36));
  words.sort();
  for (let i = 0; i < 2_000; i++) digest = createHash('sha256').update(digest.digest()).update(words[i]);
}
const seconds = Number(process.hrtime.bigint() - start) / 1e9;
console.log(`cpu-yardstick: ${seconds.toFixed(2)} s (${primes} primes, ${digest.digest('hex').slice(0, 8)})`);
