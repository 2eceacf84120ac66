/**
 * The index build's word ids, in the order words are first seen, looked up straight from a
 * document's text: a plain-ASCII word already seen (nearly every word of a document) is found by
 * hashing and comparing its characters in place, with no string built for it. Building each word
 * and looking it up in a Map was a third of a build. Open addressing over a power-of-two table,
 * kept at most half full; FNV-1a over the folded (lower-case) characters.
 */
export class WordIds {
  /** The words by id, folded. */
  readonly words: string[] = [];
  private hashes = new Uint32Array(1 << 12);
  private slots = new Int32Array(1 << 13).fill(-1);

  /**
   * The id of the word text[start, end) folded, a new one when unseen: a plain-ASCII word of a
   * document (folded here to lower case), or an already folded word of any script (`ofTerm`).
   */
  ofText(text: string, start: number, end: number): number {
    let h = 0x811c9dc5;
    for (let i = start; i < end; i++) h = Math.imul(h ^ lower(text.charCodeAt(i)), 0x01000193);
    h >>>= 0;
    const length = end - start;
    const mask = this.slots.length - 1;
    let slot = h & mask;
    for (let id = this.slots[slot]; id >= 0; id = this.slots[slot]) {
      if (this.hashes[id] === h && this.words[id].length === length && sameText(this.words[id], text, start)) {
        return id;
      }
      slot = (slot + 1) & mask;
    }
    return this.add(text.slice(start, end).toLowerCase(), h, slot);
  }

  /** The id of a folded word of any script: folded has no upper-case ASCII left, so it is read as it is. */
  ofTerm(term: string): number {
    return this.ofText(term, 0, term.length);
  }

  private add(word: string, hash: number, slot: number): number {
    const id = this.words.length;
    this.words.push(word);
    if (id === this.hashes.length) {
      const hashes = new Uint32Array(id * 2);
      hashes.set(this.hashes);
      this.hashes = hashes;
    }
    this.hashes[id] = hash;
    this.slots[slot] = id;
    if (this.words.length * 2 > this.slots.length) this.rehash();
    return id;
  }

  private rehash(): void {
    const slots = new Int32Array(this.slots.length * 2).fill(-1);
    const mask = slots.length - 1;
    for (let id = 0; id < this.words.length; id++) {
      let slot = this.hashes[id] & mask;
      while (slots[slot] >= 0) slot = (slot + 1) & mask;
      slots[slot] = id;
    }
    this.slots = slots;
  }
}

const lower = (c: number) => (c >= 65 && c <= 90 ? c + 32 : c);

/** Whether the folded `word` is the plain-ASCII text at `start` (of the word's length) folded. */
function sameText(word: string, text: string, start: number): boolean {
  for (let i = 0; i < word.length; i++) if (word.charCodeAt(i) !== lower(text.charCodeAt(start + i))) return false;
  return true;
}
