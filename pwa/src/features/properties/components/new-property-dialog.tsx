import { DialogTitle } from '@headlessui/react';
import { createPropertyRequestSchema } from '@shared/api';
import { PROPERTY_LIMIT_TITLE } from '@shared/domain';
import { useMemo, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useFieldErrors } from '../../../components/form';
import { SheetDialog } from '../../../components/sheet-dialog';
import { showNotice } from '../../../components/toast';
import { ApiError } from '../../../lib/api-client';
import { propertyPagePath } from '../../../lib/app-paths';
import { newId } from '../../../offline/queue';
import { openPaywall } from '../../../components/paywall';
import { useCreateProperty } from '../api/create-property';
import { PROPERTY_TEXTS } from '../property-texts';
import {
  PROPERTY_FIELDS,
  PropertyFields,
  type PropertyFieldName,
  type PropertyFieldValues,
} from './property-fields';
import { button, primaryButton } from './styles';

const EMPTY: PropertyFieldValues = { name: '', listingNumber: '', notes: '' };
const SAVE_FAILED = 'The property could not be created or kept on this device. Please try again.';

/**
 * 'New property': name or address (required), listing number and notes. Made on the server at once, or
 * kept on this device when there is no connection; either way its screen opens, ready for photos.
 */
export function NewPropertyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const create = useCreateProperty();
  // One id per property being made, so a double submit or a resend makes it once.
  const [id, setId] = useState(newId);
  const [values, setValues] = useState(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const request = useMemo(() => ({ id, ...values }), [id, values]);
  const form = useFieldErrors({
    schema: createPropertyRequestSchema,
    values: request,
    fields: PROPERTY_FIELDS,
    idPrefix: 'new-property',
  });
  const set = (name: PropertyFieldName, value: string) => setValues((v) => ({ ...v, [name]: value }));

  const close = () => {
    setValues(EMPTY);
    setError(null);
    form.reset();
    setId(newId());
    onClose();
  };

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setError(null);
    const parsed = form.submit();
    if (!parsed) return;
    create.mutate(parsed, {
      onSuccess: (outcome) => {
        if (outcome.kind === 'queued')
          showNotice({
            title: PROPERTY_TEXTS.createdOffline,
            description: PROPERTY_TEXTS.createdOfflineText,
          });
        close();
        void navigate(propertyPagePath(parsed.id));
      },
      onError: (err) => {
        if (err instanceof ApiError && err.status === 402) {
          close();
          openPaywall({ title: PROPERTY_LIMIT_TITLE, message: err.message });
          return;
        }
        setError(err instanceof ApiError ? err.message : SAVE_FAILED);
      },
    });
  };

  return (
    <SheetDialog open={open} onClose={close}>
      <DialogTitle className="text-lg font-semibold">{PROPERTY_TEXTS.createTitle}</DialogTitle>
      <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
        <PropertyFields form={form} values={values} onChange={set} newProperty />
        {(error ?? form.formError) && (
          <p role="alert" className="text-sm text-red-300">
            {error ?? form.formError}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" onClick={close} className={button}>
            Cancel
          </button>
          <button type="submit" disabled={create.isPending} className={primaryButton}>
            {create.isPending ? PROPERTY_TEXTS.creating : PROPERTY_TEXTS.create}
          </button>
        </div>
      </form>
    </SheetDialog>
  );
}
