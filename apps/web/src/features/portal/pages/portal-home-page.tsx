import { portalTicketStates, type PortalTicketState } from '@atrium/shared';
import { Plus } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useMe } from '../../accounts';
import { CustomerPicker } from '../components/customer-picker';
import { PortalTicketList } from '../components/portal-ticket-list';
import { PreviewBanner } from '../components/preview-banner';
import { usePortalViewer } from '../hooks/use-portal-viewer';

const tabLabels: Record<PortalTicketState, string> = { open: 'Open', closed: 'Closed' };

/**
 * The customer portal's home (issue 22): My tickets, open and closed, and a new ticket. An agent
 * first chooses whose portal to preview, then sees it read only.
 */
export function PortalHomePage() {
  const me = useMe();
  const viewer = usePortalViewer();
  const [params, setParams] = useSearchParams();
  const state: PortalTicketState = params.get('state') === 'closed' ? 'closed' : 'open';

  const newTicket = viewer.preview ? null : (
    <Link to="/helpdesk/portal/new" className={buttonClasses()}>
      <Plus aria-hidden="true" className="size-4" />
      New ticket
    </Link>
  );

  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <title>{`Customer Portal — ${me.workspace.name} — Atrium`}</title>
      {viewer.previewOf ? <PreviewBanner name={viewer.previewName} /> : null}
      <PageHeader
        title="Customer Portal"
        description={
          viewer.preview && !viewer.previewOf
            ? 'Where customers open tickets, follow them and find answers.'
            : `Your requests to ${me.workspace.name} support, and answers to common questions.`
        }
        actions={newTicket}
      />
      {viewer.preview && !viewer.previewOf ? (
        <CustomerPicker />
      ) : (
        <Tabs
          value={state}
          onValueChange={(next) =>
            setParams(
              (current) => {
                const updated = new URLSearchParams(current);
                if (next === 'open') updated.delete('state');
                else updated.set('state', next);
                return updated;
              },
              { replace: true },
            )
          }
        >
          <h2 id="my-tickets-heading" className="mb-3 text-lg font-semibold text-slate-900">
            My tickets
          </h2>
          <TabsList aria-labelledby="my-tickets-heading">
            {portalTicketStates.map((each) => (
              <TabsTrigger key={each} value={each}>
                {tabLabels[each]}
              </TabsTrigger>
            ))}
          </TabsList>
          {portalTicketStates.map((each) => (
            <TabsContent key={each} value={each}>
              <PortalTicketList viewer={viewer} state={each} emptyAction={newTicket} />
            </TabsContent>
          ))}
        </Tabs>
      )}
    </div>
  );
}
