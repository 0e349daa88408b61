/**
 * At most `size` bookings of this process use the database at once; the others wait here, in order, without a
 * deadline. A crowd of bookings (a popular slot opening) then waits in memory rather than in the connection pool's
 * queue, whose 5-second wait would fail them with a 500 and starve every other route of connections.
 */
export class BookingGate {
  private inUse = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly size: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.inUse >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.inUse++;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.inUse--;
    }
  }
}
