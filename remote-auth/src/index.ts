// Run alone (pnpm --filter remote-auth dev): the screens inside shared's standalone harness.
import('./standalone');
