import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';

const emptyAltMessage = 'Describe the image, or mark it as decorative';

/**
 * An article image's alternative text, read out by screen readers and shown when the image does not
 * load. It may be empty only when the author says the image is decorative (alt="", WCAG 1.1.1), so
 * that an image is never left undescribed by a slip.
 */
export function ImageAltDialog({
  open,
  alt,
  onClose,
  onSave,
}: {
  open: boolean;
  /** The image's alt now: "" for a decorative image, null when it has none. */
  alt: string | null;
  onClose: () => void;
  onSave: (alt: string) => void;
}) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Alt text"
      description="What the image shows, for readers who cannot see it. Screen readers read it out, and it shows when the image does not load."
    >
      {open ? <AltFields initial={alt} onCancel={onClose} onSave={onSave} /> : null}
    </Modal>
  );
}

/** Mounted each time the dialog opens, starting from the image's alt. */
function AltFields({
  initial,
  onCancel,
  onSave,
}: {
  initial: string | null;
  onCancel: () => void;
  onSave: (alt: string) => void;
}) {
  const [text, setText] = useState(initial ?? '');
  const [decorative, setDecorative] = useState(initial === '');
  const [problem, setProblem] = useState<string | undefined>();
  const decorativeHintId = useId();

  const save = () => {
    if (decorative) return onSave('');
    const alt = text.trim();
    if (!alt) return setProblem(emptyAltMessage);
    onSave(alt);
  };

  // Not a form: the dialog is portalled, and a submit would still reach the article's form.
  return (
    <div className="space-y-5">
      <Field
        label="Alternative text"
        error={problem}
        hint="A short sentence on what matters in the image, such as “The Export button, top right of the invoice list”."
      >
        {(control) => (
          <Input
            {...control}
            value={decorative ? '' : text}
            disabled={decorative}
            autoComplete="off"
            onChange={(event) => {
              setText(event.target.value);
              setProblem(undefined);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                save();
              }
            }}
          />
        )}
      </Field>
      <div>
        <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            className="size-4 accent-indigo-600"
            checked={decorative}
            aria-describedby={decorativeHintId}
            onChange={(event) => {
              setDecorative(event.target.checked);
              setProblem(undefined);
            }}
          />
          Decorative image
        </label>
        <p id={decorativeHintId} className="mt-1 pl-6 text-sm text-slate-600">
          It adds nothing to the text, so screen readers skip it.
        </p>
      </div>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button onClick={save}>Save alt text</Button>
      </div>
    </div>
  );
}
