import { useSearchParams } from 'react-router';
import { hasPermission, useMe } from '../../accounts';

/**
 * Who the portal is shown to: the signed-in customer, or — for an agent (issue 22: a read-only
 * preview) — the customer named by `?as=` (and `name=`, for the banner) in the address.
 */
export type PortalViewer = {
  /** An agent previewing; no customer chosen yet when previewOf is null. */
  preview: boolean;
  previewOf: string | null;
  previewName: string;
};

export function usePortalViewer(): PortalViewer {
  const me = useMe();
  const [params] = useSearchParams();
  if (hasPermission(me, 'portal:use')) return { preview: false, previewOf: null, previewName: '' };
  return { preview: true, previewOf: params.get('as'), previewName: params.get('name') ?? 'the customer' };
}

/** An address inside the portal that keeps the previewed customer. */
export const portalPath = (viewer: PortalViewer, path: string) =>
  viewer.previewOf
    ? `${path}?${new URLSearchParams({ as: viewer.previewOf, name: viewer.previewName }).toString()}`
    : path;
