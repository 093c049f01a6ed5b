// Run alone (pnpm --filter remote-billing dev): the screens inside shared's standalone harness.
import('./standalone');
