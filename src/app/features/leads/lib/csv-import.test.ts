import { describe, expect, it } from 'vitest';
import { applyMapping, guessMapping, mappingProblems, parseCsv, toVariableKey, type ColumnMapping } from './csv-mapping';
import { summarizeValidation, validateRows } from './row-validation';
import { failedRowsCsv, notImportedRows } from './failed-rows';
import { parseCsv as reparse } from './csv-mapping';

const csv = [
  'Phone,Name,E-Mail,Plan,Notes',
  '030 12345678,Anna Schmidt,anna@example.com,gold,',
  '+49 151 23456789,Ben,ben@example,silver,"likes, commas"',
  '',
  '12,Broken,,gold,',
  '(030) 1234-5678,Anna again,,,',
  ',No number,,,',
  '+44 7400 123456,Carla,carla@example.co.uk,,',
  '0151 23456789,Existing,,,',
  '',
].join('\n');

describe('parseCsv', () => {
  it('reads headers, rows and row numbers, and counts blank lines', () => {
    const parsed = parseCsv(csv);
    expect(parsed.headers).toEqual(['Phone', 'Name', 'E-Mail', 'Plan', 'Notes']);
    expect(parsed.rows).toHaveLength(7);
    expect(parsed.rowNumbers).toEqual([2, 3, 5, 6, 7, 8, 9]);
    expect(parsed.blankLines).toBe(1);
    expect(parsed.rows[1]![4]).toBe('likes, commas');
  });

  it('guesses semicolons, strips a BOM, names empty and repeated headers', () => {
    const parsed = parseCsv('\uFEFFTelefon;;Telefon\r\n030 12345678;x;y\r\n');
    expect(parsed.headers).toEqual(['Telefon', 'Column 2', 'Telefon (2)']);
    expect(parsed.rows).toEqual([['030 12345678', 'x', 'y']]);
  });

  it('pads short rows', () => {
    expect(parseCsv('a,b,c\n1\n').rows).toEqual([['1', '', '']]);
  });
});

describe('column mapping', () => {
  it('guesses phone, name and email; every other column is a variable', () => {
    expect(guessMapping(['Phone', 'Name', 'E-Mail', 'Plan', 'Last Name'])).toEqual([
      { target: 'phone', key: 'phone' },
      { target: 'customer_name', key: 'name' },
      { target: 'email', key: 'e_mail' },
      { target: 'variable', key: 'plan' },
      { target: 'variable', key: 'last_name' },
    ]);
    expect(guessMapping(['mobile number', 'customer_name']).map((m) => m.target)).toEqual(['phone', 'customer_name']);
    expect(guessMapping(['Mobile', 'Phone']).map((m) => m.target)).toEqual(['phone', 'variable']);
  });

  it('variable keys from column names', () => {
    expect(toVariableKey(' Straße / Nr. ')).toBe('strasse_nr');
    expect(toVariableKey('Plan')).toBe('plan');
  });

  it('reports a mapping that cannot work', () => {
    const headers = ['a', 'b', 'c'];
    const m = (...targets: ColumnMapping[]) => mappingProblems(targets, headers);
    expect(m({ target: 'ignore', key: 'a' }, { target: 'variable', key: 'b' }, { target: 'variable', key: 'c' })).toContain(
      'Choose the column that holds the phone numbers.',
    );
    expect(m({ target: 'phone', key: 'a' }, { target: 'variable', key: 'x' }, { target: 'variable', key: 'x' })[0]).toMatch(/"x" comes from more than one column/);
    expect(m({ target: 'phone', key: 'a' }, { target: 'email', key: '' }, { target: 'variable', key: 'email' })[0]).toMatch(/"email"/);
    expect(m({ target: 'phone', key: 'a' }, { target: 'variable', key: ' ' }, { target: 'ignore', key: 'c' })[0]).toMatch(/Give the variable of column "b" a name/);
    expect(m({ target: 'phone', key: 'a' }, { target: 'phone', key: 'b' }, { target: 'ignore', key: 'c' })).toContain('Only one column can be the phone number.');
    expect(m({ target: 'phone', key: 'a' }, { target: 'customer_name', key: 'b' }, { target: 'variable', key: 'c' })).toEqual([]);
  });

  it('applies the mapping; empty cells are left out of the variables', () => {
    const parsed = parseCsv(csv);
    const rows = applyMapping(parsed, guessMapping(parsed.headers));
    expect(rows[0]).toMatchObject({
      rowNumber: 2,
      phone: '030 12345678',
      variables: { customer_name: 'Anna Schmidt', email: 'anna@example.com', plan: 'gold' },
    });
    expect(rows[0]!.variables).not.toHaveProperty('notes');
    const ignored = applyMapping(parsed, guessMapping(parsed.headers).map((m) => (m.key === 'plan' ? { ...m, target: 'ignore' as const } : m)));
    expect(ignored[0]!.variables).not.toHaveProperty('plan');
  });
});

describe('row validation', () => {
  const parsed = parseCsv(csv);
  const rows = applyMapping(parsed, guessMapping(parsed.headers));
  const checked = validateRows(rows, { defaultCountry: 'DE', existingNumbers: new Set(['+4915123456789']), campaignName: 'Spring' });
  const problemsOf = (rowNumber: number) => checked.find((r) => r.rowNumber === rowNumber)!.problems.map((p) => p.kind);

  it('reads numbers in the default country and keeps international ones', () => {
    expect(checked.map((r) => r.e164)).toEqual(['+493012345678', '+4915123456789', null, '+493012345678', null, '+447400123456', '+4915123456789']);
  });

  it('marks bad numbers, duplicates in the file and in the campaign', () => {
    expect(problemsOf(2)).toEqual([]);
    expect(problemsOf(3)).toEqual(['duplicate-in-campaign']);
    expect(problemsOf(5)).toEqual(['invalid-phone']);
    expect(problemsOf(6)).toEqual(['duplicate-in-file']);
    expect(problemsOf(7)).toEqual(['missing-phone']);
    expect(problemsOf(8)).toEqual([]);
    expect(problemsOf(9)).toEqual(['duplicate-in-campaign']);
    expect(checked.find((r) => r.rowNumber === 6)!.problems[0]!.message).toBe('+493012345678 is also on row 2 of the file.');
    expect(checked.find((r) => r.rowNumber === 3)!.problems[0]!.message).toBe('+4915123456789 is already a lead in the campaign "Spring".');
    expect(checked.find((r) => r.rowNumber === 5)!.problems[0]!.message).toMatch(/"12" is not a valid phone number \(read as Germany \+49/);
  });

  it('a malformed email is a warning, not a failure', () => {
    const ben = checked.find((r) => r.rowNumber === 3)!;
    expect(ben.warnings[0]).toMatch(/ben@example/);
  });

  it('summarizes', () => {
    expect(summarizeValidation(checked)).toMatchObject({ total: 7, ready: 2, failing: 5, warnings: 1 });
  });

  it('allowing duplicates lets duplicate rows through', () => {
    const allowed = validateRows(rows, { defaultCountry: 'DE', existingNumbers: new Set(['+4915123456789']), allowDuplicates: true });
    expect(allowed.filter((r) => r.problems.length > 0).map((r) => r.rowNumber)).toEqual([5, 7]);
  });

  it('the default country changes how national numbers read', () => {
    const us = validateRows(applyMapping(parseCsv('phone\n(201) 555-0123\n030 12345678\n'), [{ target: 'phone', key: 'phone' }]), {
      defaultCountry: 'US',
      existingNumbers: new Set(),
    });
    expect(us.map((r) => r.e164)).toEqual(['+12015550123', null]);
  });

  it('the failed rows file holds the original cells, the row and the reason, and reads back', () => {
    const notImported = notImportedRows(
      checked,
      checked.map((r) => (r.problems.length > 0 ? { status: 'skipped' as const, reason: r.problems.map((p) => p.message).join(' ') } : { status: 'created' as const })),
    );
    const text = failedRowsCsv(parsed.headers, notImported);
    const back = reparse(text);
    expect(back.headers).toEqual([...parsed.headers, 'row', 'outcome', 'reason']);
    expect(back.rows.map((r) => r[5])).toEqual(['3', '5', '6', '7', '9']);
    expect(back.rows[0]![0]).toBe('+49 151 23456789'); // a phone number is not escaped as a formula
    expect(back.rows[1]![7]).toMatch(/not a valid phone number/);
  });

  it('a cell that a spreadsheet would run is escaped', () => {
    const parsed2 = parseCsv('phone,note\n12,=HYPERLINK("x")\n');
    const rows2 = validateRows(applyMapping(parsed2, guessMapping(parsed2.headers)), { defaultCountry: 'DE', existingNumbers: new Set() });
    const text = failedRowsCsv(parsed2.headers, notImportedRows(rows2, [{ status: 'skipped', reason: 'bad' }]));
    expect(text).toContain(`"'=HYPERLINK(""x"")"`);
  });
});
