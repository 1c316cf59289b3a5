import type { ChunkLayout } from '@docent/document-model';
import { answerUnits } from '../src';

/** A chunk's text and layout built from blocks, as the chunker renders them. */
function chunk(
  blocks: Array<{
    kind: ChunkLayout[number]['kind'];
    text: string;
    marker?: string;
    label?: string;
    term?: boolean;
    table?: number;
    header?: boolean;
  }>,
): { text: string; layout: ChunkLayout } {
  let text = '';
  const layout: ChunkLayout = [];
  for (const block of blocks) {
    if (text !== '') text += '\n';
    const start = text.length;
    const marker = block.marker ?? (block.label ? `${block.label}: ` : '');
    text += marker + block.text;
    layout.push({
      kind: block.kind,
      start,
      end: text.length,
      ...(marker !== '' && { markup: [[start, start + marker.length] as [number, number]] }),
      ...(block.label !== undefined && { label: block.label }),
      ...(block.term && { term: true }),
      ...(block.table !== undefined && { table: block.table }),
      ...(block.header && { header: true }),
    });
  }
  return { text, layout };
}

describe('answerUnits', () => {
  it('quotes sentences without the markup around them, and never code', () => {
    const { text, layout } = chunk([
      { kind: 'paragraph', text: 'Skylark listens on TCP port 7443 by default.' },
      { kind: 'code', text: 'skylark deploy --env production --strategy blue-green' },
      { kind: 'paragraph', text: 'See the Heron page for canary releases.' },
      { kind: 'list_item', text: 'Release train R-17 departs on 12 March.', marker: '- [ ] ' },
      {
        kind: 'callout',
        text: 'Security incidents must be reported within 1 hour.',
        label: 'Reporting',
      },
    ]);
    const units = answerUnits(text, layout);
    expect(units.map((u) => u.text)).toEqual([
      'Skylark listens on TCP port 7443 by default.',
      'See the Heron page for canary releases.',
      'Release train R-17 departs on 12 March.',
      'Security incidents must be reported within 1 hour.',
    ]);
    for (const unit of units) expect(text.slice(unit.start, unit.end)).toBe(unit.text);
    expect(units[3]!.context).toBe('Reporting');
  });

  it('reads a table row as key: value, and a wider one cell by cell with its column names', () => {
    const { text, layout } = chunk([
      { kind: 'table_row', text: 'Topic | Detail', table: 1, header: true },
      {
        kind: 'table_row',
        text: 'Nightly backup window | The nightly backup window starts at 02:30 UTC.',
        table: 1,
      },
      { kind: 'table_row', text: 'Service | Port | Owner', table: 2, header: true },
      { kind: 'table_row', text: 'Billing | 8431 | Team Falcon', table: 2 },
    ]);
    const units = answerUnits(text, layout);
    expect(units.map((u) => u.text)).toEqual([
      'Nightly backup window: The nightly backup window starts at 02:30 UTC.',
      'Billing — Port: 8431',
      'Billing — Owner: Team Falcon',
    ]);
    expect(text.slice(units[1]!.start, units[1]!.end)).toBe('Billing | 8431 | Team Falcon');
    expect(units[1]!.context).toBe('Service Port');
    expect(units[1]!.cell).toEqual({ key: 'Billing', column: 'Port', value: '8431' });
    expect(units[0]!.cell).toBeUndefined();
  });

  it("carries a wide table's cell as fields, whatever dashes and colons its key and value hold", () => {
    const { text, layout } = chunk([
      { kind: 'table_row', text: 'Route | Fare: off-peak | Note', table: 1, header: true },
      { kind: 'table_row', text: 'Lisbon — Porto | €25 | Ticket: printed', table: 1 },
    ]);
    expect(answerUnits(text, layout).map((u) => u.cell)).toEqual([
      { key: 'Lisbon — Porto', column: 'Fare: off-peak', value: '€25' },
      { key: 'Lisbon — Porto', column: 'Note', value: 'Ticket: printed' },
    ]);
  });

  it('names a row whose first cell is a bare value by the first cell that is not', () => {
    // FedRAMP's extensions table: cardinalities first ("n/a", "1"), then the extension's name.
    const { text, layout } = chunk([
      { kind: 'table_row', text: 'Baseline | SSP | Data | Notes', table: 1, header: true },
      {
        kind: 'table_row',
        text: 'n/a | 1 | eAuth Level (OVERALL) The overall eAuth level. | FedRAMP requires all Low systems to be at Level 1',
        table: 1,
      },
    ]);
    const units = answerUnits(text, layout);
    expect(units.map((u) => u.text)).toEqual([
      'SSP: 1',
      'Data: eAuth Level (OVERALL) The overall eAuth level.',
      'Notes: FedRAMP requires all Low systems to be at Level 1',
    ]);
    expect(units[2]!.context).toBe('Baseline Notes eAuth Level (OVERALL) The overall eAuth level.');
    expect(units[2]!.cell?.key).toBe('eAuth Level (OVERALL) The overall eAuth level.');
  });

  it('reads a row under merged cells cell by cell, not glued to the next cell', () => {
    // NIST CSF core (nist-csf-v1.0-core.xlsx): Function and Category are merged over their
    // subcategories' rows, which start with two empty cells.
    const { text, layout } = chunk([
      {
        kind: 'table_row',
        text: 'Function | Category | Subcategory | Informative References',
        table: 1,
        header: true,
      },
      {
        kind: 'table_row',
        text: ' |  | DE.AE-3: Event data are aggregated and correlated from multiple sources and sensors | · ISA 62443-3-3:2013 SR 6.1',
        table: 1,
      },
    ]);
    const units = answerUnits(text, layout);
    expect(units.map((u) => [u.text, u.context])).toEqual([
      [
        'DE.AE-3: Event data are aggregated and correlated from multiple sources and sensors',
        'Subcategory',
      ],
      ['· ISA 62443-3-3:2013 SR 6.1', 'Informative References'],
    ]);
  });

  it('never offers an entry of a reference list, but keeps prose that opens with a citation', () => {
    // RFC 8446, pp. 145-150 (a near miss about DTLS was answered with the first entry).
    const { text, layout } = chunk([
      {
        kind: 'paragraph',
        text: '[RFC8447] Salowey, J. and S. Turner, "IANA Registry Updates for TLS and DTLS", RFC 8447, DOI 10.17487/RFC8447, August 2018, <https://www.rfc-editor.org/info/rfc8447>.',
      },
      {
        kind: 'paragraph',
        text: '[2] Software Defined Perimeter Working Group “SDP Specification 1.0” Cloud Security Alliance. April 2014',
      },
      {
        kind: 'paragraph',
        text: '[RFC5705] defines keying material exporters for TLS in terms of the TLS pseudorandom function (PRF).',
      },
      { kind: 'paragraph', text: '[Note] Servers MUST check the version.' },
    ]);
    expect(answerUnits(text, layout).map((u) => u.text)).toEqual([
      '[RFC5705] defines keying material exporters for TLS in terms of the TLS pseudorandom function (PRF).',
      '[Note] Servers MUST check the version.',
    ]);
  });

  it("names the term on each sentence of a term's description, never a panel's title", () => {
    const { text, layout } = chunk([
      {
        kind: 'callout',
        label: '-a, --all',
        term: true,
        text: 'Only valid for push. All ignored files are stashed.',
      },
      { kind: 'callout', label: 'Reporting', text: 'Security incidents must be reported.' },
    ]);
    const units = answerUnits(text, layout);
    expect(units.map((u) => [u.text, u.context, u.term])).toEqual([
      ['Only valid for push.', '-a, --all', '-a, --all'],
      ['All ignored files are stashed.', '-a, --all', '-a, --all'],
      ['Security incidents must be reported.', 'Reporting', undefined],
    ]);
    // The label opens the first sentence's block: "term: sentence" can be highlighted whole.
    expect(text.slice(units[0]!.termStart, units[0]!.end)).toBe('-a, --all: Only valid for push.');
    expect(units[1]!.termStart).toBeUndefined();
  });

  it('lets a list item pairing a value with what it does answer alone, not joined under its lead-in', () => {
    // git-config(1), help.autoCorrect: "Possible config values are:" then one item a value.
    const { text, layout } = chunk([
      { kind: 'paragraph', text: 'Possible config values are:' },
      { kind: 'list_item', text: '0 (default): show the suggested command.', marker: '- ' },
      {
        kind: 'list_item',
        text: 'positive number: run the suggested command after specified deciseconds.',
        marker: '- ',
      },
    ]);
    expect(answerUnits(text, layout).map((u) => u.text)).toEqual([
      '0 (default): show the suggested command.',
      'positive number: run the suggested command after specified deciseconds.',
    ]);
  });

  it('never offers a list of page names (a "See also" section) as an answer', () => {
    const { text, layout } = chunk([
      {
        kind: 'paragraph',
        text: 'git-write-tree(1), git-ls-files(1), gitignore(5), git-sparse-checkout(1)',
      },
      { kind: 'paragraph', text: 'See gitignore(5) for the patterns.' },
    ]);
    expect(answerUnits(text, layout).map((u) => u.text)).toEqual([
      'See gitignore(5) for the patterns.',
    ]);
  });

  it('joins "key: value" items with short values under their lead-in', () => {
    const { text, layout } = chunk([
      { kind: 'paragraph', text: 'The plans are:' },
      { kind: 'list_item', text: 'Free: 5 users', marker: '- ' },
      { kind: 'list_item', text: 'Team: 50 users', marker: '- ' },
      { kind: 'list_item', text: 'Enterprise: unlimited users', marker: '- ' },
    ]);
    expect(answerUnits(text, layout).map((u) => u.text)).toEqual([
      'The plans are: Free: 5 users; Team: 50 users; Enterprise: unlimited users',
    ]);
  });

  it('lets a "key: value" item whose value is a sentence answer alone', () => {
    const { text, layout } = chunk([
      { kind: 'paragraph', text: 'Possible values are:' },
      { kind: 'list_item', text: 'never: do not prune remote branches at all', marker: '- ' },
    ]);
    expect(answerUnits(text, layout).map((u) => u.text)).toEqual([
      'never: do not prune remote branches at all',
    ]);
  });

  it('keeps a short lead-in with the list it introduces', () => {
    const { text, layout } = chunk([
      { kind: 'paragraph', text: 'Project co-leaders:' },
      { kind: 'list_item', text: 'Michaela Iorga, NIST', marker: '- ' },
      { kind: 'list_item', text: 'David Waltermire, NIST', marker: '- ' },
      { kind: 'paragraph', text: 'The project started in 2016.' },
    ]);
    const units = answerUnits(text, layout);
    expect(units.map((u) => u.text)).toEqual([
      'Project co-leaders: Michaela Iorga, NIST; David Waltermire, NIST',
      'The project started in 2016.',
    ]);
    expect(text.slice(units[0]!.start, units[0]!.end)).toBe(
      'Project co-leaders:\n- Michaela Iorga, NIST\n- David Waltermire, NIST',
    );
  });

  it('drops a lead-in that nothing joins: it states nothing (NIST SP 800-207, p. 9)', () => {
    // The chunk ends at the lead-in: its list is in the next chunk.
    const cut = chunk([
      {
        kind: 'paragraph',
        text: 'The ZTA logical components use a separate control plane to communicate, while application data is communicated on a data plane (see Section 3.4).',
      },
      { kind: 'paragraph', text: 'Figure 2: Core Zero Trust Logical Components' },
      { kind: 'paragraph', text: 'The component descriptions:' },
    ]);
    expect(answerUnits(cut.text, cut.layout).map((u) => u.text)).toEqual([
      'The ZTA logical components use a separate control plane to communicate, while application data is communicated on a data plane (see Section 3.4).',
      'Figure 2: Core Zero Trust Logical Components',
    ]);
    // Its item is too long to join: the item answers on its own.
    const long = chunk([
      { kind: 'paragraph', text: 'The component descriptions:' },
      {
        kind: 'list_item',
        text: 'Policy engine (PE): This component is responsible for the ultimate decision to grant access to a resource for a given subject, using enterprise policy as well as input from external sources as input to a trust algorithm.',
        marker: '- ',
      },
    ]);
    const units = answerUnits(long.text, long.layout).map((u) => u.text);
    expect(units).toHaveLength(1);
    expect(units[0]).toMatch(/^Policy engine \(PE\): This component is responsible/);
  });

  it("leaves a list of statements to their own units (NIST SP 800-207, p. 18's real text)", () => {
    // Each item's first sentence fits the joined budget, but is a statement, not a name: joined,
    // the answer read "The component descriptions: Policy engine (PE): This component…".
    const { text, layout } = chunk([
      { kind: 'paragraph', text: 'The component descriptions:' },
      {
        kind: 'list_item',
        text: 'Policy engine (PE): This component is responsible for the ultimate decision to grant access to a resource for a given subject. The PE uses enterprise policy as well as input from external sources.',
        marker: '- ',
      },
      {
        kind: 'list_item',
        text: 'Policy administrator (PA): This component is responsible for establishing and/or shutting down the communication path between a subject and a resource.',
        marker: '- ',
      },
    ]);
    const units = answerUnits(text, layout).map((u) => u.text);
    expect(units[0]).toBe(
      'Policy engine (PE): This component is responsible for the ultimate decision to grant access to a resource for a given subject.',
    );
    expect(units.some((u) => u.startsWith('The component descriptions'))).toBe(false);
  });

  it('reads a long row cell by cell, each sentence with the cells that name the row', () => {
    const long = Array.from({ length: 30 }, (_, i) => `word${i}`).join(' ');
    const { text, layout } = chunk([
      { kind: 'table_row', text: 'Control | Requirement', table: 1, header: true },
      { kind: 'table_row', text: `AC-1 | ${long}. Reviewed every 3 years.`, table: 1 },
    ]);
    const units = answerUnits(text, layout, 20);
    expect(units.map((u) => u.text)).toEqual([`${long}.`, 'Reviewed every 3 years.']);
    expect(units.every((u) => u.context === 'AC-1 Requirement')).toBe(true);
  });

  it("drops a bullet glyph left in a paragraph's text (a PDF's list)", () => {
    const { text, layout } = chunk([
      { kind: 'paragraph', text: '• Rotate the keys every 90 days.\n• Revoke unused keys.' },
    ]);
    const units = answerUnits(text, layout);
    expect(units.map((u) => u.text)).toEqual([
      'Rotate the keys every 90 days.',
      'Revoke unused keys.',
    ]);
    expect(text.slice(units[0]!.start, units[0]!.end)).toBe('Rotate the keys every 90 days.');
  });

  it('reads markers from the text of a chunk indexed without a layout', () => {
    const text = [
      'Skylark listens on TCP port 7443 by default.',
      'skylark deploy --env production --strategy blue-green',
      '- [ ] Release train R-17 departs on 12 March.',
      '> Quoted words here.',
      'Topic | Detail',
      'Backup window | Starts at 02:30 UTC.',
      'A soft-wrapped sentence goes',
      'on to the next line.',
    ].join('\n');
    expect(answerUnits(text).map((u) => u.text)).toEqual([
      'Skylark listens on TCP port 7443 by default.',
      'Release train R-17 departs on 12 March.',
      'Quoted words here.',
      'Topic: Detail',
      'Backup window: Starts at 02:30 UTC.',
      'A soft-wrapped sentence goes on to the next line.',
    ]);
  });
});

describe('answerUnits and pointers', () => {
  it('drops a bracketed pointer to a part of the document standing alone', () => {
    const text =
      '(Section 3.3.1)\n3. What additional tools might be needed? (Sections 3.3.1, 3.3.4)\n(see Table 4)';
    expect(answerUnits(text).map((u) => u.text)).toEqual([
      'What additional tools might be needed?',
    ]);
  });

  it('drops a condition with nothing after it', () => {
    const text =
      'If the state is SYN-SENT then\n\nIf the SYN bit is on and the security/compartment and precedence\n\n' +
      'If the ACK bit is on, drop the segment.\n\nWhen in doubt, ask.';
    expect(answerUnits(text).map((u) => u.text)).toEqual([
      'If the ACK bit is on, drop the segment.',
      'When in doubt, ask.',
    ]);
  });
});
