import type { Property } from '@shared/api';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PROPERTIES_HOME } from '../../../lib/app-paths';
import { showConfirmation, showError } from '../../../components/toast';
import { KeepArchiveChoice } from '../../../components/keep-archive-choice';
import { useDeleteProperty, usePropertyPublishedLinks } from '../api/delete-property';
import { PROPERTY_TEXTS, deletePropertyTitle } from '../property-texts';
import { button } from './styles';

/** 'Delete property', confirmed with its name and how many rooms go with it; then back to the list. */
export function DeleteProperty({
  property,
  onServer,
  rooms,
}: {
  property: Property;
  onServer: boolean;
  rooms: number;
}) {
  const navigate = useNavigate();
  const remove = useDeleteProperty();
  const [asking, setAsking] = useState(false);
  const [keep, setKeep] = useState(true);
  const links = usePropertyPublishedLinks(property.id, asking && onServer).data?.links ?? 0;
  const confirm = () =>
    remove.mutate(
      { id: property.id, onServer, keep: links > 0 && keep },
      {
        onSuccess: () => {
          void showConfirmation({
            title: PROPERTY_TEXTS.propertyDeleted,
            description: PROPERTY_TEXTS.propertyDeletedText,
          });
          void navigate(PROPERTIES_HOME);
        },
        onError: (err) => showError(err.message, PROPERTY_TEXTS.deleteFailed),
        onSettled: () => setAsking(false),
      },
    );
  return (
    <>
      <button
        type="button"
        onClick={() => setAsking(true)}
        className={`${button} border-red-700 text-red-200 hover:bg-red-950`}
      >
        {PROPERTY_TEXTS.deleteProperty}
      </button>
      <ConfirmDialog
        title={deletePropertyTitle(property.name, rooms)}
        description={PROPERTY_TEXTS.deletePropertyText}
        confirmLabel={PROPERTY_TEXTS.deleteProperty}
        busyLabel={PROPERTY_TEXTS.deleting}
        open={asking}
        busy={remove.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={confirm}
      >
        <KeepArchiveChoice links={links} keep={keep} onChange={setKeep} />
      </ConfirmDialog>
    </>
  );
}
