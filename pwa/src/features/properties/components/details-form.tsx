import type { Property } from '@shared/api';
import { updatePropertyRequestSchema } from '@shared/api';
import { LISTING_NUMBER_MAX, PROPERTY_NAME_MAX, PROPERTY_NOTES_MAX } from '@shared/domain';
import { useState, type FormEvent } from 'react';
import { FieldError, useFieldErrors } from '../../../components/form';
import { showToast } from '../../../components/toast';
import { useSaveDetails } from '../hooks/use-save-details';
import { PROPERTY_TEXTS } from '../property-texts';
import { button, field, label } from './styles';

const FIELDS = ['name', 'listingNumber', 'notes'] as const;

/** Name or address, listing number and notes, edited in place (folded away on a phone's first view). */
export function DetailsForm({ property, onServer }: { property: Property; onServer: boolean }) {
  const save = useSaveDetails(property.id, onServer);
  const [values, setValues] = useState({
    name: property.name,
    listingNumber: property.listingNumber ?? '',
    notes: property.notes ?? '',
  });
  const form = useFieldErrors({
    schema: updatePropertyRequestSchema,
    values,
    fields: FIELDS,
    idPrefix: 'property',
  });
  const set = (key: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const parsed = form.submit();
    if (!parsed?.name) return;
    const patch = {
      name: parsed.name,
      listingNumber: values.listingNumber.trim() || null,
      notes: values.notes.trim() || null,
    };
    save.mutate(patch, {
      onSuccess: () => showToast({ title: PROPERTY_TEXTS.detailsSaved }),
      onError: (err) =>
        showToast({ title: PROPERTY_TEXTS.saveFailed, description: err.message, variant: 'destructive' }),
    });
  };

  return (
    <details className="group rounded-2xl border border-slate-800 bg-slate-900">
      <summary className="flex min-h-12 cursor-pointer items-center justify-between px-4 font-semibold">
        {PROPERTY_TEXTS.details}
        <span aria-hidden="true" className="text-slate-400 group-open:rotate-180">
          ▾
        </span>
      </summary>
      <form onSubmit={onSubmit} noValidate className="space-y-4 px-4 pb-4">
        <div>
          <label htmlFor={form.id('name')} className={label}>
            {PROPERTY_TEXTS.nameLabel}
          </label>
          <input
            {...form.control('name')}
            required
            maxLength={PROPERTY_NAME_MAX}
            value={values.name}
            onChange={set('name')}
            className={field}
          />
          <FieldError id={form.errorId('name')} message={form.error('name')} />
        </div>
        <div>
          <label htmlFor={form.id('listingNumber')} className={label}>
            {PROPERTY_TEXTS.listingLabel}{' '}
            <span className="font-normal text-slate-400">{PROPERTY_TEXTS.optional}</span>
          </label>
          <input
            {...form.control('listingNumber')}
            maxLength={LISTING_NUMBER_MAX}
            value={values.listingNumber}
            onChange={set('listingNumber')}
            className={field}
          />
          <FieldError id={form.errorId('listingNumber')} message={form.error('listingNumber')} />
        </div>
        <div>
          <label htmlFor={form.id('notes')} className={label}>
            {PROPERTY_TEXTS.notesLabel}{' '}
            <span className="font-normal text-slate-400">{PROPERTY_TEXTS.optional}</span>
          </label>
          <textarea
            {...form.control('notes')}
            rows={3}
            maxLength={PROPERTY_NOTES_MAX}
            value={values.notes}
            onChange={set('notes')}
            className={field}
          />
          <FieldError id={form.errorId('notes')} message={form.error('notes')} />
        </div>
        <button type="submit" disabled={save.isPending} className={button}>
          {save.isPending ? PROPERTY_TEXTS.saving : PROPERTY_TEXTS.saveDetails}
        </button>
      </form>
    </details>
  );
}
