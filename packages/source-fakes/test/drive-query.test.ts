import { compileDriveQuery, DriveQueryError, type DriveQueryView } from '../src';

const file = (overrides: Partial<DriveQueryView> = {}): DriveQueryView => ({
  name: 'Q3 plan',
  mimeType: 'application/vnd.google-apps.folder',
  modifiedTime: '2024-05-02T10:00:00.000Z',
  createdTime: '2024-01-01T00:00:00.000Z',
  trashed: false,
  starred: false,
  parents: ['folder-1'],
  ...overrides,
});

const matches = (q: string, view: DriveQueryView = file()) => compileDriveQuery(q)(view);

describe('Drive q parser and evaluator', () => {
  it('combines terms with and, or, not and parentheses (and binds tighter than or)', () => {
    const q =
      "name = 'Q3 plan' and mimeType = 'application/vnd.google-apps.folder' and trashed = false";
    expect(matches(q)).toBe(true);
    expect(matches(q, file({ trashed: true }))).toBe(false);
    expect(matches("name = 'x' or name = 'Q3 plan' and starred = true")).toBe(false);
    expect(matches("(name = 'x' or name = 'Q3 plan') and not starred = true")).toBe(true);
    expect(matches("not (name = 'Q3 plan')")).toBe(false);
    expect(matches("name = 'x' OR trashed = FALSE")).toBe(true);
  });

  it("tests parents with 'id' in parents", () => {
    expect(matches("'folder-1' in parents and trashed = false")).toBe(true);
    expect(matches("'folder-2' in parents")).toBe(false);
    expect(matches("not 'folder-2' in parents")).toBe(true);
  });

  it('compares names exactly, != and contains as a case-insensitive word prefix', () => {
    expect(matches("name = 'q3 plan'")).toBe(false);
    expect(matches("name != 'Q3 plan'")).toBe(false);
    expect(matches("name contains 'q3'")).toBe(true);
    expect(matches("name contains 'pla'")).toBe(true);
    expect(matches("name contains 'lan'")).toBe(false);
    expect(matches("mimeType contains 'google-apps'")).toBe(true);
    expect(matches("mimeType != 'application/pdf'")).toBe(true);
  });

  it("unescapes \\' and \\\\ inside strings", () => {
    const view = file({ name: "Ada's \\ notes" });
    expect(matches("name = 'Ada\\'s \\\\ notes'", view)).toBe(true);
    expect(matches("name = 'Ada\\'s notes'", view)).toBe(false);
  });

  it('compares times as RFC 3339, UTC when no offset is given', () => {
    expect(matches("modifiedTime > '2024-05-01T00:00:00'")).toBe(true);
    expect(matches("modifiedTime > '2024-05-02T10:00:00'")).toBe(false);
    expect(matches("modifiedTime >= '2024-05-02T10:00:00Z'")).toBe(true);
    expect(matches("modifiedTime < '2024-05-02T12:00:00+03:00'")).toBe(false);
    expect(matches("createdTime <= '2024-01-01T00:00:00.000Z'")).toBe(true);
    expect(matches("createdTime != '2024-01-01T00:00:00'")).toBe(false);
  });

  it.each([
    ['an empty query', ''],
    ['double quotes', 'name = "x"'],
    ['an unterminated string', "name = 'x"],
    ['an unknown escape', "name = 'a\\nb'"],
    ['a trailing backslash that eats the quote', "name = 'a\\'"],
    ['a missing operand', "name = 'x' and"],
    ['an unbalanced parenthesis', "(name = 'x'"],
    ['an unknown term', "colour = 'red'"],
    ['an operator a term does not take', "trashed contains 'x'"],
    ['a bad boolean', "trashed = 'false'"],
    ['a bad date', "modifiedTime > 'yesterday'"],
    ['a collection the fake does not model', "'me' in owners"],
    ['a stray token', "name = 'x' 'y'"],
  ])('refuses %s', (_label, q) => {
    expect(() => compileDriveQuery(q)).toThrow(DriveQueryError);
  });
});
