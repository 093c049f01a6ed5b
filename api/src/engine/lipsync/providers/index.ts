// The lip-sync provider LIPSYNC_ENGINE names (Replicate or a Cog server, sync.so, fal), built from its settings with
// the links it fetches the avatar's media through.
import type { LipSyncProvider, MediaLinks } from '../lipsync-provider';
import { type LipSyncSettings } from '../../../config/providers';
import { FalLipSync } from './fal';
import { ReplicateLipSync } from './replicate';
import { SyncLipSync } from './sync-so';

/** The provider LIPSYNC_ENGINE names, reaching media through `links`. */
export function lipSyncProvider(settings: LipSyncSettings, links: MediaLinks): LipSyncProvider {
  switch (settings.engine) {
    case 'replicate':
      return new ReplicateLipSync(settings, links);
    case 'sync':
      return new SyncLipSync(settings, links);
    case 'fal':
      return new FalLipSync(settings, links);
  }
}
