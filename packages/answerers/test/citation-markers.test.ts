import { CitationMarkers } from '../src';

const IDS = ['a', 'b', 'c'];

function run(pieces: string[], options = {}) {
  const markers = new CitationMarkers(IDS, options);
  const out = [...pieces.map((p) => markers.push(p)), markers.end()];
  return {
    text: out.map((o) => o.text).join(''),
    citations: out.flatMap((o) => o.citations),
    cited: [...markers.cited],
  };
}

/** Every way of cutting `text` in three. */
function cuts(text: string): string[][] {
  const out: string[][] = [];
  for (let i = 0; i <= text.length; i++) {
    for (let j = i; j <= text.length; j++)
      out.push([text.slice(0, i), text.slice(i, j), text.slice(j)]);
  }
  return out;
}

describe('CitationMarkers', () => {
  const reply = '  Heron uses 9120 [2]; Skylark 7443 [3, 2] [7].\nNot [a note] but [1]  ';
  const expected = 'Heron uses 9120 [1]; Skylark 7443 [2][1].\nNot [a note] but [3]';

  it('renumbers by first citation and drops invented markers with their space', () => {
    expect(run([reply])).toEqual({
      text: expected,
      citations: [
        { marker: 1, passageId: 'b' },
        { marker: 2, passageId: 'c' },
        { marker: 3, passageId: 'a' },
      ],
      cited: ['b', 'c', 'a'],
    });
  });

  it('writes the same text however the reply is cut', () => {
    for (const pieces of cuts(reply)) expect(run(pieces).text).toBe(expected);
  });

  it('drops every marker when asked to, and those past the cap', () => {
    expect(run([reply], { keep: false }).text).toBe(
      'Heron uses 9120; Skylark 7443.\nNot [a note] but',
    );
    expect(run([reply], { maxCited: 1 })).toMatchObject({
      text: 'Heron uses 9120 [1]; Skylark 7443 [1].\nNot [a note] but',
      cited: ['b'],
    });
  });
});
