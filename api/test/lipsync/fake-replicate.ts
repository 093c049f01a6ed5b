// A fake Replicate for the tests that run the whole API: one model (bytedance/latentsync), one prediction (`p1`). It
// fetches the inputs from the links it is given, as Replicate does, and answers with a magenta video as long as the
// speech; the prediction stays `processing` until the test sets `done`.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { probeMedia } from '../../src/media/probe';
import { lavfiClip } from '../media/fixtures';

type Create = { input: { video: string; audio: string }; webhook?: string; webhook_events_filter?: string[] };

export async function fakeReplicate(dir: string, predictTime: number) {
  /** `refuseKey`: answer every create with 401, as Replicate does to a wrong token. */
  const seen = { creates: [] as Create[], videoTypes: [] as (string | null)[], polls: 0, done: false, refuseKey: false };
  let output: Buffer | null = null;
  const server = createServer((req, res) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      if (req.method === 'POST' && req.url === '/v1/models/bytedance/latentsync/predictions') {
        const body = JSON.parse(Buffer.concat(chunks).toString()) as Create;
        seen.creates.push(body);
        if (seen.refuseKey) return res.writeHead(401, { 'content-type': 'application/json' }).end('{"detail":"Invalid token."}');
        seen.videoTypes.push((await fetch(body.input.video)).headers.get('content-type'));
        const speech = join(dir, 'fetched.wav');
        writeFileSync(speech, Buffer.from(await (await fetch(body.input.audio)).arrayBuffer()));
        const file = join(dir, 'p1.mp4');
        await lavfiClip(file, `color=c=magenta:s=320x240:r=25:d=${(await probeMedia(speech))!.durationSeconds!.toFixed(3)}`);
        output = readFileSync(file);
        return res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ id: 'p1', status: 'starting' }));
      }
      if (req.method === 'GET' && req.url === '/v1/predictions/p1') {
        seen.polls += 1;
        const body = seen.done
          ? { id: 'p1', status: 'succeeded', output: `${url}/out/p1.mp4`, metrics: { predict_time: predictTime } }
          : { id: 'p1', status: 'processing', output: null };
        return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      }
      if (req.url === '/out/p1.mp4' && output) return res.writeHead(200, { 'content-type': 'video/mp4' }).end(output);
      res.writeHead(404).end();
    })().catch((error: Error) => res.writeHead(500).end(error.message));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    seen,
    url,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
