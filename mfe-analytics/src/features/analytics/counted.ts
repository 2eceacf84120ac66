/** "1 search", "8 searches", "1,204 clicks": a count with its noun in the right number. */
export const counted = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
