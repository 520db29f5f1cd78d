/** Fixed-size bitsets over document numbers, 32 documents per Uint32Array word. */
export type Bitset = Uint32Array;

export function emptyBitset(size: number): Bitset {
  return new Uint32Array((size + 31) >>> 5);
}

export function fullBitset(size: number): Bitset {
  const bits = emptyBitset(size);
  bits.fill(0xffffffff);
  const spare = bits.length * 32 - size;
  if (spare > 0) bits[bits.length - 1] = 0xffffffff >>> spare;
  return bits;
}

export function bitsetFromDocs(size: number, docs: ArrayLike<number>): Bitset {
  const bits = emptyBitset(size);
  addDocs(bits, docs);
  return bits;
}

export function addDocs(target: Bitset, docs: ArrayLike<number>): void {
  for (let i = 0; i < docs.length; i++) {
    const doc = docs[i];
    target[doc >>> 5] |= 1 << (doc & 31);
  }
}

export function removeDocs(target: Bitset, docs: ArrayLike<number>): void {
  for (let i = 0; i < docs.length; i++) {
    const doc = docs[i];
    target[doc >>> 5] &= ~(1 << (doc & 31));
  }
}

export function orInto(target: Bitset, source: Bitset): void {
  for (let i = 0; i < target.length; i++) target[i] |= source[i];
}

export function andInto(target: Bitset, source: Bitset): void {
  for (let i = 0; i < target.length; i++) target[i] &= source[i];
}

export function has(bits: Bitset, doc: number): boolean {
  return (bits[doc >>> 5] & (1 << (doc & 31))) !== 0;
}

export function popcount32(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

export function countBits(bits: Bitset): number {
  let total = 0;
  for (let i = 0; i < bits.length; i++) if (bits[i] !== 0) total += popcount32(bits[i]);
  return total;
}

/** The set documents in ascending order. */
export function docsOf(bits: Bitset): Int32Array {
  const docs = new Int32Array(countBits(bits));
  let next = 0;
  for (let i = 0; i < bits.length; i++) {
    let word = bits[i];
    const base = i << 5;
    while (word !== 0) {
      const lowest = word & -word;
      docs[next++] = base + 31 - Math.clz32(lowest);
      word ^= lowest;
    }
  }
  return docs;
}
