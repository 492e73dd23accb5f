/**
 * The only code that touches the applicant's stored files' rows (files). A file's row may be added
 * on its own or by the write that names the file (an applicant's step: its sections written and
 * its files' rows added in one statement, `fileRowsSql`).
 */
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { prepared, preparedSql } from '../db/prepared.ts';
import { files } from '../db/schema/core.ts';

export type FileRow = typeof files.$inferSelect;
/** A file's row before it is added: its bytes are in the store, its write record open (file_writes). */
export type NewFileRow = Pick<FileRow, 'id' | 'kind' | 'contentType' | 'size' | 'storageKey' | 'sha256'>;

const at = sql.placeholder;

/**
 * The statement's CTEs that add the rows of an applicant's new files (`id`: the applicant's
 * placeholder) and remove their write records; with none given they do nothing.
 */
export const fileRowsSql = () => sql`
  finished as (delete from file_writes where storage_key = any(${at('fileKeys')}::text[])),
  added as (insert into files (id, applicant_id, kind, content_type, size, storage_key, sha256)
    select f.id, ${at('id')}::uuid, f.kind, f.content_type, f.size, f.storage_key, f.sha256
    from unnest(${at('fileIds')}::uuid[], ${at('fileKinds')}::text[], ${at('fileTypes')}::text[],
      ${at('fileSizes')}::int[], ${at('fileKeys')}::text[], ${at('fileShas')}::text[])
      as f (id, kind, content_type, size, storage_key, sha256))`;

/** The values of fileRowsSql's placeholders. */
export const fileRowValues = (rows: readonly NewFileRow[] = []) => ({
  fileIds: rows.map((f) => f.id),
  fileKinds: rows.map((f) => f.kind),
  fileTypes: rows.map((f) => f.contentType),
  fileSizes: rows.map((f) => f.size),
  fileKeys: rows.map((f) => f.storageKey),
  fileShas: rows.map((f) => f.sha256),
});

export const filesRepository = {
  /** Adds a file's row and removes its write record, in one statement (its own transaction). */
  async insertFinishingWrite(
    tx: Tx,
    values: Pick<typeof files.$inferInsert, 'applicantId' | 'kind' | 'contentType' | 'size' | 'storageKey' | 'sha256'>,
  ): Promise<string> {
    const [row] = await preparedSql<{ id: string }>(
      tx,
      'file_insert_finishing_write',
      () => sql`
        with finished as (delete from file_writes where storage_key = ${at('storageKey')})
        insert into files (applicant_id, kind, content_type, size, storage_key, sha256)
        values (${at('applicantId')}::uuid, ${at('kind')}, ${at('contentType')}, ${at('size')}::int, ${at('storageKey')},
          ${at('sha256')})
        returning id`,
      { ...values, applicantId: values.applicantId ?? null },
    );
    return row!.id;
  },

  async file(tx: Tx, id: string): Promise<FileRow | undefined> {
    const query = prepared(tx, 'file_by_id', (db, name) =>
      db
        .select()
        .from(files)
        .where(eq(files.id, sql.placeholder('id')))
        .limit(1)
        .prepare(name),
    );
    const [row] = await query.execute({ id });
    return row;
  },

  /** Several files' rows by id, in one statement (those missing are left out). */
  async filesById(tx: Tx, ids: string[]): Promise<FileRow[]> {
    const query = prepared(tx, 'files_by_ids', (db, name) =>
      db
        .select()
        .from(files)
        .where(sql`${files.id} = any(${sql.placeholder('ids')}::uuid[])`)
        .prepare(name),
    );
    return query.execute({ ids });
  },
};
