/** The time usage periods are reckoned from; tests inject their own to cross a month without waiting. */
export type Clock = () => Date;
export const USAGE_CLOCK = Symbol('USAGE_CLOCK');
export const systemClock: Clock = () => new Date();
