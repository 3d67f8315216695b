import { PERSON_NAME_MAX, type User } from '@shared/api';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { showConfirmation, showError } from '../../../components/toast';
import { useUpdateProfile } from '../api/account';
import { useUploadProfileImage } from '../api/profile-image';
import { SETTINGS_TEXTS, SETTINGS_TOASTS } from '../settings-texts';
import { validateProfileImage } from '../validate-profile-image';

const input =
  'mt-1 min-h-11 w-full rounded-lg border border-slate-700 bg-slate-950 px-3 text-slate-100 focus:border-indigo-400 focus:outline-none';

/** The names are edited here; the email is read here and changed under Password and email. */
function NamesForm({ user }: { user: User }) {
  const update = useUpdateProfile();
  const [names, setNames] = useState({
    username: user.username,
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
  });
  const field = (key: keyof typeof names, label: string) => (
    <label className="block text-sm text-slate-400">
      {label}
      <input
        value={names[key]}
        maxLength={PERSON_NAME_MAX}
        required={key === 'username'}
        onChange={(e) => setNames({ ...names, [key]: e.target.value })}
        className={input}
      />
    </label>
  );
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    update.mutate(names, {
      onSuccess: () => void showConfirmation({ title: SETTINGS_TEXTS.profileSaved }),
      onError: (err) => showError(err.message, SETTINGS_TEXTS.saveFailed),
    });
  };
  return (
    <form onSubmit={onSubmit} className="mt-6 grid gap-4 sm:grid-cols-2">
      {field('username', SETTINGS_TEXTS.nameLabel)}
      <div className="text-sm text-slate-400">
        {SETTINGS_TEXTS.email}
        <p className="mt-1 flex min-h-11 items-center rounded-lg border border-slate-800 bg-slate-950 px-3 break-all text-slate-100">
          {user.email}
        </p>
      </div>
      {field('firstName', SETTINGS_TEXTS.firstName)}
      {field('lastName', SETTINGS_TEXTS.lastName)}
      <div className="sm:col-span-2">
        <button
          type="submit"
          disabled={update.isPending}
          className="min-h-11 rounded-lg bg-indigo-500 px-4 font-semibold text-white hover:bg-indigo-400 disabled:opacity-60"
        >
          {SETTINGS_TEXTS.saveProfile}
        </button>
      </div>
    </form>
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
      showError(problem.description, problem.title);
      return;
    }
    setPreview(URL.createObjectURL(file));
    upload.mutate(file, {
      onSuccess: () => {
        setPreview(null); // the stored picture replaces the local preview
        void showConfirmation({ title: SETTINGS_TOASTS.imageUpdated });
      },
      onError: (err) => {
        setPreview(null);
        showError(err.message || SETTINGS_TOASTS.imageFailed.fallback, SETTINGS_TOASTS.imageFailed.title);
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
      <NamesForm user={user} />
    </section>
  );
}
