import { createHash } from 'node:crypto';

/** Hex SHA-256 of the verbatim upload. */
export function sha256Hex(content: Uint8Array): string {
  return createHash('sha256').update(content).digest('hex');
}

/**
 * A file name safe for the log browser: the last path segment, only letters, digits, '.', '-' and '_' (others
 * become '_'), no leading dots, at most 100 characters; 'log.txt' when nothing is left.
 */
export function safeFilename(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  const cleaned = base
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(-100);
  return cleaned === '' ? 'log.txt' : cleaned;
}

/** The virtual path of a stored upload: `yyyy/mm/<first 16 hex of sha256>-<safe filename>` (UTC upload time). */
export function uploadPath(uploadedAt: Date, sha256: string, filename: string): string {
  const yyyy = String(uploadedAt.getUTCFullYear());
  const mm = String(uploadedAt.getUTCMonth() + 1).padStart(2, '0');
  return `${yyyy}/${mm}/${sha256.slice(0, 16)}-${safeFilename(filename)}`;
}

/** The bytes of an upload given as bytes or text (text is encoded as UTF-8). */
export function uploadBytes(content: Uint8Array | string): Uint8Array {
  return typeof content === 'string' ? new TextEncoder().encode(content) : content;
}
