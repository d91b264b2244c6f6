import { zodResolver } from '@hookform/resolvers/zod';
import {
  addCalendarDays,
  localDate,
  maxPayrollDays,
  payrollExportQuerySchema,
  type ExportJob,
  type PayrollExportQuery,
} from '@atrium/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { BackgroundExportStatus } from '../../../components/ui/background-export';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { ServerErrorAlert } from '../../../components/ui/server-error-alert';
import { Spinner } from '../../../components/ui/spinner';
import { apiRequest } from '../../../lib/api-client';
import { exportJobQueryOptions, isExportJob } from '../../../lib/background-export';
import { isFieldError, setServerFieldErrors } from '../../../lib/form-errors';
import { payrollExportUrl } from '../api/time-entries.queries';

const fieldNames = ['from', 'to'] as const;

/** This calendar month in the workspace time zone, first to last day. */
function thisMonth(timeZone: string): PayrollExportQuery {
  const today = localDate(new Date(), timeZone);
  const first = `${today.slice(0, 8)}01`;
  const [year, month] = today.split('-').map(Number) as [number, number];
  const nextMonthFirst =
    month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
  return { from: first, to: addCalendarDays(nextMonthFirst, -1) };
}

function saveFile(contents: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([contents], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file to the browser's download by the next task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

const exported = (period: PayrollExportQuery) =>
  toast.success('Timesheet exported', {
    description: `Approved entries from ${period.from} to ${period.to}.`,
  });

/**
 * Issue 4 "Export Timesheet": the payroll CSV of approved entries for a period, one line per employee
 * and day. It is fetched first rather than linked, so a refusal (an expired session, say) shows here
 * instead of arriving as a downloaded error file. A big period (issue 17) is made in the background:
 * the server answers with the export's state, the dialog shows its progress, then its download.
 */
export function ExportTimesheetDialog({ timeZone }: { timeZone: string }) {
  const [open, setOpen] = useState(false);
  const [background, setBackground] = useState<{ id: string; period: PayrollExportQuery } | null>(null);
  const form = useForm({
    resolver: zodResolver(payrollExportQuerySchema),
    defaultValues: thisMonth(timeZone),
  });
  const { errors } = form.formState;

  const exportCsv = useMutation({
    mutationFn: (period: PayrollExportQuery) => apiRequest<string | ExportJob>(payrollExportUrl(period)),
    onSuccess: (answer, period) => {
      if (isExportJob(answer)) {
        setBackground({ id: answer.id, period });
        return;
      }
      saveFile(answer, `payroll-${period.from}-to-${period.to}.csv`);
      exported(period);
      setOpen(false);
    },
    onError: (error) => setServerFieldErrors(error, fieldNames, form.setError),
  });

  // The same state the status below polls (one cache entry): no second export while one is made.
  const job = useQuery({ ...exportJobQueryOptions(background?.id ?? ''), enabled: background !== null });
  const making = background !== null && (job.data === undefined || job.data.status === 'running');

  const changeOpen = (next: boolean) => {
    setOpen(next);
    if (next) {
      form.reset(thisMonth(timeZone));
      exportCsv.reset();
      setBackground(null);
    }
  };

  return (
    <>
      <Button variant="secondary" onClick={() => changeOpen(true)}>
        <Download aria-hidden="true" className="size-4" />
        Export Timesheet
      </Button>
      <Modal
        open={open}
        onClose={() => changeOpen(false)}
        title="Export Timesheet"
        description={`A payroll CSV of the approved entries: regular and overtime hours, hourly rate and gross pay per employee and day. Up to ${maxPayrollDays} days, in the workspace time zone (${timeZone}).`}
      >
        <form
          noValidate
          onSubmit={form.handleSubmit((period) => exportCsv.mutate(period))}
          className="space-y-5"
        >
          {exportCsv.error && !isFieldError(exportCsv.error, fieldNames) ? (
            <ServerErrorAlert error={exportCsv.error} title="The timesheet could not be exported" />
          ) : null}
          <div className="grid gap-5 sm:grid-cols-2">
            <Field label="From" error={errors.from?.message}>
              {(control) => <Input {...control} type="date" {...form.register('from')} />}
            </Field>
            <Field label="To" error={errors.to?.message}>
              {(control) => <Input {...control} type="date" {...form.register('to')} />}
            </Field>
          </div>
          {background ? (
            <BackgroundExportStatus
              id={background.id}
              unit={{ one: 'employee', other: 'employees' }}
              onDownload={() => {
                exported(background.period);
                setOpen(false);
              }}
            />
          ) : null}
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => changeOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={exportCsv.isPending || making}>
              {exportCsv.isPending || making ? (
                <Spinner />
              ) : (
                <Download aria-hidden="true" className="size-4" />
              )}
              Download CSV
            </Button>
          </div>
        </form>
      </Modal>
    </>
  );
}
