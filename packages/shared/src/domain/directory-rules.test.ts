import { describe, expect, it } from 'vitest';
import {
  containsPattern,
  csvCell,
  directoryStats,
  exportFileName,
  formatEmployeeCode,
  searchWords,
  sortDepartments,
  csvDocument,
} from './directory-rules';

describe('employee codes (spec 2: the employee id reads EMP001)', () => {
  it('pads to three digits and keeps counting past 999', () => {
    expect(formatEmployeeCode(1)).toBe('EMP001');
    expect(formatEmployeeCode(42)).toBe('EMP042');
    expect(formatEmployeeCode(1000)).toBe('EMP1000');
  });
});

describe('directory stats (spec 2: total, active, inactive, pending)', () => {
  it('adds the three statuses up to the total', () => {
    expect(directoryStats({ active: 40, inactive: 7, pending: 3 })).toEqual({
      total: 50,
      active: 40,
      inactive: 7,
      pending: 3,
    });
    expect(directoryStats({})).toEqual({ total: 0, active: 0, inactive: 0, pending: 0 });
  });
});

describe('department filter (spec 2: distinct departments, sorted)', () => {
  it('removes duplicates and blanks, sorts case-insensitively', () => {
    expect(sortDepartments(['Sales', 'design', 'Engineering', 'Sales', ' ', 'HR'])).toEqual([
      'design',
      'Engineering',
      'HR',
      'Sales',
    ]);
  });
});

describe('search (spec 2: first/last name, email, job title, employee id)', () => {
  it('splits the query into words, at most five', () => {
    expect(searchWords('  ada   lovelace ')).toEqual(['ada', 'lovelace']);
    expect(searchWords('')).toEqual([]);
    expect(searchWords(undefined)).toEqual([]);
    expect(searchWords('a b c d e f g')).toHaveLength(5);
  });

  it('matches LIKE wildcards literally', () => {
    expect(containsPattern('ada')).toBe('%ada%');
    expect(containsPattern('100%_a\\b')).toBe('%100\\%\\_a\\\\b%');
  });
});

describe('CSV export cells', () => {
  it('quotes commas, quotes and line breaks (RFC 4180)', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('Smith, Jane')).toBe('"Smith, Jane"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });

  it('defuses formulas: text starting with = + - @ gets a leading apostrophe', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+1 555')).toBe("'+1 555");
    expect(csvCell('-5')).toBe("'-5");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
  });

  it('writes numbers as numbers and empty values as empty fields', () => {
    expect(csvCell(-12.5)).toBe('-12.5');
    expect(csvCell(0)).toBe('0');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(Number.NaN)).toBe('');
  });

  it('builds a document with a header and CRLF line ends', () => {
    expect(
      csvDocument(
        ['Name', 'Salary'],
        [
          ['Ada', 100],
          ['Bo, B', null],
        ],
      ),
    ).toBe('Name,Salary\r\nAda,100\r\n"Bo, B",\r\n');
  });

  it('names the file safely for Content-Disposition', () => {
    expect(exportFileName('employees', '2025-03-14', 'csv')).toBe('employees-2025-03-14.csv');
    expect(exportFileName('a"b; c', '2025-03-14', 'xlsx')).toBe('a-b-c-2025-03-14.xlsx');
  });
});
