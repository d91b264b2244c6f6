import { maxAttachmentBytes, maxMessageAttachments } from '@atrium/shared';
import { Paperclip, X } from 'lucide-react';
import { useRef } from 'react';
import { cn } from '../../lib/cn';
import { formatFileSize } from '../../lib/file-size';
import { buttonClasses } from './button';
import { Spinner } from './spinner';

/** A file picked for a message: uploading, ready (its upload id), or refused with why. */
export type PickedAttachment = {
  key: string;
  name: string;
  sizeBytes: number;
  state: 'uploading' | 'ready' | 'failed';
  id?: string;
  problem?: string;
};

const tooBig = `Larger than ${maxAttachmentBytes / 1024 / 1024} MB`;

/** The ids to send, once every picked file is uploaded; undefined while one still uploads. */
export const readyAttachmentIds = (files: readonly PickedAttachment[]) =>
  files.some((file) => file.state === 'uploading')
    ? undefined
    : files.flatMap((file) => (file.state === 'ready' && file.id ? [file.id] : []));

/**
 * A message's files (an agent's reply or note, a customer's ticket or reply): each is uploaded
 * through `upload` as soon as it is picked, so sending waits for nothing.
 */
export function FileAttachments({
  files,
  onChange,
  upload,
}: {
  files: readonly PickedAttachment[];
  onChange: (update: (files: PickedAttachment[]) => PickedAttachment[]) => void;
  upload: (file: File) => Promise<{ id: string }>;
}) {
  const input = useRef<HTMLInputElement>(null);
  const room = maxMessageAttachments - files.length;

  const pick = (chosen: FileList | null) => {
    for (const file of Array.from(chosen ?? []).slice(0, Math.max(room, 0))) {
      const key = `${file.name}-${file.size}-${Math.random().toString(36).slice(2)}`;
      const picked: PickedAttachment = { key, name: file.name, sizeBytes: file.size, state: 'uploading' };
      if (file.size > maxAttachmentBytes) {
        onChange((current) => [...current, { ...picked, state: 'failed', problem: tooBig }]);
        continue;
      }
      onChange((current) => [...current, picked]);
      const settle = (change: Partial<PickedAttachment>) =>
        onChange((current) => current.map((entry) => (entry.key === key ? { ...entry, ...change } : entry)));
      upload(file).then(
        (uploaded) => settle({ state: 'ready', id: uploaded.id }),
        (error: Error) => settle({ state: 'failed', problem: error.message }),
      );
    }
    if (input.current) input.current.value = '';
  };

  return (
    <div className="space-y-2">
      {files.length > 0 ? (
        <ul aria-label="Files to send" className="flex flex-wrap gap-2">
          {files.map((file) => (
            <li
              key={file.key}
              className={cn(
                'inline-flex max-w-full items-center gap-1.5 rounded-lg py-1 pr-1 pl-2.5 text-sm ring-1',
                file.state === 'failed'
                  ? 'bg-red-50 text-red-800 ring-red-300'
                  : 'bg-white text-slate-800 ring-slate-300',
              )}
            >
              {file.state === 'uploading' ? (
                <Spinner />
              ) : (
                <Paperclip aria-hidden="true" className="size-4 shrink-0" />
              )}
              <span className="truncate">{file.name}</span>
              <span className="shrink-0 text-xs">
                {file.state === 'failed'
                  ? file.problem
                  : file.state === 'uploading'
                    ? 'uploading…'
                    : formatFileSize(file.sizeBytes)}
              </span>
              <button
                type="button"
                onClick={() => onChange((current) => current.filter((entry) => entry.key !== file.key))}
                className="rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
              >
                <X aria-hidden="true" className="size-3.5" />
                <span className="sr-only">Remove {file.name}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <label
        className={cn(
          buttonClasses({ variant: 'secondary', size: 'sm' }),
          'cursor-pointer focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-indigo-600',
          room <= 0 && 'pointer-events-none opacity-50',
        )}
      >
        <input
          ref={input}
          type="file"
          multiple
          className="sr-only"
          disabled={room <= 0}
          onChange={(event) => pick(event.target.files)}
        />
        <Paperclip aria-hidden="true" className="size-4" />
        Attach files
      </label>
    </div>
  );
}
