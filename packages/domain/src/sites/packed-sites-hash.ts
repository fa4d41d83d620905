/**
 * The open-addressing slots the packed list's encoder finds words and templates with (internal to
 * the sites folder): ids by a 32-bit hash, probed linearly, without allocating per lookup.
 */
export class HashSlots {
  private slots = new Int32Array(1 << 12);
  private readonly hashes: number[] = [];

  /** The first slot to probe for `hash`. */
  start(hash: number): number {
    return hash & (this.slots.length - 1);
  }

  /** The slot probed after `slot`. */
  next(slot: number): number {
    return (slot + 1) & (this.slots.length - 1);
  }

  /** The id in `slot`, or −1 when it is empty (the probe ends there: the key is new). */
  idAt(slot: number): number {
    return this.slots[slot]! - 1;
  }

  /** The hash an id was added with. */
  hashOf(id: number): number {
    return this.hashes[id]!;
  }

  /** Adds the next id (0, 1, 2 …) under `hash` and answers it; the table doubles when half full. */
  add(hash: number): number {
    const id = this.hashes.length;
    this.hashes.push(hash);
    this.place(id, hash);
    if (this.hashes.length * 2 > this.slots.length) {
      this.slots = new Int32Array(this.slots.length * 2);
      for (let other = 0; other < this.hashes.length; other += 1) this.place(other, this.hashes[other]!);
    }
    return id;
  }

  private place(id: number, hash: number): void {
    let slot = this.start(hash);
    while (this.slots[slot] !== 0) slot = this.next(slot);
    this.slots[slot] = id + 1;
  }
}
