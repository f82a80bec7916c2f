// Preloaded into the server under test (never into the product): its clock runs E2E_CLOCK_FILE's
// offset, in milliseconds, ahead of the machine's, so a journey can see what a person meets days
// later (a temporary password past its five days) without waiting for them. The offset is read
// again whenever the file changes; zero leaves Date as it is.
import fs from 'node:fs';

const file = process.env.E2E_CLOCK_FILE;
if (file) {
  let offset = 0;
  const read = () => {
    try {
      offset = Number(fs.readFileSync(file, 'utf8').trim()) || 0;
    } catch {
      offset = 0;
    }
  };
  read();
  fs.watchFile(file, { interval: 50 }, read).unref();

  const RealDate = Date;
  // A function, not a subclass: every date keeps Date.prototype (instanceof holds for dates made
  // by Node's own code), and Date() called without new still answers a string.
  function ShiftedDate(...args) {
    if (!new.target) return new RealDate(RealDate.now() + offset).toString();
    return args.length === 0 ? new RealDate(RealDate.now() + offset) : new RealDate(...args);
  }
  ShiftedDate.prototype = RealDate.prototype;
  ShiftedDate.now = () => RealDate.now() + offset;
  ShiftedDate.parse = RealDate.parse;
  ShiftedDate.UTC = RealDate.UTC;
  globalThis.Date = ShiftedDate;
}
