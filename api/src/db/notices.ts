// LISTEN on PostgreSQL over a connection of its own, reconnecting when it is lost and saying when nothing is heard.
import pg from 'pg';

/** What a listener is told: each notice's payload, and whether notices are being heard at all. */
export type NoticeHandlers = { notice: (payload: string) => void; hearing: (hearing: boolean) => void };

const RECONNECT_MS = 1_000;

/**
 * LISTEN on PostgreSQL over a connection of its own. When it is lost (a restart, a failover) the
 * listener is told it hears nothing until a new connection is listening again, tried every second.
 * Returns a function that stops listening.
 */
export async function listenOnPostgres(url: string, channel: string, handlers: NoticeHandlers): Promise<() => Promise<void>> {
  let current: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  let stopped = false;

  const lost = (client: pg.Client) => {
    if (client !== current) return;
    current = null;
    handlers.hearing(false);
    client.end().catch(() => {});
    if (!stopped) retry = setTimeout(() => void connect(), RECONNECT_MS);
  };
  const connect = async () => {
    const client = new pg.Client({ connectionString: url });
    current = client;
    client.on('notification', (message) => {
      if (message.channel === channel) handlers.notice(message.payload ?? '');
    });
    client.on('error', () => lost(client));
    client.on('end', () => lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      if (client === current) handlers.hearing(true);
    } catch {
      lost(client);
    }
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const client = current;
    current = null;
    handlers.hearing(false);
    await client?.end().catch(() => {});
  };
}
