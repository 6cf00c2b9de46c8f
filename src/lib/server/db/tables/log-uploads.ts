import type { Generated, Selectable } from 'kysely';

export interface LogUploadsTable {
  id: Generated<number>;
  /** Hex SHA-256 of the verbatim content: uploads are content-addressed. */
  sha256: string;
  /** Virtual path shown by the log browser. */
  path: string;
  filename: string;
  format: string | null;
  size_bytes: number;
  content: Uint8Array;
  uploaded_by_user_id: number | null;
  uploaded_by_team_id: number | null;
  uploaded_at: Generated<Date>;
}
export type LogUploadRow = Selectable<LogUploadsTable>;
