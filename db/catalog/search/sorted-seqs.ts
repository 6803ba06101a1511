/** Whether the ascending seqs hold `seq` (a binary search: a word's matches may be tens of thousands). */
export function holdsSeq(seqs: Int32Array, seq: number): boolean {
  let lo = 0;
  let hi = seqs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (seqs[mid]! < seq) lo = mid + 1;
    else hi = mid;
  }
  return lo < seqs.length && seqs[lo] === seq;
}
