import type { CampaignDetails } from '@atrium/shared';
import { useQuery } from '@tanstack/react-query';
import { Monitor, Smartphone } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { ListSkeleton, LoadError } from '../../../components/ui/list-states';
import type { PickedRecord } from '../../../components/ui/record-picker';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { campaignPreviewQueryOptions } from '../api/campaigns.queries';
import { LeadPicker } from './email-lead-picker';

type Width = 'desktop' | 'phone';

/** The preview text as merged for this lead: the hidden line the message starts with. */
function preheaderOf(html: string): string | null {
  // Parsed, never shown: DOMParser runs no scripts and loads nothing.
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  const hidden = body.querySelector('div[style*="display:none"]');
  const words = hidden?.textContent?.replace(/[\s\u034f\u200c\u00a0]+$/u, '').trim();
  return words || null;
}

const frameWidths: Record<Width, string> = { desktop: 'w-[680px]', phone: 'w-[375px]' };

/**
 * The saved message as a chosen lead (or a sample person) gets it: the inbox line (sender, subject,
 * preview text), then the HTML in a frame with no scripts and no same-origin access, at a desktop
 * or a phone width; below it, the plain-text part as sent.
 */
export function EmailPreview({
  campaign,
  dirty,
  saving,
  onSave,
  lead,
  onLeadChange,
  senderName,
}: {
  campaign: CampaignDetails;
  dirty: boolean;
  saving: boolean;
  onSave: () => void;
  lead: PickedRecord | null;
  onLeadChange: (lead: PickedRecord | null) => void;
  senderName: string;
}) {
  // On a phone the phone width is the one that fits the screen.
  const [width, setWidth] = useState<Width>(() =>
    window.matchMedia('(max-width: 639px)').matches ? 'phone' : 'desktop',
  );
  const widthsId = useId();
  const hasContent = campaign.content !== null;
  const preview = useQuery({
    ...campaignPreviewQueryOptions(campaign.id, lead ? { leadId: lead.id } : {}, campaign.version),
    enabled: hasContent,
  });
  const html = preview.data?.html;
  const preheader = useMemo(() => (html ? preheaderOf(html) : null), [html]);
  const needsMessage = !hasContent || (preview.error instanceof ApiError && preview.error.status === 422);

  return (
    <div className="space-y-5">
      {dirty ? (
        <Alert tone="info" title="The preview shows the last saved version">
          <p>Save your changes to see them here.</p>
          <Button size="sm" className="mt-2" onClick={onSave} disabled={saving}>
            {saving ? <Spinner /> : null}
            Save and preview
          </Button>
        </Alert>
      ) : null}
      <div className="flex flex-wrap items-end justify-between gap-4">
        <Field
          label="Preview as"
          className="w-full max-w-sm"
          hint="Merge tags are filled from this lead; empty: a sample person."
        >
          {(control) => (
            <LeadPicker
              {...control}
              value={lead}
              onChange={onLeadChange}
              clearLabel="Preview as the sample person"
            />
          )}
        </Field>
        <div role="group" aria-labelledby={widthsId} className="flex items-center gap-2">
          <span id={widthsId} className="text-sm font-medium text-slate-800">
            Width
          </span>
          <div className="inline-flex rounded-lg bg-slate-100 p-1">
            {(['desktop', 'phone'] as const).map((option) => {
              const Icon = option === 'desktop' ? Monitor : Smartphone;
              return (
                <button
                  key={option}
                  type="button"
                  aria-pressed={width === option}
                  onClick={() => setWidth(option)}
                  className={cn(
                    'inline-flex h-8 items-center gap-1.5 rounded-md px-3 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-indigo-600',
                    width === option
                      ? 'bg-white text-indigo-700 shadow-sm'
                      : 'text-slate-700 hover:text-slate-900',
                  )}
                >
                  <Icon aria-hidden="true" className="size-4" />
                  {option === 'desktop' ? 'Desktop' : 'Phone'}
                </button>
              );
            })}
          </div>
        </div>
      </div>

      {needsMessage ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
          <p className="font-semibold text-slate-900">Nothing to preview yet</p>
          <p className="mt-1 text-sm text-slate-600">
            {preview.error instanceof ApiError && preview.error.status === 422
              ? `${preview.error.message}. Fix it in the editor and save.`
              : 'Write the subject and the message, then save.'}
          </p>
        </div>
      ) : preview.isPending ? (
        <ListSkeleton label="Loading the preview…" rows={6} />
      ) : preview.isError ? (
        <LoadError
          error={preview.error}
          title="The preview could not be made"
          onRetry={() => void preview.refetch()}
        />
      ) : (
        <>
          <div
            className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
            aria-label="As the inbox shows it"
            role="group"
          >
            <p className="text-sm font-semibold text-slate-900">{senderName}</p>
            <p className="mt-0.5 text-sm break-words text-slate-900">{preview.data.subject}</p>
            {preheader || campaign.content?.previewText ? (
              <p className="mt-0.5 truncate text-sm text-slate-600">
                {preheader ?? campaign.content?.previewText}
              </p>
            ) : null}
            <p className="mt-2 text-xs text-slate-600" aria-live="polite">
              {preview.isFetching
                ? 'Updating…'
                : `As ${preview.data.lead.name} <${preview.data.lead.email}> gets it`}
            </p>
          </div>
          <div className="overflow-x-auto rounded-xl bg-slate-100 p-0 ring-1 ring-slate-200 sm:p-3">
            {/* No scripts, no same-origin rights: the message is shown, never run. */}
            <iframe
              title={`Email preview, ${width} width`}
              sandbox=""
              srcDoc={preview.data.html}
              className={cn(
                'mx-auto block h-[640px] max-w-none rounded-lg bg-white shadow-sm',
                frameWidths[width],
              )}
            />
          </div>
        </>
      )}
    </div>
  );
}
