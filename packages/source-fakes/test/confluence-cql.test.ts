import { compileCql, type CqlContent, CqlError } from '../src/confluence';

function content(overrides: Partial<CqlContent> & { id: string }): CqlContent {
  return {
    type: 'page',
    spaceKey: 'ENG',
    title: `Page ${overrides.id}`,
    text: '',
    labels: [],
    ancestorIds: [],
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const corpus: CqlContent[] = [
  content({
    id: '1',
    title: 'Deploy runbook',
    text: 'How to deploy the payments service',
    labels: ['howto', 'ops'],
    updatedAt: '2024-05-01T10:00:30.000Z',
  }),
  content({
    id: '2',
    title: 'Rollback guide',
    text: 'Rolling back a bad deploy',
    parentId: '1',
    ancestorIds: ['1'],
    labels: ['howto'],
    updatedAt: '2024-05-02T08:00:00.000Z',
  }),
  content({
    id: '3',
    title: 'Team lunch',
    spaceKey: 'OPS',
    type: 'blogpost',
    text: 'Pizza on Friday',
    parentId: undefined,
    updatedAt: '2024-04-01T00:00:00.000Z',
  }),
  content({
    id: '4',
    title: 'Incident 42',
    spaceKey: 'OPS',
    text: 'Payments outage postmortem',
    parentId: '2',
    ancestorIds: ['2', '1'],
    updatedAt: '2024-06-01T00:00:00.000Z',
  }),
  content({
    id: '10',
    title: 'Архитектура',
    spaceKey: 'RU',
    text: 'Описание сервиса',
    updatedAt: '2024-03-01T00:00:00.000Z',
  }),
];

function ids(cql: string): string[] {
  const query = compileCql(cql);
  return corpus
    .filter((c) => query.matches(c))
    .sort((a, b) => query.compare(a, b))
    .map((c) => c.id);
}

describe('CQL evaluator', () => {
  it.each([
    ['space = "ENG"', ['1', '2']],
    ['space = eng', ['1', '2']],
    ['space != ENG', ['3', '4', '10']],
    ['space in ("OPS", "RU")', ['3', '4', '10']],
    ['space not in (OPS, RU)', ['1', '2']],
    ['type = page', ['1', '2', '4', '10']],
    ['type = blogpost', ['3']],
    ['title = "Deploy runbook"', ['1']],
    ['title ~ "runbook"', ['1']],
    ['title ~ "roll*"', ['2']],
    ['title !~ "guide"', ['1', '3', '4', '10']],
    ['text ~ "payments"', ['1', '4']],
    ['text ~ "payments deploy"', ['1']],
    ['text ~ "описание"', ['10']],
    ['label = "howto"', ['1', '2']],
    ['label in (ops, missing)', ['1']],
    ['ancestor = 1', ['2', '4']],
    ['parent = 1', ['2']],
    ['id = 4', ['4']],
    ['id in (1, 10)', ['1', '10']],
    ['lastmodified >= "2024-05-01 10:00"', ['1', '2', '4']],
    ['lastmodified < "2024/05/01"', ['3', '10']],
    ['space = ENG and label = howto and not title ~ rollback', ['1']],
    ['space = RU or (type = page and text ~ outage)', ['4', '10']],
    ['NOT space = ENG AND type = page', ['4', '10']],
  ])('%s', (cql, expected) => {
    expect(ids(cql)).toEqual(expected);
  });

  it('orders by a field, then by id', () => {
    expect(ids('type = page order by title desc')).toEqual(['10', '2', '4', '1']);
    expect(ids('type = page order by lastmodified asc')).toEqual(['10', '1', '2', '4']);
    expect(ids('order by id desc')).toEqual(['10', '4', '3', '2', '1']);
    expect(ids('space = OPS ORDER BY created ASC, title DESC')).toEqual(['3', '4']);
  });

  it('handles quotes with escapes', () => {
    const query = compileCql('title = "say \\"hi\\""');
    expect(query.matches(content({ id: '9', title: 'say "hi"' }))).toBe(true);
  });

  it.each([
    ['', /empty/],
    ['space = ', /value/],
    ['space = ENG and', /field name/],
    ['(space = ENG', /'\)'/],
    ['space ENG', /operator/],
    ['space = "ENG', /unterminated/],
    ['colour = red', /field 'colour'/],
    ['text = "x"', /operator '='/],
    ['space ~ ENG', /operator '~'/],
    ['lastmodified > "yesterday"', /date/],
    ['space = ENG order title', /'by'/],
    ['space = ENG order by colour', /order by 'colour'/],
    ['lastmodified > now("-4w")', /function now/],
    ['space = ENG )', /unexpected/],
  ])('rejects %j', (cql, message) => {
    expect(() => compileCql(cql)).toThrow(CqlError);
    expect(() => compileCql(cql)).toThrow(message);
  });
});
