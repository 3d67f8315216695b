import type { Property } from '@shared/api';
import { updatePropertyRequestSchema } from '@shared/api';
import { useState, type FormEvent } from 'react';
import { useFieldErrors } from '../../../components/form';
import { showConfirmation, showError } from '../../../components/toast';
import { useSaveDetails } from '../hooks/use-save-details';
import { PROPERTY_TEXTS } from '../property-texts';
import {
  PROPERTY_FIELDS,
  PropertyFields,
  type PropertyFieldName,
  type PropertyFieldValues,
} from './property-fields';
import { button } from './styles';

/** Name or address, listing number and notes, edited in place (folded away on a phone's first view). */
export function DetailsForm({ property, onServer }: { property: Property; onServer: boolean }) {
  const save = useSaveDetails(property.id, onServer);
  const [values, setValues] = useState<PropertyFieldValues>({
    name: property.name,
    listingNumber: property.listingNumber ?? '',
    notes: property.notes ?? '',
  });
  const form = useFieldErrors({
    schema: updatePropertyRequestSchema,
    values,
    fields: PROPERTY_FIELDS,
    idPrefix: 'property',
  });
  const set = (name: PropertyFieldName, value: string) => setValues((v) => ({ ...v, [name]: value }));

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
      onSuccess: () => void showConfirmation({ title: PROPERTY_TEXTS.detailsSaved }),
      onError: (err) => showError(err.message, PROPERTY_TEXTS.saveFailed),
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
        <PropertyFields form={form} values={values} onChange={set} />
        <button type="submit" disabled={save.isPending} className={button}>
          {save.isPending ? PROPERTY_TEXTS.saving : PROPERTY_TEXTS.saveDetails}
        </button>
      </form>
    </details>
  );
}
