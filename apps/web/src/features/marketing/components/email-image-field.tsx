import { useMutation } from '@tanstack/react-query';
import { ImageUp } from 'lucide-react';
import { useId } from 'react';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { buttonClasses } from '../../../components/ui/button';
import { uploadCampaignImage } from '../api/campaigns.queries';

const imageTypes = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

/**
 * The app's pages load images from their own origin only (its content security policy), so only an
 * uploaded image gets a thumbnail here; another site's shows in the sent message.
 */
function storedHere(src: string): boolean {
  try {
    return /^https?:/i.test(src) && new URL(src).origin === window.location.origin;
  } catch {
    return false;
  }
}

/** Why an upload failed, in the words the server gave where it gave some. */
function uploadProblem(error: Error): string {
  if (error instanceof ApiError) {
    if (error.status === 413) return 'The image is too large. Use a smaller one.';
    if (error.status === 415) return 'Use a PNG, JPEG, GIF or WebP image.';
    return error.fields?.file ?? error.message;
  }
  return error.message;
}

/**
 * An image block's picture: uploaded to the campaign's file storage (its public address becomes
 * the block's `src`), or any https address pasted in.
 */
export function EmailImageField({
  campaignId,
  src,
  error,
  onChange,
  onBlur,
}: {
  campaignId: string;
  src: string;
  error: string | undefined;
  onChange: (src: string) => void;
  onBlur: () => void;
}) {
  const fileId = useId();
  const statusId = useId();
  const upload = useMutation({
    mutationFn: (file: File) => {
      if (!imageTypes.includes(file.type)) {
        return Promise.reject(new Error('Use a PNG, JPEG, GIF or WebP image.'));
      }
      return uploadCampaignImage(campaignId, file);
    },
    onSuccess: (image) => onChange(image.url),
  });

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        <label
          htmlFor={fileId}
          className={buttonClasses({
            variant: 'secondary',
            size: 'sm',
            className:
              'cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-indigo-600',
          })}
        >
          {upload.isPending ? <Spinner /> : <ImageUp aria-hidden="true" className="size-4" />}
          Upload an image
          <input
            id={fileId}
            type="file"
            accept={imageTypes.join(',')}
            className="sr-only"
            aria-describedby={statusId}
            disabled={upload.isPending}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) upload.mutate(file);
              // The same file chosen again after an error is a new attempt.
              event.target.value = '';
            }}
          />
        </label>
        <p id={statusId} role="status" className="text-sm text-slate-600">
          {upload.isPending ? 'Uploading…' : 'PNG, JPEG, GIF or WebP; or enter its address below.'}
        </p>
      </div>
      {upload.isError ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          The image could not be uploaded: {uploadProblem(upload.error)}
        </p>
      ) : null}
      <div className="flex items-start gap-3">
        {storedHere(src) ? (
          <img src={src} alt="" className="size-16 shrink-0 rounded-lg object-cover ring-1 ring-slate-200" />
        ) : null}
        <Field label="Image address" error={error} className="min-w-0 flex-1">
          {(control) => (
            <Input
              {...control}
              type="url"
              inputMode="url"
              placeholder="https://"
              value={src}
              autoComplete="off"
              onChange={(event) => onChange(event.target.value)}
              onBlur={onBlur}
            />
          )}
        </Field>
      </div>
    </div>
  );
}
