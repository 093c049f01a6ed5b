// An in-memory cache of live sessions and users' teams, so an authenticated read needs no query; emptied by the
// database's `auth_changes` notices.
import type { Database, DatabaseHandle } from '../../db/connect';
import { sha256 } from '../../lib/secrets';
import { listTeamsOf } from '../teams/membership';
import { findSession } from './sessions';

/** The channel migration 0012's triggers announce on: a user's id, or '*' for everyone. */
const CHANNEL = 'auth_changes';
const MOST_KEPT = 10_000;

type Session = NonNullable<Awaited<ReturnType<typeof findSession>>>;
type Teams = Awaited<ReturnType<typeof listTeamsOf>>;

/**
 * Live sessions (by token hash) and each user's teams, kept in memory so that an authenticated read
 * needs no query. Kept only while this process hears the database's `auth_changes` notices: a change
 * to a session, a user or a membership, by any process, drops what is kept of that user everywhere.
 * A request that writes also drops everything kept here before it answers, because a notice can
 * arrive a moment after the answer and the caller's next request must not read the change from before.
 */
export class AuthCache {
  readonly #db: Database;
  readonly #sessions = new Map<string, Session>();
  readonly #teams = new Map<string, Teams>();
  #hearing = false;
  /** Moves on every drop, so a read that began before a change does not keep what it read. */
  #generation = 0;

  constructor(db: Database) {
    this.#db = db;
  }

  /** Starts hearing the notices; returns a function that stops. */
  follow(database: DatabaseHandle) {
    return database.listen(CHANNEL, {
      notice: (userId) => (userId === '*' ? this.forgetAll() : this.#forget(userId)),
      hearing: (hearing) => {
        this.forgetAll();
        this.#hearing = hearing;
      },
    });
  }

  /** The live session a bearer token opens, with its user; null for none. */
  findSession(token: string) {
    const hash = sha256(token);
    const kept = this.#sessions.get(hash);
    if (kept && kept.session.expiresAt.getTime() > Date.now()) return Promise.resolve(kept);
    if (kept) this.#sessions.delete(hash);
    return this.#keep(this.#sessions, hash, () => findSession(this.#db, hash));
  }

  /** The teams a user belongs to, with their role in each. */
  teamsOf(userId: string) {
    const kept = this.#teams.get(userId);
    return kept ? Promise.resolve(kept) : this.#keep(this.#teams, userId, () => listTeamsOf(this.#db, userId));
  }

  forgetAll() {
    this.#generation++;
    this.#sessions.clear();
    this.#teams.clear();
  }

  #forget(userId: string) {
    this.#generation++;
    for (const [hash, kept] of this.#sessions) if (kept.user.id === userId) this.#sessions.delete(hash);
    this.#teams.delete(userId);
  }

  async #keep<V>(kept: Map<string, NonNullable<V>>, key: string, load: () => Promise<V>) {
    const generation = this.#generation;
    const value = await load();
    if (value != null && this.#hearing && generation === this.#generation) {
      if (kept.size >= MOST_KEPT) kept.delete(kept.keys().next().value!);
      kept.set(key, value);
    }
    return value;
  }
}
