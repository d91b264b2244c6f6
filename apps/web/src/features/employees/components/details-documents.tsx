import type { EmployeeDetails } from '@atrium/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import { formatDate } from '../../../lib/dates';
import { useWorkspaceTimeZone } from '../../workspace';
import { formatFileSize } from '../../../lib/file-size';
import { TabEmpty, TabError, TabSkeleton } from './details-states';

/** Spec 2, details dialog: Documents, the files the employee uploaded. */
export function DetailsDocuments({ details }: { details: UseQueryResult<EmployeeDetails> }) {
  const timeZone = useWorkspaceTimeZone();
  if (details.isPending) return <TabSkeleton label="Loading the documents…" lines={3} />;
  if (details.isError) {
    return (
      <TabError
        error={details.error}
        title="The documents could not be loaded"
        onRetry={() => void details.refetch()}
      />
    );
  }
  const { documents } = details.data;
  if (documents.length === 0) return <TabEmpty>No documents uploaded.</TabEmpty>;
  return (
    <ul aria-label="Documents" className="divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200">
      {documents.map((document) => (
        <li key={document.id} className="flex items-center gap-3 px-4 py-3">
          <FileText aria-hidden="true" className="size-5 shrink-0 text-slate-500" />
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium text-slate-900" title={document.name}>
              {document.name}
            </p>
            <p className="text-xs text-slate-600">
              {document.type.toUpperCase()} · {formatFileSize(document.sizeBytes)} · Updated{' '}
              {formatDate(document.updatedAt, timeZone)}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
