// Run alone (pnpm --filter remote-studio dev): the screens inside shared's standalone harness.
import('./standalone');
