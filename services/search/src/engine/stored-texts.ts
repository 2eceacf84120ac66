/**
 * One text per document (ids, titles, descriptions, URLs, image URLs), read by document number. A fresh
 * build holds the strings it was given; an index loaded from a snapshot holds the snapshot's UTF-8 bytes
 * and decodes a text when a query reads it (a hit's fields, a title for proximity): decoding 60 MB of a
 * 100k-document store's text up front was most of a load's time, and a query reads a few dozen texts.
 */
export interface Texts {
  readonly length: number;
  at(d: number): string;
  /** All texts as UTF-8 and where each starts (length + 1 offsets): what a snapshot stores. */
  encoded(): { starts: Uint32Array; bytes: Buffer };
  /** Memory held, for the index cache's budget (strings at one byte a character plus V8's header). */
  readonly memoryBytes: number;
}

const STRING_OVERHEAD = 24;

class StringTexts implements Texts {
  constructor(private readonly list: readonly string[]) {}

  get length(): number {
    return this.list.length;
  }

  at(d: number): string {
    return this.list[d];
  }

  encoded(): { starts: Uint32Array; bytes: Buffer } {
    const starts = new Uint32Array(this.list.length + 1);
    this.list.forEach((text, d) => (starts[d + 1] = starts[d] + Buffer.byteLength(text, 'utf8')));
    return { starts, bytes: Buffer.from(this.list.join(''), 'utf8') };
  }

  get memoryBytes(): number {
    let bytes = 0;
    for (const text of this.list) bytes += STRING_OVERHEAD + text.length;
    return bytes;
  }
}

class Utf8Texts implements Texts {
  constructor(
    private readonly bytes: Buffer,
    private readonly starts: Uint32Array,
  ) {}

  get length(): number {
    return this.starts.length - 1;
  }

  at(d: number): string {
    return this.bytes.toString('utf8', this.starts[d], this.starts[d + 1]);
  }

  encoded(): { starts: Uint32Array; bytes: Buffer } {
    return { starts: this.starts, bytes: this.bytes };
  }

  get memoryBytes(): number {
    return this.bytes.byteLength + this.starts.byteLength;
  }
}

export const textsOf = (list: readonly string[]): Texts => new StringTexts(list);

/** Texts over UTF-8 `bytes`, text d being bytes [starts[d], starts[d + 1]). */
export const textsFromUtf8 = (bytes: Buffer, starts: Uint32Array): Texts => new Utf8Texts(bytes, starts);
