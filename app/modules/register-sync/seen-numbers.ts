/**
 * A fixed-size Bloom filter of the registration numbers a run has read (8 MiB whatever the
 * source size, so memory stays flat). "Never seen" is certain; "maybe seen" sends the run to the
 * exact duplicate check in SQL. With 2^26 bits and 7 hashes a false "maybe" over a whole
 * 1,000,000-row source is unlikely (expected count < 0.05), and one would only cost that SQL
 * check, never a wrong result.
 */
const BITS = 1 << 26;
const HASHES = 7;

export class SeenNumbers {
  private readonly bits = new Uint32Array(BITS / 32);
  maybeDuplicates = false;

  add(value: string): void {
    // Two FNV-1a style hashes, combined by double hashing.
    let h1 = 0x811c9dc5;
    let h2 = 0x01000193;
    for (let i = 0; i < value.length; i++) {
      const c = value.charCodeAt(i);
      h1 = Math.imul(h1 ^ c, 0x01000193);
      h2 = Math.imul(h2 ^ c, 0x5bd1e995) ^ (h2 >>> 15);
    }
    h1 = fmix(h1);
    h2 = fmix(h2);
    let seen = true;
    for (let k = 0; k < HASHES; k++) {
      const bit = (h1 + Math.imul(k, h2 | 1)) >>> 6; // 26 bits
      const word = bit >>> 5;
      const mask = 1 << (bit & 31);
      if ((this.bits[word] & mask) === 0) {
        seen = false;
        this.bits[word] |= mask;
      }
    }
    if (seen) this.maybeDuplicates = true;
  }
}

/** MurmurHash3's finaliser: spreads every input bit over the whole word. */
function fmix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}
