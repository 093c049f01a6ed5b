// Run alone (pnpm --filter remote-account dev): the screens inside shared's standalone harness.
import('./standalone');
