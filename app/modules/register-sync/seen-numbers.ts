/**
 * A fixed-size Bloom filter of the registration numbers a run has read (2 MiB whatever the
 * source size, so memory stays flat). "Never seen" is certain; "maybe seen" sends the run to the
 * exact duplicate check in SQL. At 1,000,000 rows a false "maybe" is still rare (< 1 in 1,000
 * per row), and one only costs that SQL check, never a wrong result.
 */
const BITS = 1 << 24;
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
    let seen = true;
    for (let k = 0; k < HASHES; k++) {
      const bit = (h1 + Math.imul(k, h2 | 1)) >>> 8; // 24 bits
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
