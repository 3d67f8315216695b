import type { User } from '@shared/api';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { showToast } from '../../../components/toast';
import { useUploadProfileImage } from '../api/profile-image';
import { validateProfileImage } from '../validate-profile-image';

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-sm text-slate-400">{label}</dt>
      <dd className="mt-1 rounded-lg border border-slate-800 bg-slate-950 px-3 py-2">{value}</dd>
    </div>
  );
}

export function ProfileSection({ user }: { user: User }) {
  const upload = useUploadProfileImage();
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const onPick = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const problem = validateProfileImage(file);
    if (problem) {
      showToast({ title: problem.title, description: problem.description, variant: 'destructive' });
      return;
    }
    setPreview(URL.createObjectURL(file));
    upload.mutate(file, {
      onSuccess: () => {
        setPreview(null); // the stored picture replaces the local preview
        showToast({ title: 'Profile image updated' });
      },
      onError: (err) => {
        setPreview(null);
        showToast({
          title: 'Upload failed',
          description: err.message || 'Failed to upload profile image. Please try again.',
          variant: 'destructive',
        });
      },
    });
  };

  const shown = preview ?? user.profileImageUrl;
  return (
    <section
      aria-labelledby="profile-heading"
      className="rounded-2xl border border-slate-800 bg-slate-900 p-6"
    >
      <h2 id="profile-heading" className="text-lg font-semibold">
        Profile
      </h2>
      <div className="mt-4 flex flex-wrap items-center gap-4">
        {shown ? (
          <img
            src={shown}
            alt="Your profile picture"
            width={80}
            height={80}
            className={`h-20 w-20 rounded-full object-cover ${upload.isPending ? 'opacity-60' : ''}`}
          />
        ) : (
          <span
            className="flex h-20 w-20 items-center justify-center rounded-full bg-indigo-500 text-2xl font-semibold"
            aria-hidden="true"
          >
            {(user.firstName?.[0] ?? user.username[0] ?? '?').toUpperCase()}
          </span>
        )}
        <input
          ref={input}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className="sr-only"
          onChange={onPick}
          aria-label="Choose a profile picture"
        />
        <button
          type="button"
          onClick={() => input.current?.click()}
          disabled={upload.isPending}
          className="min-h-11 rounded-lg border border-slate-700 px-4 hover:bg-slate-800 disabled:opacity-60"
        >
          {upload.isPending ? 'Uploading...' : 'Change picture'}
        </button>
        <p className="text-sm text-slate-400">JPEG, PNG or WebP, up to 5MB.</p>
      </div>
      <dl className="mt-6 grid gap-4 sm:grid-cols-2">
        <Field label="Name" value={user.username} />
        <Field label="Email" value={user.email} />
        {user.firstName && <Field label="First name" value={user.firstName} />}
        {user.lastName && <Field label="Last name" value={user.lastName} />}
      </dl>
    </section>
  );
}
