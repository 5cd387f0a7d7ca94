/** A clock tests move by hand: time is injected, never waited for. */
export class TestClock {
  private t: number;
  constructor(start: Date | string = '2026-11-22T08:00:00Z') {
    this.t = new Date(start).getTime();
  }
  now = (): Date => new Date(this.t);
  advance(ms: number): void {
    this.t += ms;
  }
  advanceMinutes(m: number): void {
    this.advance(m * 60_000);
  }
}
