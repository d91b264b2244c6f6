import { employeeFullName, type Employee } from '@atrium/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Modal } from '../../../components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { employeeDetailsQueryOptions } from '../api/employees.queries';
import { DetailsDocuments } from './details-documents';
import { DetailsGeneral } from './details-general';
import { DetailsPerformance } from './details-performance';
import { DetailsSchedule } from './details-schedule';

const tabs = [
  { id: 'general', label: 'General' },
  { id: 'performance', label: 'Performance' },
  { id: 'schedule', label: 'Schedule' },
  { id: 'documents', label: 'Documents' },
] as const;

/**
 * Spec 2: the details dialog with the tabs General, Performance, Schedule and Documents. A tab's
 * content mounts only while it is open, so Performance and Schedule are fetched only when asked for.
 */
export function EmployeeDetailsDialog({ employee, onClose }: { employee: Employee; onClose: () => void }) {
  const [tab, setTab] = useState<string>('general');
  // General and Documents both read the details (manager name, documents): one request for both.
  const details = useQuery(employeeDetailsQueryOptions(employee.id));
  const shown = details.data ?? employee;

  return (
    <Modal
      open
      onClose={onClose}
      size="lg"
      title={employeeFullName(shown)}
      description={`${shown.jobTitle} · ${shown.department} · ${shown.employeeCode}`}
    >
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label="Employee details" className="max-sm:gap-0!">
          {tabs.map(({ id, label }) => (
            // Narrower on phones, so all four tabs fit without scrolling the list.
            <TabsTrigger key={id} value={id} className="flex-1 max-sm:px-1! max-sm:text-xs! sm:flex-none">
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="general" className="min-h-80">
          <DetailsGeneral employee={employee} details={details} />
        </TabsContent>
        <TabsContent value="performance" className="min-h-80">
          <DetailsPerformance employeeId={employee.id} />
        </TabsContent>
        <TabsContent value="schedule" className="min-h-80">
          <DetailsSchedule employeeId={employee.id} />
        </TabsContent>
        <TabsContent value="documents" className="min-h-80">
          <DetailsDocuments details={details} />
        </TabsContent>
      </Tabs>
    </Modal>
  );
}
