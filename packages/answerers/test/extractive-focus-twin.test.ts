import { ExtractiveAnswerer, NOT_FOUND_ANSWER, type Passage } from '../src';
import { fakeEmbedding } from './bag-of-words-embedder';

function passage(id: string, text: string, docName: string): Passage {
  return { id, docName, pageNum: 1, text, headings: '', score: 1, similarity: 0.6, documentId: id };
}

describe("ExtractiveAnswerer with focus 'twin'", () => {
  const answerer = new ExtractiveAnswerer(fakeEmbedding);
  const ask = (question: string, passages: Passage[]) =>
    answerer.answer({ question, standaloneQuestion: question, history: [], passages });
  const plover = passage(
    'plover',
    'The web console at plover.internal shows every run of the last 90 days.',
    'Plover job scheduler',
  );
  const kestrel = passage(
    'kestrel',
    'Kestrel listens on TCP port 8470 for HTTP traffic. Its gRPC API listens on port 8471 and is only reachable from inside the cluster.',
    'Kestrel feature flag service',
  );

  it('is "not found" when a twin\'s page says what is asked and more of the question', async () => {
    const answer = await ask('Which port does Plover listen on?', [plover, kestrel]);
    expect(answer.text).toBe(NOT_FOUND_ANSWER);
    expect(answer.notFoundReason).toBe('twin-states-focus');
    const own = await ask('Which port does Kestrel listen on?', [plover, kestrel]);
    expect(own.text).toBe('Kestrel listens on TCP port 8470 for HTTP traffic.');
  });

  it("answers when the other documents' sentences share no more of the question", async () => {
    // "which team": the page names the team; another page says "team" and nothing more asked.
    const broncos = passage(
      'sb50',
      'The American Football Conference (AFC) champion Denver Broncos defeated the Carolina Panthers 24–10 at Super Bowl 50.',
      'Super Bowl 50',
    );
    const other = passage('rugby', 'The team trained in Cardiff for two weeks.', 'Rugby World Cup');
    const answer = await ask('Which team represented the AFC at Super Bowl 50?', [broncos, other]);
    expect(answer.found).toBe(true);
    expect(answer.text).toContain('Denver Broncos');
  });

  it('quotes the next sentence of the block when it refers back and says what is asked', async () => {
    const printers = passage(
      'printers',
      'The Leeds printer is a Canon i-SENSYS MF643 by the reception desk. Its IP address is 10.30.4.15.',
      'Printer and AV setup.txt',
    );
    const answer = await ask("What is Canon i-SENSYS MF643's IP address?", [printers]);
    expect(answer.text).toContain('Its IP address is 10.30.4.15.');
  });
});
