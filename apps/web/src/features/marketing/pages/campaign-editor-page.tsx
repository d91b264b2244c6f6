import {
  campaignStatusLabels,
  emptyCampaignContent,
  fieldErrors,
  updateCampaignSchema,
  type CampaignContent,
  type CampaignDetails,
  type EmailBlock,
  type UpdateCampaignInput,
} from '@atrium/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, SearchX } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { useLeaveGuard } from '../../../components/ui/leave-guard';
import { ListSkeleton, LoadError } from '../../../components/ui/list-states';
import { RecordMultiPicker, type PickedRecord } from '../../../components/ui/record-picker';
import { ServerErrorAlert } from '../../../components/ui/server-error-alert';
import { Spinner } from '../../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { ApiError } from '../../../lib/api-client';
import { isUuid } from '../../../lib/search-params';
import {
  campaignPreviewQueryOptions,
  campaignQueryOptions,
  campaignsQueryKey,
  updateCampaign,
} from '../api/campaigns.queries';
import { marketingSettingsQueryOptions } from '../api/marketing-settings.queries';
import { segmentListQueryOptions } from '../api/segments.queries';
import { CampaignStatusBadge } from '../components/campaign-badges';
import { EmailBlockEditor } from '../components/email-block-editor';
import { MergeTagMenu } from '../components/email-merge-tags';
import { EmailPreview } from '../components/email-preview';
import { EmailTestDialog } from '../components/email-test-dialog';
import { plainTextOf, withoutBlockErrors } from '../lib/email-blocks';

type Draft = {
  name: string;
  content: CampaignContent;
  fromName: string;
  fromEmail: string;
  segments: PickedRecord[];
};

const draftOf = (campaign: CampaignDetails): Draft => ({
  name: campaign.name,
  content: campaign.content ?? emptyCampaignContent,
  fromName: campaign.fromName ?? '',
  fromEmail: campaign.fromEmail ?? '',
  segments: campaign.segments.map((segment) => ({ id: segment.id, name: segment.name })),
});

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const ids = (records: readonly PickedRecord[]) => records.map((record) => record.id);

/** Only what the author changed is sent: a sender left alone stays the workspace's. */
function changesOf(draft: Draft, campaign: CampaignDetails): Omit<UpdateCampaignInput, 'version'> {
  const saved = draftOf(campaign);
  return {
    ...(draft.name !== saved.name ? { name: draft.name } : {}),
    ...(!same(draft.content, saved.content) ? { content: draft.content } : {}),
    ...(draft.fromName !== saved.fromName ? { fromName: draft.fromName } : {}),
    ...(draft.fromEmail !== saved.fromEmail ? { fromEmail: draft.fromEmail } : {}),
    ...(!same(ids(draft.segments), ids(saved.segments)) ? { segmentIds: ids(draft.segments) } : {}),
  };
}

type Tab = 'compose' | 'preview';
/** The tab where a field named by an error is. */
const tabOf = (key: string): Tab => (key === 'content.text' ? 'preview' : 'compose');

function BackToCampaign({ id }: { id: string }) {
  return (
    <Link
      to={`/marketing/campaigns/${id}`}
      className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-700 hover:text-slate-900"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      Back to the campaign
    </Link>
  );
}

/** The sender as inboxes show it: the campaign's own, else the workspace's. */
function useSender(campaign: CampaignDetails) {
  const settings = useQuery(marketingSettingsQueryOptions());
  return {
    settings,
    shownName:
      campaign.fromName ??
      settings.data?.fromName ??
      campaign.fromEmail ??
      settings.data?.fromEmail ??
      'Your workspace',
  };
}

/** The audience: segments found by name as one types (a workspace has tens). */
function SegmentPicker({
  value,
  onChange,
  error,
}: {
  value: PickedRecord[];
  onChange: (segments: PickedRecord[]) => void;
  error: string | undefined;
}) {
  const [text, setText] = useState('');
  const segments = useQuery(segmentListQueryOptions());
  const words = text.trim().toLowerCase();
  const options = (segments.data?.data ?? [])
    .filter((segment) => words === '' || segment.name.toLowerCase().includes(words))
    .map((segment) => ({ value: segment.id, label: segment.name, description: segment.summary }));
  return (
    <Field
      label="Segments"
      error={error}
      hint={
        segments.isError
          ? 'The segments could not be loaded. Try again later.'
          : 'Everyone in any of them gets it once; suppressed addresses never do.'
      }
    >
      {(control) => (
        <RecordMultiPicker
          {...control}
          value={value}
          onChange={onChange}
          text={text}
          onTextChange={setText}
          options={options}
          loading={segments.isPending}
          chipsLabel="Chosen segments"
          emptyText={
            segments.data?.data.length === 0
              ? 'No segments yet: make one under Segments'
              : 'No segments found'
          }
          listLabel="Segments"
          placeholder="Find a segment by name"
        />
      )}
    </Field>
  );
}

/** The plain-text part: made from the blocks, or written by hand (kept as written). */
function PlainTextPart({
  campaign,
  lead,
  text,
  blocks,
  error,
  onChange,
}: {
  campaign: CampaignDetails;
  lead: PickedRecord | null;
  text: string | null;
  blocks: readonly EmailBlock[];
  error: string | undefined;
  onChange: (text: string | null) => void;
}) {
  const headingId = useId();
  const ref = useRef<HTMLTextAreaElement & HTMLInputElement>(null);
  const preview = useQuery({
    ...campaignPreviewQueryOptions(campaign.id, lead ? { leadId: lead.id } : {}, campaign.version),
    enabled: campaign.content !== null,
  });
  const savedByHand = campaign.content?.text !== null && campaign.content?.text !== undefined;
  return (
    <section
      aria-labelledby={headingId}
      className="space-y-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-base font-semibold text-slate-900">
          Plain-text part
        </h2>
        {text === null ? (
          <Button size="sm" variant="secondary" onClick={() => onChange(plainTextOf(blocks))}>
            Edit plain text
          </Button>
        ) : (
          <Button size="sm" variant="secondary" onClick={() => onChange(null)}>
            Use generated text
          </Button>
        )}
      </div>
      {text === null ? (
        <p className="text-sm text-slate-600">
          Made from the blocks each time they change{savedByHand ? ' (once you save)' : ''}.
        </p>
      ) : (
        <div className="relative">
          <Field
            label="Plain text"
            error={error}
            hint="Kept as you write it, no longer made from the blocks. The footer and unsubscribe link are added after it."
          >
            {(control) => (
              <Textarea
                {...control}
                ref={ref}
                rows={12}
                maxLength={100_000}
                className="font-mono text-xs"
                value={text}
                onChange={(event) => onChange(event.target.value)}
              />
            )}
          </Field>
          <div className="absolute -top-1.5 right-0">
            <MergeTagMenu target={ref} value={text} onInsert={onChange} fieldName="Plain text" />
          </div>
        </div>
      )}
      <div className="space-y-1.5">
        <p className="text-sm font-medium text-slate-800">As last saved, for the lead above</p>
        {preview.data ? (
          <pre
            // A long text scrolls: keyboard users reach it too.
            tabIndex={0}
            role="region"
            aria-label="Plain text as sent"
            className="max-h-80 overflow-auto rounded-lg bg-slate-50 p-3 font-mono text-xs whitespace-pre-wrap text-slate-800 ring-1 ring-slate-200 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            {preview.data.text}
          </pre>
        ) : preview.isFetching ? (
          <p className="flex items-center gap-2 text-sm text-slate-600">
            <Spinner /> Loading…
          </p>
        ) : (
          <p className="text-sm text-slate-600">Save the message to see it.</p>
        )}
      </div>
    </section>
  );
}

function CampaignEditor({ campaign }: { campaign: CampaignDetails }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => draftOf(campaign));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [stale, setStale] = useState(false);
  /** Saved, but the message cannot be made as written (merge tags). */
  const [tab, setTab] = useState<Tab>('compose');
  const [lead, setLead] = useState<PickedRecord | null>(null);
  const { settings, shownName } = useSender(campaign);
  const subjectRef = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const previewTextRef = useRef<HTMLInputElement & HTMLTextAreaElement>(null);

  const changes = changesOf(draft, campaign);
  const dirty = Object.keys(changes).length > 0;
  const leaveGuard = useLeaveGuard(dirty);

  const setContent = (patch: Partial<CampaignContent>) =>
    setDraft((current) => ({ ...current, content: { ...current.content, ...patch } }));
  const setError = (key: string, message: string | undefined) =>
    setErrors((current) => {
      if (current[key] === message) return current;
      const next = { ...current };
      if (message === undefined) delete next[key];
      else next[key] = message;
      return next;
    });
  const clear = (...keys: string[]) => keys.forEach((key) => setError(key, undefined));

  /** Shows the errors where they are: their tab opens and the first field takes the focus. */
  const showErrors = (found: Record<string, string>) => {
    setErrors(found);
    const first = Object.keys(found)[0];
    if (!first) return;
    setTab(tabOf(first));
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        const field = document.querySelector<HTMLElement>(
          'form[aria-label="Email campaign"] [aria-invalid="true"]',
        );
        field?.scrollIntoView({ block: 'center' });
        field?.focus({ preventScroll: true });
      }),
    );
  };

  const save = useMutation({
    mutationFn: (input: UpdateCampaignInput) => updateCampaign(campaign.id, input),
    onSuccess: (saved) => {
      queryClient.setQueryData(campaignQueryOptions(saved.id).queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: campaignsQueryKey });
      setDraft(draftOf(saved));
      setErrors({});
      toast.success('Campaign saved');
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 412) setStale(true);
      else if (error instanceof ApiError && error.fields) showErrors(error.fields);
    },
  });

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (save.isPending || !dirty) return;
    const input = { ...changes, version: campaign.version };
    const parsed = updateCampaignSchema.safeParse(input);
    if (!parsed.success) return showErrors(fieldErrors(parsed.error.issues));
    setErrors({});
    setStale(false);
    save.mutate(input);
  };
  const latestSubmit = useRef(submit);
  useEffect(() => {
    latestSubmit.current = submit;
  });

  // Ctrl+S / Cmd+S saves here rather than saving the web page.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 's') {
        event.preventDefault();
        latestSubmit.current();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const reload = async () => {
    const latest = await queryClient.fetchQuery({ ...campaignQueryOptions(campaign.id), staleTime: 0 });
    setDraft(draftOf(latest));
    setErrors({});
    setStale(false);
    save.reset();
  };

  const problems = Object.keys(errors).length;
  const workspaceName = settings.data?.fromName ?? null;
  const workspaceEmail = settings.data?.fromEmail ?? null;

  return (
    <form noValidate aria-label="Email campaign" onSubmit={submit} className="space-y-6">
      {leaveGuard.dialog}
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="flex flex-wrap items-center gap-3 text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">
            {campaign.name}
            <CampaignStatusBadge status={campaign.status} />
          </h1>
          <p className="mt-1 text-sm text-slate-600" aria-live="polite">
            {save.isPending ? 'Saving…' : dirty ? 'Unsaved changes' : 'All changes saved'}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <EmailTestDialog campaignId={campaign.id} dirty={dirty} previewLead={lead} />
          <Button type="submit" disabled={save.isPending || !dirty} aria-keyshortcuts="Control+S Meta+S">
            {save.isPending ? <Spinner /> : null}
            Save
          </Button>
        </div>
      </div>

      {stale ? (
        <Alert title="Someone else changed this campaign since you opened it">
          <p>
            Your changes were not saved. Load their version to carry on from it (your edits here will be
            lost).
          </p>
          <Button size="sm" variant="secondary" className="mt-2" onClick={() => void reload()}>
            Load the latest version
          </Button>
        </Alert>
      ) : null}
      {problems > 0 ? (
        <Alert title={problems === 1 ? 'One field needs attention' : `${problems} fields need attention`}>
          The campaign was not saved. The fields are marked below.
        </Alert>
      ) : null}
      {save.isError && !stale && !(save.error instanceof ApiError && save.error.fields) ? (
        <ServerErrorAlert error={save.error} title="The campaign could not be saved" />
      ) : null}

      <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)}>
        <TabsList aria-label="Editor">
          <TabsTrigger value="compose">Compose</TabsTrigger>
          <TabsTrigger value="preview">Preview</TabsTrigger>
        </TabsList>
        <TabsContent value="compose" forceMount className="space-y-8 data-[state=inactive]:hidden">
          <section
            aria-labelledby="email-envelope"
            className="space-y-5 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6"
          >
            <h2 id="email-envelope" className="text-base font-semibold text-slate-900">
              Envelope
            </h2>
            <Field label="Campaign name" error={errors.name} hint="Only your team sees it.">
              {(control) => (
                <Input
                  {...control}
                  maxLength={120}
                  autoComplete="off"
                  value={draft.name}
                  onChange={(event) => {
                    clear('name');
                    setDraft({ ...draft, name: event.target.value });
                  }}
                />
              )}
            </Field>
            <div className="relative">
              <Field label="Subject" error={errors['content.subject']}>
                {(control) => (
                  <Input
                    {...control}
                    ref={subjectRef}
                    maxLength={200}
                    autoComplete="off"
                    value={draft.content.subject}
                    onChange={(event) => {
                      clear('content.subject', 'content');
                      setContent({ subject: event.target.value });
                    }}
                  />
                )}
              </Field>
              <div className="absolute -top-1.5 right-0">
                <MergeTagMenu
                  target={subjectRef}
                  value={draft.content.subject}
                  onInsert={(subject) => setContent({ subject })}
                  fieldName="Subject"
                />
              </div>
            </div>
            <div className="relative">
              <Field
                label="Preview text"
                error={errors['content.previewText']}
                hint="The line inboxes show after the subject."
              >
                {(control) => (
                  <Input
                    {...control}
                    ref={previewTextRef}
                    maxLength={200}
                    autoComplete="off"
                    value={draft.content.previewText}
                    onChange={(event) => {
                      clear('content.previewText');
                      setContent({ previewText: event.target.value });
                    }}
                  />
                )}
              </Field>
              <div className="absolute -top-1.5 right-0">
                <MergeTagMenu
                  target={previewTextRef}
                  value={draft.content.previewText}
                  onInsert={(previewText) => setContent({ previewText })}
                  fieldName="Preview text"
                />
              </div>
            </div>
            <div className="grid gap-5 sm:grid-cols-2">
              <Field
                label="Sender name"
                error={errors.fromName}
                hint={
                  workspaceName
                    ? `Empty: the workspace’s, “${workspaceName}”.`
                    : 'Empty: the workspace’s sender.'
                }
              >
                {(control) => (
                  <Input
                    {...control}
                    maxLength={100}
                    autoComplete="off"
                    placeholder={workspaceName ?? undefined}
                    value={draft.fromName}
                    onChange={(event) => {
                      clear('fromName');
                      setDraft({ ...draft, fromName: event.target.value });
                    }}
                  />
                )}
              </Field>
              <Field
                label="Sender address"
                error={errors.fromEmail}
                hint={
                  workspaceEmail
                    ? `Empty: the workspace’s, ${workspaceEmail}.`
                    : 'Empty: the workspace’s sender.'
                }
              >
                {(control) => (
                  <Input
                    {...control}
                    type="email"
                    maxLength={254}
                    autoComplete="off"
                    placeholder={workspaceEmail ?? undefined}
                    value={draft.fromEmail}
                    onChange={(event) => {
                      clear('fromEmail');
                      setDraft({ ...draft, fromEmail: event.target.value });
                    }}
                  />
                )}
              </Field>
            </div>
            <SegmentPicker
              value={draft.segments}
              error={errors.segmentIds}
              onChange={(segments) => {
                clear('segmentIds');
                setDraft({ ...draft, segments });
              }}
            />
          </section>

          <section aria-labelledby="email-blocks" className="space-y-4">
            <h2 id="email-blocks" className="text-base font-semibold text-slate-900">
              Message
            </h2>
            {errors.content ? <p className="text-sm font-medium text-red-700">{errors.content}</p> : null}
            <EmailBlockEditor
              campaignId={campaign.id}
              blocks={draft.content.blocks}
              errors={errors}
              setError={setError}
              onChange={(next, structural) => {
                if (structural) setErrors((current) => withoutBlockErrors(current));
                setDraft((current) => {
                  const blocks = typeof next === 'function' ? next(current.content.blocks) : next;
                  return { ...current, content: { ...current.content, blocks } };
                });
              }}
            />
          </section>
        </TabsContent>
        <TabsContent value="preview" className="space-y-8">
          <EmailPreview
            campaign={campaign}
            dirty={dirty}
            saving={save.isPending}
            onSave={() => submit()}
            lead={lead}
            onLeadChange={setLead}
            senderName={shownName}
          />
          <PlainTextPart
            campaign={campaign}
            lead={lead}
            text={draft.content.text}
            blocks={draft.content.blocks}
            error={errors['content.text']}
            onChange={(text) => {
              clear('content.text');
              setContent({ text });
            }}
          />
        </TabsContent>
      </Tabs>
    </form>
  );
}

/** A campaign that started sending keeps its message: shown, not edited. */
function ReadOnlyCampaign({ campaign }: { campaign: CampaignDetails }) {
  const [lead, setLead] = useState<PickedRecord | null>(null);
  const { shownName } = useSender(campaign);
  const why =
    campaign.type !== 'email'
      ? `${campaign.name} is not an email campaign: it has no message to write here.`
      : `This campaign is ${campaignStatusLabels[campaign.status].toLowerCase()}: its message, sender and audience no longer change once it starts sending.`;
  return (
    <div className="space-y-6">
      <h1 className="flex flex-wrap items-center gap-3 text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">
        {campaign.name}
        <CampaignStatusBadge status={campaign.status} />
      </h1>
      <Alert tone="info" title="This message can no longer be edited">
        <p>{why}</p>
        <Link
          to={`/marketing/campaigns/${campaign.id}`}
          className="mt-2 inline-block font-semibold underline"
        >
          Back to the campaign
        </Link>
      </Alert>
      {campaign.type === 'email' ? (
        <section aria-label="Preview">
          <EmailPreview
            campaign={campaign}
            dirty={false}
            saving={false}
            onSave={() => undefined}
            lead={lead}
            onLeadChange={setLead}
            senderName={shownName}
          />
        </section>
      ) : null}
    </div>
  );
}

/** /marketing/campaigns/:id/edit (issue 23): an email campaign's message, sender and audience. */
export function CampaignEditorPage() {
  const { id = '' } = useParams();
  const validId = isUuid(id);
  const campaign = useQuery({ ...campaignQueryOptions(id), enabled: validId });
  const missing = !validId || (campaign.error instanceof ApiError && campaign.error.status === 404);

  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <BackToCampaign id={id} />
      {missing ? (
        <EmptyState
          icon={SearchX}
          title="Campaign not found"
          description="It may have been deleted, or the link is wrong."
          action={
            <Link to="/marketing/campaigns" className={buttonClasses({ variant: 'secondary' })}>
              Back to campaigns
            </Link>
          }
        />
      ) : campaign.isPending ? (
        <ListSkeleton label="Loading the campaign…" rows={6} />
      ) : campaign.isError ? (
        <LoadError
          error={campaign.error}
          title="The campaign could not be loaded"
          onRetry={() => void campaign.refetch()}
        />
      ) : campaign.data.type === 'email' && campaign.data.editable ? (
        <CampaignEditor key={campaign.data.id} campaign={campaign.data} />
      ) : (
        <ReadOnlyCampaign campaign={campaign.data} />
      )}
    </div>
  );
}
