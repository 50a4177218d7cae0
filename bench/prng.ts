// A small seeded PRNG (mulberry32) and the helpers the generator draws from. Same seed, same data.

export class Prng {
  #state: number;

  constructor(seed: number) {
    this.#state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.#state = (this.#state + 0x6d2b79f5) >>> 0;
    let t = this.#state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** Up to k distinct items, in the order drawn. */
  sample<T>(items: readonly T[], k: number): T[] {
    const n = Math.min(k, items.length);
    const chosen = new Set<number>();
    const out: T[] = [];
    while (out.length < n) {
      const i = Math.floor(this.next() * items.length);
      if (chosen.has(i)) continue;
      chosen.add(i);
      out.push(items[i]!);
    }
    return out;
  }

  words(vocabulary: readonly string[], min: number, max: number): string {
    const n = this.int(min, max);
    const out: string[] = [];
    for (let i = 0; i < n; i++) out.push(this.pick(vocabulary));
    return out.join(' ');
  }
}
