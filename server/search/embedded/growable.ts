type NumberArray = Int32Array | Float64Array | Uint8Array;

/**
 * An append-only typed array that doubles as it fills: builders collect columns without JS arrays
 * of numbers. Builders are sized to the stock when it is known, so most end exactly full.
 */
abstract class Growable<T extends NumberArray> {
  private data: T;
  length = 0;

  constructor(capacity: number) {
    this.data = this.allocate(Math.max(16, capacity));
  }

  protected abstract allocate(length: number): T;

  push(value: number): void {
    if (this.length === this.data.length) {
      const bigger = this.allocate(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = value;
  }

  at(index: number): number {
    return this.data[index];
  }

  set(index: number, value: number): void {
    this.data[index] = value;
  }

  /** Drops the values from `length` on. */
  truncate(length: number): void {
    this.length = Math.min(this.length, length);
  }

  /** The values, to keep: the buffer itself when exactly full, else a copy of exactly their length. Push no more after. */
  toArray(): T {
    return this.length === this.data.length ? this.data : (this.data.slice(0, this.length) as T);
  }

  /**
   * The values, to read while finishing a build: no copy. Every buffer a build allocates counts as
   * V8 external memory, and each ~64 MB of it forces a full garbage collection of the whole heap
   * (with 200,000 vehicles held in memory, ~0.6 s each).
   */
  view(): T {
    return this.data.subarray(0, this.length) as T;
  }
}

export class GrowableInt32 extends Growable<Int32Array> {
  constructor(capacity = 1024) {
    super(capacity);
  }

  protected allocate(length: number): Int32Array {
    return new Int32Array(length);
  }
}

export class GrowableFloat64 extends Growable<Float64Array> {
  constructor(capacity = 1024) {
    super(capacity);
  }

  protected allocate(length: number): Float64Array {
    return new Float64Array(length);
  }
}

export class GrowableUint8 extends Growable<Uint8Array> {
  constructor(capacity = 1024) {
    super(capacity);
  }

  protected allocate(length: number): Uint8Array {
    return new Uint8Array(length);
  }
}

/** The smallest unsigned array holding ids up to `max` (inclusive): most facets have a few hundred values. */
export function idArray(length: number, max: number): Uint8Array | Uint16Array | Uint32Array {
  if (max < 0x100) return new Uint8Array(length);
  if (max < 0x10000) return new Uint16Array(length);
  return new Uint32Array(length);
}
