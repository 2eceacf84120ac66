import { createTestDatabase } from './testing';
import { Queue } from './queue';

describe('Queue.work', () => {
  let db: { url: string; drop(): Promise<void> };
  let queue: Queue;

  beforeAll(async () => {
    db = await createTestDatabase();
    queue = new Queue(db.url);
  });
  afterAll(async () => {
    await queue?.onApplicationShutdown();
    await db?.drop();
  });

  it('fails only the job whose handler throws; the rest of its batch completes once', async () => {
    await queue.declare('isolation', { retryLimit: 1, retryDelay: 0 });
    for (const name of ['first', 'bad', 'last']) await queue.send('isolation', { name });
    const seen: string[] = [];
    await queue.work<{ name: string }>(
      'isolation',
      async ({ name }) => {
        seen.push(name);
        if (name === 'bad') throw new Error('cannot handle this one');
      },
      { batchSize: 10 },
    );
    const deadline = Date.now() + 15_000;
    while (seen.filter((n) => n === 'bad').length < 2 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
    }
    // One batch: all three; then only the failed job again (its one retry).
    expect([...seen.slice(0, 3)].sort()).toEqual(['bad', 'first', 'last']);
    expect(seen.slice(3)).toEqual(['bad']);
    const boss = await queue.client();
    const failed = await boss.fetch('isolation', { includeMetadata: true });
    expect(failed).toEqual([]);
  });
});
