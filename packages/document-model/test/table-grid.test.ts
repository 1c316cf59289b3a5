import { tableGrid, type MarkupTableCell } from '../src/table-grid';

const th = (text: string, spans: Partial<MarkupTableCell> = {}): MarkupTableCell => ({
  text,
  heading: true,
  ...spans,
});
const td = (text: string, spans: Partial<MarkupTableCell> = {}): MarkupTableCell => ({
  text,
  heading: false,
  ...spans,
});

describe('tableGrid', () => {
  it('keeps a plain table as written', () => {
    expect(
      tableGrid([
        { cells: [th('Tool'), th('Port')], inHead: false },
        { cells: [td('Heron'), td('9120')], inHead: false },
      ]),
    ).toEqual([
      { cells: ['Tool', 'Port'], header: true },
      { cells: ['Heron', '9120'], header: false },
    ]);
  });

  it('merges a header written over two rows into one naming each column', () => {
    // FedRAMP's extensions table: "Cardinality" over five columns, "Data Type" down two rows.
    const grid = tableGrid([
      {
        cells: [th('Cardinality', { colspan: '3' }), th('Name'), th('Data Type', { rowspan: '2' })],
        inHead: false,
      },
      { cells: [th('SSP'), th('SAP'), th('SAR'), th('name="___"')], inHead: false },
      {
        cells: [td('0 or 1'), td('n/a'), td('1'), td('response-point'), td('string')],
        inHead: false,
      },
    ]);
    expect(grid).toEqual([
      {
        cells: [
          'Cardinality SSP',
          'Cardinality SAP',
          'Cardinality SAR',
          'Name name="___"',
          'Data Type',
        ],
        header: true,
      },
      { cells: ['0 or 1', 'n/a', '1', 'response-point', 'string'], header: false },
    ]);
  });

  it('stands a cell spanning rows in each row it covers, and reads a wide data cell once', () => {
    const grid = tableGrid([
      { cells: [th('Region'), th('Office'), th('Floor')], inHead: true },
      { cells: [td('North', { rowspan: '2' }), td('Leeds'), td('3')], inHead: false },
      { cells: [td('York'), td('2')], inHead: false },
      { cells: [td('Closed for refurbishment', { colspan: '3' })], inHead: false },
    ]);
    expect(grid.map((row) => row.cells)).toEqual([
      ['Region', 'Office', 'Floor'],
      ['North', 'Leeds', '3'],
      ['North', 'York', '2'],
      ['Closed for refurbishment', '', ''],
    ]);
  });

  it('fills a spanning cell at the end of a row, and spans to the end for rowspan 0', () => {
    const grid = tableGrid([
      { cells: [td('a'), td('z', { rowspan: '0' })], inHead: false },
      { cells: [td('b')], inHead: false },
      { cells: [td('c')], inHead: false },
    ]);
    expect(grid.map((row) => row.cells)).toEqual([
      ['a', 'z'],
      ['b', 'z'],
      ['c', 'z'],
    ]);
  });

  it('clamps absurd spans, reads an unreadable one as 1, and leaves out rows without text', () => {
    const grid = tableGrid([
      { cells: [td('x', { colspan: '1000000', rowspan: 'two' })], inHead: false },
      { cells: [td(''), td('')], inHead: false },
    ]);
    expect(grid).toHaveLength(1);
    expect(grid[0]!.cells).toHaveLength(100);
    expect(grid[0]!.cells.slice(0, 2)).toEqual(['x', '']);
    // Spanning past the table's last row stops there.
    expect(tableGrid([{ cells: [td('y', { rowspan: '9' })], inHead: false }])).toEqual([
      { cells: ['y'], header: false },
    ]);
  });

  it('keeps a header row under data as a header of its own', () => {
    const grid = tableGrid([
      { cells: [th('A'), th('B')], inHead: false },
      { cells: [td('1'), td('2')], inHead: false },
      { cells: [th('C'), th('D')], inHead: false },
    ]);
    expect(grid.map((row) => row.header)).toEqual([true, false, true]);
  });
});
