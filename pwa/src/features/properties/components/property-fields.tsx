import { LISTING_NUMBER_MAX, PROPERTY_NAME_MAX, PROPERTY_NOTES_MAX } from '@shared/domain';
import { FieldError, type FieldWiring } from '../../../components/form';
import { PROPERTY_TEXTS } from '../property-texts';
import { field, label } from './styles';

export type PropertyFieldName = 'name' | 'listingNumber' | 'notes';
export type PropertyFieldValues = Record<PropertyFieldName, string>;
export const PROPERTY_FIELDS = ['name', 'listingNumber', 'notes'] as const;

function Optional() {
  return <span className="font-normal text-slate-400">{PROPERTY_TEXTS.optional}</span>;
}

/**
 * Name or address (required), listing number and notes: the same fields where a property is made and
 * where its details are edited. `newProperty` adds the address hints a blank form needs.
 */
export function PropertyFields({
  form,
  values,
  onChange,
  newProperty = false,
}: {
  form: FieldWiring<PropertyFieldName>;
  values: PropertyFieldValues;
  onChange: (name: PropertyFieldName, value: string) => void;
  newProperty?: boolean;
}) {
  const set = (name: PropertyFieldName) => (e: { target: { value: string } }) =>
    onChange(name, e.target.value);
  return (
    <>
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
          {...(newProperty ? { autoComplete: 'street-address', placeholder: 'e.g. 12 Harbor Rd' } : {})}
        />
        <FieldError id={form.errorId('name')} message={form.error('name')} />
      </div>
      <div>
        <label htmlFor={form.id('listingNumber')} className={label}>
          {PROPERTY_TEXTS.listingLabel} <Optional />
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
          {PROPERTY_TEXTS.notesLabel} <Optional />
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
    </>
  );
}
