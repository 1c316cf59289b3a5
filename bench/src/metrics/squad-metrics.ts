/** SQuAD's answer normalisation: lower case, no punctuation, no articles, single spaces. */
export function normalizeAnswer(text: string): string {
  return text
    .toLowerCase()
    .replace(/[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/g, ' ')
    .replace(/\b(a|an|the)\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export function exactMatch(prediction: string, golds: string[]): number {
  const p = normalizeAnswer(prediction);
  return golds.some((g) => normalizeAnswer(g) === p) ? 1 : 0;
}

export function f1(prediction: string, golds: string[]): number {
  const p = normalizeAnswer(prediction).split(' ').filter(Boolean);
  let best = 0;
  for (const gold of golds) {
    const g = normalizeAnswer(gold).split(' ').filter(Boolean);
    const counts = new Map<string, number>();
    for (const t of g) counts.set(t, (counts.get(t) ?? 0) + 1);
    let common = 0;
    for (const t of p) {
      const c = counts.get(t) ?? 0;
      if (c > 0) {
        common++;
        counts.set(t, c - 1);
      }
    }
    if (common === 0) continue;
    const precision = common / p.length;
    const recall = common / g.length;
    best = Math.max(best, (2 * precision * recall) / (precision + recall));
  }
  return best;
}

/** The lenient check: the normalised answer contains a normalised gold answer. */
export function containsAnswer(text: string, golds: string[]): boolean {
  const t = ` ${normalizeAnswer(text)} `;
  return golds.some((g) => {
    const n = normalizeAnswer(g);
    return n.length > 0 && t.includes(` ${n} `);
  });
}

export function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}
