/** An append-only typed array that doubles as it fills: builders collect columns without JS arrays of numbers. */
export class GrowableInt32 {
  private data: Int32Array;
  length = 0;

  constructor(capacity = 1024) {
    this.data = new Int32Array(Math.max(16, capacity));
  }

  push(value: number): void {
    if (this.length === this.data.length) {
      const bigger = new Int32Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = value;
  }

  at(index: number): number {
    return this.data[index];
  }

  /** The values, in a buffer of exactly their length. */
  toArray(): Int32Array {
    return this.data.slice(0, this.length);
  }
}

export class GrowableFloat64 {
  private data: Float64Array;
  length = 0;

  constructor(capacity = 1024) {
    this.data = new Float64Array(Math.max(16, capacity));
  }

  push(value: number): void {
    if (this.length === this.data.length) {
      const bigger = new Float64Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = value;
  }

  at(index: number): number {
    return this.data[index];
  }

  toArray(): Float64Array {
    return this.data.slice(0, this.length);
  }
}

/** The smallest unsigned array holding ids up to `max` (inclusive): most facets have a few hundred values. */
export function idArray(length: number, max: number): Uint8Array | Uint16Array | Uint32Array {
  if (max < 0x100) return new Uint8Array(length);
  if (max < 0x10000) return new Uint16Array(length);
  return new Uint32Array(length);
}
