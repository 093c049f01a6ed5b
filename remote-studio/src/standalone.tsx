import { runStandalone } from '@kagami/shared/harness';
import { studioResources } from './components/use-studio-translation';
import Avatars from './screens/avatars';
import AvatarsNew from './screens/avatars-new';
import Videos from './screens/videos';
import VideosNew from './screens/videos-new';
import VideosProcessing from './screens/videos-processing';
import Voices from './screens/voices';

runStandalone({
  namespace: 'studio',
  resources: studioResources,
  screens: {
    '/': Avatars,
    '/avatars': Avatars,
    '/avatars/new': AvatarsNew,
    '/videos': Videos,
    '/videos/new/:avatarId': VideosNew,
    '/videos/processing': VideosProcessing,
    '/voices': Voices,
  },
});
