import { RateLimiter } from './rate-limiter';

describe('RateLimiter', () => {
  it('allows a burst, then the sustained rate, per key', () => {
    let now = 0;
    const limiter = new RateLimiter(50, 100, () => now);
    for (let i = 0; i < 100; i++) expect(limiter.take('1.2.3.4')).toBe(0);
    expect(limiter.take('1.2.3.4')).toBeGreaterThan(0);
    expect(limiter.take('5.6.7.8')).toBe(0); // another client is not affected
    now += 100; // 0.1 s refills 5 requests
    for (let i = 0; i < 5; i++) expect(limiter.take('1.2.3.4')).toBe(0);
    expect(limiter.take('1.2.3.4')).toBeGreaterThan(0);
  });

  it('keeps its memory bounded', () => {
    let now = 0;
    const limiter = new RateLimiter(1, 1, () => now, 10);
    for (let i = 0; i < 10; i++) limiter.take(`ip-${i}`);
    now += 5_000;
    limiter.take('new');
    expect(limiter.take('ip-0')).toBe(0); // forgotten, starts with a full bucket
  });
});
