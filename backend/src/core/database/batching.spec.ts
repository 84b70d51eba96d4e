import { oneBatchAtATime } from './batching';

/** A batch function whose batches end when the test says so. */
function controlledBatches() {
  const batches: { keys: readonly string[]; end: (error?: Error) => void }[] = [];
  const load = (keys: readonly string[]) =>
    new Promise<string[]>((resolve, reject) => {
      batches.push({
        keys,
        end: (error) => (error ? reject(error) : resolve(keys.map((key) => key.toUpperCase()))),
      });
    });
  return { batches, load };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('oneBatchAtATime', () => {
  it('starts a call alone on the next turn of the event loop', async () => {
    const { batches, load } = controlledBatches();
    const loader = oneBatchAtATime(load);
    const answer = loader.load('a');
    await nextTurn();
    expect(batches.map((batch) => batch.keys)).toEqual([['a']]);
    batches[0]!.end();
    await expect(answer).resolves.toBe('A');
  });

  it('gathers the calls arriving while a batch runs into the next one, started when it ends', async () => {
    const { batches, load } = controlledBatches();
    const loader = oneBatchAtATime(load);
    const first = loader.load('a');
    await nextTurn();
    // Three later turns while the first batch is out: no second batch yet.
    const later = [loader.load('b')];
    await nextTurn();
    later.push(loader.load('c'));
    await nextTurn();
    later.push(loader.load('d'));
    await nextTurn();
    expect(batches.map((batch) => batch.keys)).toEqual([['a']]);

    batches[0]!.end();
    await expect(first).resolves.toBe('A');
    await nextTurn();
    expect(batches.map((batch) => batch.keys)).toEqual([['a'], ['b', 'c', 'd']]);
    batches[1]!.end();
    await expect(Promise.all(later)).resolves.toEqual(['B', 'C', 'D']);

    // Idle again: the next call starts on its own.
    const alone = loader.load('e');
    await nextTurn();
    expect(batches.map((batch) => batch.keys)).toEqual([['a'], ['b', 'c', 'd'], ['e']]);
    batches[2]!.end();
    await expect(alone).resolves.toBe('E');
  });

  it('runs the next batch after one that failed, which fails only its own calls', async () => {
    const { batches, load } = controlledBatches();
    const loader = oneBatchAtATime(load);
    const failing = loader.load('a');
    await nextTurn();
    const after = loader.load('b');
    await nextTurn();
    batches[0]!.end(new Error('connection reset'));
    await expect(failing).rejects.toThrow('connection reset');
    await nextTurn();
    expect(batches.map((batch) => batch.keys)).toEqual([['a'], ['b']]);
    batches[1]!.end();
    await expect(after).resolves.toBe('B');
  });

  it('runs the next batch after a batch function that threw before returning its promise', async () => {
    let calls = 0;
    const loader = oneBatchAtATime<string, string>((keys) => {
      calls += 1;
      if (calls === 1) throw new Error('bad statement');
      return Promise.resolve(keys.map((key) => key.toUpperCase()));
    });
    await expect(loader.load('a')).rejects.toThrow('bad statement');
    await expect(loader.load('b')).resolves.toBe('B');
  });

  it('splits more than a batch holds into batches that run one after another', async () => {
    const { batches, load } = controlledBatches();
    const loader = oneBatchAtATime(load);
    const first = loader.load('first');
    await nextTurn();
    const keys = Array.from({ length: 150 }, (_, index) => `k${index}`);
    const answers = Promise.all(keys.map((key) => loader.load(key)));
    await nextTurn();
    batches[0]!.end();
    await first;
    await nextTurn();
    expect(batches.map((batch) => batch.keys.length)).toEqual([1, 100]);
    batches[1]!.end();
    await nextTurn();
    await nextTurn();
    expect(batches.map((batch) => batch.keys.length)).toEqual([1, 100, 50]);
    batches[2]!.end();
    await expect(answers).resolves.toEqual(keys.map((key) => key.toUpperCase()));
  });

  it('holds as many calls in a batch as it is given room for', async () => {
    const { batches, load } = controlledBatches();
    const loader = oneBatchAtATime(load, 3);
    const answers = Promise.all(['a', 'b', 'c', 'd'].map((key) => loader.load(key)));
    await nextTurn();
    batches[0]!.end();
    await nextTurn();
    expect(batches.map((batch) => batch.keys)).toEqual([['a', 'b', 'c'], ['d']]);
    batches[1]!.end();
    await expect(answers).resolves.toEqual(['A', 'B', 'C', 'D']);
  });
});
