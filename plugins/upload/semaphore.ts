// At most n tasks at once; the others wait their turn in order.

export class Semaphore {
  #free: number;
  readonly #waiting: Array<() => void> = [];

  constructor(n: number) {
    this.#free = n;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#free > 0) this.#free -= 1;
    else await new Promise<void>((resolve) => this.#waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = this.#waiting.shift();
      if (next) next();
      else this.#free += 1;
    }
  }
}
