import { countOf, exportPercent, formatCount, type CountNoun, type ExportJob } from '@atrium/shared';
import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { exportJobQueryOptions } from '../../lib/background-export';
import { Alert } from './alert';
import { buttonClasses } from './button';
import { ServerErrorAlert } from './server-error-alert';
import { Spinner } from './spinner';

function Progress({ job, unit }: { job: ExportJob; unit: CountNoun }) {
  const percent = exportPercent(job);
  const { done, total } = job.progress;
  return (
    <div role="status" className="space-y-2 rounded-lg bg-slate-50 p-4 text-sm text-slate-700">
      <p className="flex items-center gap-2 font-medium text-slate-900">
        <Spinner />
        <span className="break-all">Preparing {job.fileName}</span>
      </p>
      {percent === null ? (
        <p>Starting…</p>
      ) : (
        <>
          <div
            role="progressbar"
            aria-label={`Progress of ${job.fileName}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={`${percent}% done`}
            className="h-2 overflow-hidden rounded-full bg-slate-200"
          >
            <div className="h-full rounded-full bg-indigo-600" style={{ width: `${percent}%` }} />
          </div>
          <p className="tabular-nums">
            {formatCount(done)} of {countOf(total ?? done, unit)} ({percent}%)
          </p>
        </>
      )}
    </div>
  );
}

/**
 * A file the server makes in the background (issue 17): its progress while it is made, then its
 * download link (a plain same-origin download, so a big file goes straight to disk).
 */
export function BackgroundExportStatus({
  id,
  unit,
  onDownload,
}: {
  id: string;
  /** What progress counts, e.g. employee / employees. */
  unit: CountNoun;
  onDownload: (job: ExportJob) => void;
}) {
  const { data: job, error } = useQuery(exportJobQueryOptions(id));
  if (error) return <ServerErrorAlert error={error} title="The export could not be followed" />;
  if (!job) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
        <Spinner />
        Preparing the file…
      </p>
    );
  }
  if (job.status === 'failed') return <Alert title="The file could not be made">{job.error}</Alert>;
  if (job.status === 'running' || !job.downloadUrl) return <Progress job={job} unit={unit} />;
  return (
    <Alert tone="info" title="Your file is ready">
      <p className="break-all">{job.fileName}</p>
      <a
        href={job.downloadUrl}
        download={job.fileName}
        onClick={() => onDownload(job)}
        className={buttonClasses({ className: 'mt-3' })}
      >
        <Download aria-hidden="true" className="size-4" />
        Download the file
      </a>
    </Alert>
  );
}
