import { EMPTY_AGENT_PROFILE, type AgentProfile, type PublicAgent } from '@shared/api';
import { notFound } from '../../http/errors';
import type { ImageReader, StoredImage } from '../../images';
import type { Repositories, UserDoc } from '../../store';

const orNull = (text: string) => text.trim() || null;

/** The agent's profile as saved in Settings (empty until then). */
export const agentProfileOf = (user: UserDoc | null): AgentProfile =>
  user?.agentProfile ?? EMPTY_AGENT_PROFILE;

/** What a buyer sees of the sharing agent: the fields they filled in, the photo at `photoUrl`; null when none. */
export function toPublicAgent(user: UserDoc | null, photoUrl: string): PublicAgent {
  const profile = agentProfileOf(user);
  const photo = profile.showPhoto && user?.profileImageKey ? photoUrl : null;
  const agent = {
    name: orNull(profile.name),
    brokerage: orNull(profile.brokerage),
    phone: orNull(profile.phone),
    photoUrl: photo,
  };
  return Object.values(agent).some((v) => v !== null) ? agent : null;
}

/** The sharing agent's photo or logo, only when they chose to show it to buyers. */
export async function agentPhoto(
  repos: Repositories,
  readImage: ImageReader,
  ownerId: string | null,
): Promise<StoredImage> {
  const user = ownerId ? await repos.users.findById(ownerId) : null;
  const key = user?.agentProfile?.showPhoto ? user.profileImageKey : null;
  const image = key ? await readImage(key, 'public') : null;
  if (!image) throw notFound('Not found.');
  return image;
}
