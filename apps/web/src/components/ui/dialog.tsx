import { X } from 'lucide-react';
import { AlertDialog, Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Button, buttonClasses } from './button';
import { useReturnFocus } from './focus-return';
import { Spinner } from './spinner';

const overlayClasses = 'fixed inset-0 z-40 bg-slate-900/40';
const contentClasses =
  'fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl focus:outline-none';
const widthClasses = { md: 'max-w-md', lg: 'max-w-2xl', xl: 'max-w-4xl' } as const;

/**
 * Dialogs here are opened by their caller's state, never by a Radix trigger, so Radix only ever asks
 * to close them (Escape, the overlay, Cancel or the close button), and the focus goes back to the
 * opener through `useReturnFocus`.
 */
const closeWith = (onClose: () => void) => (open: boolean) => {
  if (!open) onClose();
};

/** A modal dialog with a title, a description and a close button (Radix Dialog). */
export function Modal({
  open,
  onClose,
  title,
  description,
  size = 'md',
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description: ReactNode;
  /** md for short forms; lg and xl for detail views with tabs or tables. */
  size?: keyof typeof widthClasses;
  children: ReactNode;
}) {
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog.Root open={open} onOpenChange={closeWith(onClose)}>
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClasses} />
        <Dialog.Content className={cn(contentClasses, widthClasses[size])} onCloseAutoFocus={returnFocus}>
          <Dialog.Title className="pr-8 text-lg font-semibold text-slate-900">{title}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600">{description}</Dialog.Description>
          <div className="mt-5">{children}</div>
          <Dialog.Close
            aria-label="Close"
            className={buttonClasses({
              variant: 'ghost',
              size: 'sm',
              className: 'absolute top-3 right-3 size-9 px-0',
            })}
          >
            <X aria-hidden="true" className="size-5" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** A dialog form's Cancel and submit buttons; the submit button waits, with a spinner, while it saves. */
export function FormActions({
  submitLabel,
  pending,
  onCancel,
}: {
  submitLabel: ReactNode;
  pending: boolean;
  onCancel: () => void;
}) {
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={pending}>
        {pending ? <Spinner /> : null}
        {submitLabel}
      </Button>
    </div>
  );
}

/**
 * Asks before a destructive action (ARCHITECTURE.md, "Conventions": every destructive action has a
 * confirmation). It stays open while the action runs; the caller closes it when the action is done.
 */
export function ConfirmDialog({
  open,
  onClose,
  title,
  description,
  confirmLabel,
  onConfirm,
  pending,
  destructive = true,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  pending: boolean;
  destructive?: boolean;
}) {
  const returnFocus = useReturnFocus(open);
  return (
    <AlertDialog.Root open={open} onOpenChange={closeWith(onClose)}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={overlayClasses} />
        <AlertDialog.Content className={cn(contentClasses, widthClasses.md)} onCloseAutoFocus={returnFocus}>
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-600">
            {description}
          </AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonClasses({ variant: 'secondary' })}>
              Cancel
            </AlertDialog.Cancel>
            <Button variant={destructive ? 'danger' : 'primary'} onClick={onConfirm} disabled={pending}>
              {pending ? <Spinner /> : null}
              {confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
