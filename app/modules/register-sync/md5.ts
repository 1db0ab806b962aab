/**
 * MD5 in JavaScript, for the import's row hashes (decision 0110): the same digest as
 * node:crypto's, about three times faster for the register's short rows, because node:crypto's
 * one-shot hash spends about 1.5 µs a call crossing into C++ and back, more than the hash itself.
 * The bytes to hash are written straight into `Md5Input` (no string to encode first). Not for
 * security: the hash only tells whether a registration changed since the last sync.
 */
import crypto from "node:crypto";

/** A reusable input buffer: the bytes to hash, then room for MD5's padding. */
export class Md5Input {
  bytes = new Uint8Array(4096);
  words = new Int32Array(this.bytes.buffer);

  /** Makes room for `n` bytes of input (and the padding), keeping what is there. */
  ensure(n: number): void {
    if (n + 72 <= this.bytes.length) return;
    const bigger = new Uint8Array((n + 72) * 2);
    bigger.set(this.bytes);
    this.bytes = bigger;
    this.words = new Int32Array(bigger.buffer);
  }
}

const state = new Int32Array(4);
const digest = new Uint8Array(state.buffer);
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** MD5 of the first `length` bytes of `input`, in base64 (24 characters, "==" at the end). */
export function md5Base64(input: Md5Input, length: number): string {
  input.ensure(length);
  const { bytes, words } = input;
  // The words are read in the machine's byte order; MD5's are little-endian.
  if (!LITTLE_ENDIAN) return crypto.hash("md5", bytes.subarray(0, length), "base64");
  // Padding: 0x80, zeros, then the length in bits as a 64-bit little-endian number.
  const blocks = (length + 72) >>> 6;
  const end = blocks << 6;
  bytes[length] = 0x80;
  bytes.fill(0, length + 1, end - 8);
  words[(end >> 2) - 2] = length << 3;
  words[(end >> 2) - 1] = length >>> 29;
  state[0] = 0x67452301;
  state[1] = 0xefcdab89;
  state[2] = 0x98badcfe;
  state[3] = 0x10325476;
  for (let w = 0; w < end >> 2; w += 16) compress(words, w);
  return base64(digest);
}

/**
 * MD5's 64 steps over the 16 words from `w`, added to the state (RFC 1321). Written out step by
 * step with constant shifts, sines and word indexes: a loop over tables of them was about half as
 * fast, and small helpers per step were not inlined (each call boxed its numbers).
 */
// eslint-disable-next-line max-lines-per-function -- the 64 steps of the algorithm, written out for speed
function compress(x: Int32Array, w: number): void {
  let a = state[0];
  let b = state[1];
  let c = state[2];
  let d = state[3];
  // Round 1: F(b, c, d) = (b & c) | (~b & d)
  let t = (a + ((b & c) | (~b & d)) + 0xd76aa478 + x[w]) | 0;
  a = (b + ((t << 7) | (t >>> 25))) | 0;
  t = (d + ((a & b) | (~a & c)) + 0xe8c7b756 + x[w + 1]) | 0;
  d = (a + ((t << 12) | (t >>> 20))) | 0;
  t = (c + ((d & a) | (~d & b)) + 0x242070db + x[w + 2]) | 0;
  c = (d + ((t << 17) | (t >>> 15))) | 0;
  t = (b + ((c & d) | (~c & a)) + 0xc1bdceee + x[w + 3]) | 0;
  b = (c + ((t << 22) | (t >>> 10))) | 0;
  t = (a + ((b & c) | (~b & d)) + 0xf57c0faf + x[w + 4]) | 0;
  a = (b + ((t << 7) | (t >>> 25))) | 0;
  t = (d + ((a & b) | (~a & c)) + 0x4787c62a + x[w + 5]) | 0;
  d = (a + ((t << 12) | (t >>> 20))) | 0;
  t = (c + ((d & a) | (~d & b)) + 0xa8304613 + x[w + 6]) | 0;
  c = (d + ((t << 17) | (t >>> 15))) | 0;
  t = (b + ((c & d) | (~c & a)) + 0xfd469501 + x[w + 7]) | 0;
  b = (c + ((t << 22) | (t >>> 10))) | 0;
  t = (a + ((b & c) | (~b & d)) + 0x698098d8 + x[w + 8]) | 0;
  a = (b + ((t << 7) | (t >>> 25))) | 0;
  t = (d + ((a & b) | (~a & c)) + 0x8b44f7af + x[w + 9]) | 0;
  d = (a + ((t << 12) | (t >>> 20))) | 0;
  t = (c + ((d & a) | (~d & b)) + 0xffff5bb1 + x[w + 10]) | 0;
  c = (d + ((t << 17) | (t >>> 15))) | 0;
  t = (b + ((c & d) | (~c & a)) + 0x895cd7be + x[w + 11]) | 0;
  b = (c + ((t << 22) | (t >>> 10))) | 0;
  t = (a + ((b & c) | (~b & d)) + 0x6b901122 + x[w + 12]) | 0;
  a = (b + ((t << 7) | (t >>> 25))) | 0;
  t = (d + ((a & b) | (~a & c)) + 0xfd987193 + x[w + 13]) | 0;
  d = (a + ((t << 12) | (t >>> 20))) | 0;
  t = (c + ((d & a) | (~d & b)) + 0xa679438e + x[w + 14]) | 0;
  c = (d + ((t << 17) | (t >>> 15))) | 0;
  t = (b + ((c & d) | (~c & a)) + 0x49b40821 + x[w + 15]) | 0;
  b = (c + ((t << 22) | (t >>> 10))) | 0;
  // Round 2: G(b, c, d) = (d & b) | (~d & c)
  t = (a + ((d & b) | (~d & c)) + 0xf61e2562 + x[w + 1]) | 0;
  a = (b + ((t << 5) | (t >>> 27))) | 0;
  t = (d + ((c & a) | (~c & b)) + 0xc040b340 + x[w + 6]) | 0;
  d = (a + ((t << 9) | (t >>> 23))) | 0;
  t = (c + ((b & d) | (~b & a)) + 0x265e5a51 + x[w + 11]) | 0;
  c = (d + ((t << 14) | (t >>> 18))) | 0;
  t = (b + ((a & c) | (~a & d)) + 0xe9b6c7aa + x[w]) | 0;
  b = (c + ((t << 20) | (t >>> 12))) | 0;
  t = (a + ((d & b) | (~d & c)) + 0xd62f105d + x[w + 5]) | 0;
  a = (b + ((t << 5) | (t >>> 27))) | 0;
  t = (d + ((c & a) | (~c & b)) + 0x02441453 + x[w + 10]) | 0;
  d = (a + ((t << 9) | (t >>> 23))) | 0;
  t = (c + ((b & d) | (~b & a)) + 0xd8a1e681 + x[w + 15]) | 0;
  c = (d + ((t << 14) | (t >>> 18))) | 0;
  t = (b + ((a & c) | (~a & d)) + 0xe7d3fbc8 + x[w + 4]) | 0;
  b = (c + ((t << 20) | (t >>> 12))) | 0;
  t = (a + ((d & b) | (~d & c)) + 0x21e1cde6 + x[w + 9]) | 0;
  a = (b + ((t << 5) | (t >>> 27))) | 0;
  t = (d + ((c & a) | (~c & b)) + 0xc33707d6 + x[w + 14]) | 0;
  d = (a + ((t << 9) | (t >>> 23))) | 0;
  t = (c + ((b & d) | (~b & a)) + 0xf4d50d87 + x[w + 3]) | 0;
  c = (d + ((t << 14) | (t >>> 18))) | 0;
  t = (b + ((a & c) | (~a & d)) + 0x455a14ed + x[w + 8]) | 0;
  b = (c + ((t << 20) | (t >>> 12))) | 0;
  t = (a + ((d & b) | (~d & c)) + 0xa9e3e905 + x[w + 13]) | 0;
  a = (b + ((t << 5) | (t >>> 27))) | 0;
  t = (d + ((c & a) | (~c & b)) + 0xfcefa3f8 + x[w + 2]) | 0;
  d = (a + ((t << 9) | (t >>> 23))) | 0;
  t = (c + ((b & d) | (~b & a)) + 0x676f02d9 + x[w + 7]) | 0;
  c = (d + ((t << 14) | (t >>> 18))) | 0;
  t = (b + ((a & c) | (~a & d)) + 0x8d2a4c8a + x[w + 12]) | 0;
  b = (c + ((t << 20) | (t >>> 12))) | 0;
  // Round 3: H(b, c, d) = b ^ c ^ d
  t = (a + (b ^ c ^ d) + 0xfffa3942 + x[w + 5]) | 0;
  a = (b + ((t << 4) | (t >>> 28))) | 0;
  t = (d + (a ^ b ^ c) + 0x8771f681 + x[w + 8]) | 0;
  d = (a + ((t << 11) | (t >>> 21))) | 0;
  t = (c + (d ^ a ^ b) + 0x6d9d6122 + x[w + 11]) | 0;
  c = (d + ((t << 16) | (t >>> 16))) | 0;
  t = (b + (c ^ d ^ a) + 0xfde5380c + x[w + 14]) | 0;
  b = (c + ((t << 23) | (t >>> 9))) | 0;
  t = (a + (b ^ c ^ d) + 0xa4beea44 + x[w + 1]) | 0;
  a = (b + ((t << 4) | (t >>> 28))) | 0;
  t = (d + (a ^ b ^ c) + 0x4bdecfa9 + x[w + 4]) | 0;
  d = (a + ((t << 11) | (t >>> 21))) | 0;
  t = (c + (d ^ a ^ b) + 0xf6bb4b60 + x[w + 7]) | 0;
  c = (d + ((t << 16) | (t >>> 16))) | 0;
  t = (b + (c ^ d ^ a) + 0xbebfbc70 + x[w + 10]) | 0;
  b = (c + ((t << 23) | (t >>> 9))) | 0;
  t = (a + (b ^ c ^ d) + 0x289b7ec6 + x[w + 13]) | 0;
  a = (b + ((t << 4) | (t >>> 28))) | 0;
  t = (d + (a ^ b ^ c) + 0xeaa127fa + x[w]) | 0;
  d = (a + ((t << 11) | (t >>> 21))) | 0;
  t = (c + (d ^ a ^ b) + 0xd4ef3085 + x[w + 3]) | 0;
  c = (d + ((t << 16) | (t >>> 16))) | 0;
  t = (b + (c ^ d ^ a) + 0x04881d05 + x[w + 6]) | 0;
  b = (c + ((t << 23) | (t >>> 9))) | 0;
  t = (a + (b ^ c ^ d) + 0xd9d4d039 + x[w + 9]) | 0;
  a = (b + ((t << 4) | (t >>> 28))) | 0;
  t = (d + (a ^ b ^ c) + 0xe6db99e5 + x[w + 12]) | 0;
  d = (a + ((t << 11) | (t >>> 21))) | 0;
  t = (c + (d ^ a ^ b) + 0x1fa27cf8 + x[w + 15]) | 0;
  c = (d + ((t << 16) | (t >>> 16))) | 0;
  t = (b + (c ^ d ^ a) + 0xc4ac5665 + x[w + 2]) | 0;
  b = (c + ((t << 23) | (t >>> 9))) | 0;
  // Round 4: I(b, c, d) = c ^ (b | ~d)
  t = (a + (c ^ (b | ~d)) + 0xf4292244 + x[w]) | 0;
  a = (b + ((t << 6) | (t >>> 26))) | 0;
  t = (d + (b ^ (a | ~c)) + 0x432aff97 + x[w + 7]) | 0;
  d = (a + ((t << 10) | (t >>> 22))) | 0;
  t = (c + (a ^ (d | ~b)) + 0xab9423a7 + x[w + 14]) | 0;
  c = (d + ((t << 15) | (t >>> 17))) | 0;
  t = (b + (d ^ (c | ~a)) + 0xfc93a039 + x[w + 5]) | 0;
  b = (c + ((t << 21) | (t >>> 11))) | 0;
  t = (a + (c ^ (b | ~d)) + 0x655b59c3 + x[w + 12]) | 0;
  a = (b + ((t << 6) | (t >>> 26))) | 0;
  t = (d + (b ^ (a | ~c)) + 0x8f0ccc92 + x[w + 3]) | 0;
  d = (a + ((t << 10) | (t >>> 22))) | 0;
  t = (c + (a ^ (d | ~b)) + 0xffeff47d + x[w + 10]) | 0;
  c = (d + ((t << 15) | (t >>> 17))) | 0;
  t = (b + (d ^ (c | ~a)) + 0x85845dd1 + x[w + 1]) | 0;
  b = (c + ((t << 21) | (t >>> 11))) | 0;
  t = (a + (c ^ (b | ~d)) + 0x6fa87e4f + x[w + 8]) | 0;
  a = (b + ((t << 6) | (t >>> 26))) | 0;
  t = (d + (b ^ (a | ~c)) + 0xfe2ce6e0 + x[w + 15]) | 0;
  d = (a + ((t << 10) | (t >>> 22))) | 0;
  t = (c + (a ^ (d | ~b)) + 0xa3014314 + x[w + 6]) | 0;
  c = (d + ((t << 15) | (t >>> 17))) | 0;
  t = (b + (d ^ (c | ~a)) + 0x4e0811a1 + x[w + 13]) | 0;
  b = (c + ((t << 21) | (t >>> 11))) | 0;
  t = (a + (c ^ (b | ~d)) + 0xf7537e82 + x[w + 4]) | 0;
  a = (b + ((t << 6) | (t >>> 26))) | 0;
  t = (d + (b ^ (a | ~c)) + 0xbd3af235 + x[w + 11]) | 0;
  d = (a + ((t << 10) | (t >>> 22))) | 0;
  t = (c + (a ^ (d | ~b)) + 0x2ad7d2bb + x[w + 2]) | 0;
  c = (d + ((t << 15) | (t >>> 17))) | 0;
  t = (b + (d ^ (c | ~a)) + 0xeb86d391 + x[w + 9]) | 0;
  b = (c + ((t << 21) | (t >>> 11))) | 0;
  state[0] = (state[0] + a) | 0;
  state[1] = (state[1] + b) | 0;
  state[2] = (state[2] + c) | 0;
  state[3] = (state[3] + d) | 0;
}

const chars = new Array<number>(24).fill(61); // "=" padding at the end

function base64(bytes: Uint8Array): string {
  let out = 0;
  for (let i = 0; i < 15; i += 3) {
    const triple = (bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2];
    chars[out++] = BASE64.charCodeAt(triple >>> 18);
    chars[out++] = BASE64.charCodeAt((triple >>> 12) & 0x3f);
    chars[out++] = BASE64.charCodeAt((triple >>> 6) & 0x3f);
    chars[out++] = BASE64.charCodeAt(triple & 0x3f);
  }
  chars[20] = BASE64.charCodeAt(bytes[15] >>> 2);
  chars[21] = BASE64.charCodeAt((bytes[15] & 0x03) << 4);
  return String.fromCharCode(...chars);
}
