import { readHtmlPage } from '../src';

describe('readHtmlPage', () => {
  it('reads the title, the links as written and the robots rules', () => {
    const page = readHtmlPage(`<html><head><title>Kestrel &amp;
      limits</title><meta name="robots" content="noindex, nofollow"></head>
      <body><a href="/a?x=1&amp;y=2">A</a> <a href='b'>B</a> <a href=/c>C</a></body></html>`);
    expect(page).toEqual({
      title: 'Kestrel & limits',
      links: ['/a?x=1&y=2', 'b', '/c'],
      noindex: true,
      nofollow: true,
    });
  });

  it('does not follow links commented out, and has no title when none is given', () => {
    const page = readHtmlPage('<p>Text <!-- <a href="/draft">draft</a> --> <a href="/live">x</a>');
    expect(page).toEqual({ title: undefined, links: ['/live'], noindex: false, nofollow: false });
  });
});
