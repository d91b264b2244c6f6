// Documents (spec 3 Document; spec 6 document permissions; spec 9 document types).
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, text, unique, uuid } from 'drizzle-orm/pg-core';
import { trigramIndex } from './columns';
import { documentPermissionLevelEnum, documentTypeEnum } from './enums';
import { employees } from './people';
import { foreignKeyIndex, tenantForeignKey, tenantTable } from './tenant-table';

/** Spec 3 Document.folderId; folders nest through parentId. */
export const documentFolders = tenantTable(
  'document_folders',
  {
    name: text().notNull(),
    parentId: uuid(),
  },
  (t) => [
    tenantForeignKey(t, 'parentId', t).onDelete('cascade'),
    // Folder tree: a folder's children by name.
    index('document_folders_parent_idx').on(t.tenantId, t.parentId, t.name),
  ],
);

export type DocumentMetadata = { author?: string; keywords?: string[] };

export const documents = tenantTable(
  'documents',
  {
    name: text().notNull(),
    description: text().notNull().default(''),
    type: documentTypeEnum().notNull(),
    /** Of the current version. */
    sizeBytes: bigint({ mode: 'number' }).notNull(),
    /** Where the current version's bytes are (stored_files.storage_key); the server serves them. */
    storageKey: text().notNull(),
    thumbnailKey: text(),
    folderId: uuid(),
    tags: text().array().notNull().default([]),
    metadata: jsonb().$type<DocumentMetadata>().notNull().default({}),
    uploadedBy: uuid(),
    lastModifiedBy: uuid(),
  },
  (t) => [
    tenantForeignKey(t, 'folderId', documentFolders),
    tenantForeignKey(t, 'uploadedBy', employees),
    tenantForeignKey(t, 'lastModifiedBy', employees),
    foreignKeyIndex(t, 'uploadedBy'),
    foreignKeyIndex(t, 'lastModifiedBy'),
    check('documents_size_check', sql`${t.sizeBytes} >= 0`),
    // Document search by name.
    trigramIndex('documents_name_trgm_idx', t.name),
    // Documents screen: one folder's documents by name.
    index('documents_folder_idx').on(t.tenantId, t.folderId, t.name),
  ],
);

export const documentVersions = tenantTable(
  'document_versions',
  {
    documentId: uuid().notNull(),
    versionNumber: integer().notNull(),
    storageKey: text().notNull(),
    sizeBytes: bigint({ mode: 'number' }).notNull(),
    createdBy: uuid(),
  },
  (t) => [
    tenantForeignKey(t, 'documentId', documents).onDelete('cascade'),
    tenantForeignKey(t, 'createdBy', employees),
    foreignKeyIndex(t, 'createdBy'),
    // Also serves the version history list.
    unique('document_versions_unique').on(t.tenantId, t.documentId, t.versionNumber),
  ],
);

/** Spec 3 Document.permissions [{userId, permission}]; granted to the workspace's people. */
export const documentPermissions = tenantTable(
  'document_permissions',
  {
    documentId: uuid().notNull(),
    employeeId: uuid().notNull(),
    permission: documentPermissionLevelEnum().notNull(),
  },
  (t) => [
    tenantForeignKey(t, 'documentId', documents).onDelete('cascade'),
    tenantForeignKey(t, 'employeeId', employees).onDelete('cascade'),
    foreignKeyIndex(t, 'employeeId'),
    // One level per person and document; also serves the sharing dialog.
    unique('document_permissions_unique').on(t.tenantId, t.documentId, t.employeeId),
  ],
);
