// The remote's public face: one module per screen, plus its contract version.
module.exports = {
  './contract': './src/contract.ts',
  './Home': './src/screens/home.tsx',
  './Avatars': './src/screens/avatars.tsx',
  './AvatarsNew': './src/screens/avatars-new.tsx',
  './Videos': './src/screens/videos.tsx',
  './VideosNew': './src/screens/videos-new.tsx',
  './VideosProcessing': './src/screens/videos-processing.tsx',
  './Voices': './src/screens/voices.tsx',
  './BrandKit': './src/screens/brand-kit.tsx',
  './Templates': './src/screens/templates.tsx',
  './TemplateVideo': './src/screens/template-video.tsx',
  './BatchNew': './src/screens/batch-new.tsx',
  './Batch': './src/screens/batch.tsx',
};
