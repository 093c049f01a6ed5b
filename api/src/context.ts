import type { Config } from './config';
import type { Database } from './db/connect';
import type { Mailer } from './mail/mailer';

/** What every domain needs: handed to route modules and services instead of global decorators. */
export type AppContext = {
  config: Config;
  db: Database;
  mailer: Mailer;
};
