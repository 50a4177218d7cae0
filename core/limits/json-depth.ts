// How deeply a parsed JSON value nests, measured without recursion (a 9 kB body can nest 4,500
// levels; a recursive walk, or JSON.stringify of an error echoing it, overflows the stack), and
// stopping as soon as the limit is passed, so a hostile value costs no more than the limit.

/** The depth of `value` (a scalar is 0, `{}` and `[]` are 1), or `limit + 1` once beyond `limit`. */
export function jsonDepth(value: unknown, limit: number): number {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length) {
    const [current, depth] = stack.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth > limit) return limit + 1;
    if (depth > deepest) deepest = depth;
    for (const child of Array.isArray(current) ? current : Object.values(current as Record<string, unknown>)) {
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
    }
  }
  return deepest;
}
