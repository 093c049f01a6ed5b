import type { PgBoss } from 'pg-boss';
import type { Config } from './config';
import type { Database } from './db/connect';
import type { Mailer } from './mail/mailer';
import type { GenerationEngine } from './engine/generation-engine';
import type { AssetStore } from './storage/asset-store';

/** What every domain needs: handed to route modules and services instead of global decorators. */
export type AppContext = {
  config: Config;
  db: Database;
  mailer: Mailer;
  jobs: PgBoss;
  engine: GenerationEngine;
  assets: AssetStore;
};
