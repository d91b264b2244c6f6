import {
  campaignStatusLabels,
  campaignTypeLabels,
  type CampaignStatus,
  type CampaignType,
} from '@atrium/shared';
import { Calendar, Mail, MessageSquare, Share2, Video, type LucideIcon } from 'lucide-react';
import { cn } from '../../../lib/cn';

const badgeBase =
  'inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset';

const statusLooks: Record<CampaignStatus, string> = {
  draft: 'bg-slate-100 text-slate-700 ring-slate-500/20',
  scheduled: 'bg-sky-50 text-sky-800 ring-sky-600/20',
  active: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20',
  paused: 'bg-amber-50 text-amber-800 ring-amber-600/20',
  completed: 'bg-indigo-50 text-indigo-800 ring-indigo-600/20',
};

const statusDots: Record<CampaignStatus, string> = {
  draft: 'bg-slate-400',
  scheduled: 'bg-sky-500',
  active: 'bg-emerald-500',
  paused: 'bg-amber-500',
  completed: 'bg-indigo-500',
};

/** The word carries the meaning; the dot's colour only helps the eye. */
export function CampaignStatusBadge({ status, className }: { status: CampaignStatus; className?: string }) {
  return (
    <span className={cn(badgeBase, statusLooks[status], className)}>
      <span aria-hidden="true" className={cn('size-1.5 rounded-full', statusDots[status])} />
      {campaignStatusLabels[status]}
    </span>
  );
}

const typeIcons: Record<CampaignType, LucideIcon> = {
  email: Mail,
  sms: MessageSquare,
  social: Share2,
  webinar: Video,
};

export function CampaignTypeBadge({ type, className }: { type: CampaignType; className?: string }) {
  const Icon = typeIcons[type] ?? Calendar;
  return (
    <span className={cn(badgeBase, 'bg-white text-slate-700 ring-slate-300', className)}>
      <Icon aria-hidden="true" className="size-3.5 text-slate-500" />
      {campaignTypeLabels[type]}
    </span>
  );
}
