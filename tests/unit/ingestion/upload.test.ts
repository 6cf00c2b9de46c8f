import { describe, expect, it } from 'vitest';
import { safeFilename, sha256Hex, uploadBytes, uploadPath } from '#lib/server/services/ingestion/upload.ts';

describe('upload naming', () => {
  it('keeps only a safe last path segment', () => {
    expect(safeFilename('export.csv')).toBe('export.csv');
    expect(safeFilename('../../etc/passwd')).toBe('passwd');
    expect(safeFilename('C:\\logs\\Match 1 (final).txt')).toBe('Match_1_final_.txt');
    expect(safeFilename('.hidden')).toBe('hidden');
    expect(safeFilename('Müller.log')).toBe('Mu_ller.log');
    expect(safeFilename('')).toBe('log.txt');
    expect(safeFilename('///')).toBe('log.txt');
    expect(safeFilename(`${'a'.repeat(150)}.csv`)).toHaveLength(100);
  });

  it('files uploads under the UTC year and month with the first 16 hex digits of the hash', () => {
    const sha = sha256Hex(uploadBytes('hello'));
    expect(sha).toBe('2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824');
    expect(uploadPath(new Date('2026-01-31T23:30:00-02:00'), sha, 'export.csv')).toBe(
      '2026/02/2cf24dba5fb0a30e-export.csv',
    );
  });

  it('hashes text and its UTF-8 bytes alike', () => {
    expect(sha256Hex(uploadBytes('Ærø – 加油'))).toBe(sha256Hex(new Uint8Array(Buffer.from('Ærø – 加油', 'utf8'))));
  });
});
