// Content Credentials in a child process of its own: @contentauth/c2pa-wasm (c2pa-rs built for the web) signs and
// reads C2PA manifests. Its WebAssembly memory keeps its peak for the life of the process (about five times the
// file), so each file gets a fresh process that gives the memory back when it ends.
//
// One message in: { op: 'sign', input, output, manifest, chainPem, keyPem, anchorsPem } or { op: 'read', file,
// anchorsPem }; one message out: { ok: true, ... } or { ok: false, error }.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createPrivateKey, sign as signBytes, X509Certificate } from 'node:crypto';
import { initSync, WasmBuilder, WasmReader } from '@contentauth/c2pa-wasm';

const require = createRequire(import.meta.url);
initSync({ module: readFileSync(require.resolve('@contentauth/c2pa-wasm/c2pa.wasm')) });

// The builder reads its source through FileReaderSync, which only browsers' workers have: a Buffer-backed stand-in
// of a Blob (the wasm calls only size and slice) and a FileReaderSync that returns its bytes.
const BYTES = Symbol('bytes');
const blobOf = (view) => ({
  [BYTES]: view,
  size: view.byteLength,
  type: '',
  slice: (start = 0, end = view.byteLength) => blobOf(view.subarray(Math.max(0, start), Math.min(view.byteLength, end))),
});
globalThis.FileReaderSync ??= class {
  readAsArrayBuffer(blob) {
    const view = blob[BYTES];
    return view.buffer.slice(view.byteOffset, view.byteOffset + view.byteLength);
  }
};

// The little CBOR (RFC 8949) a COSE_Sign1 needs: integers, text, bytes, arrays, maps, tags, null.
class Tagged {
  constructor(tag, value) {
    this.tag = tag;
    this.value = value;
  }
}
function head(major, n) {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
  if (n < 0x10000) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(n, 1);
  return b;
}
function cbor(value) {
  if (value === null) return Buffer.from([0xf6]);
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const text = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, text.length), text]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(cbor)]);
  if (value instanceof Map) return Buffer.concat([head(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)])]);
  if (value instanceof Tagged) return Buffer.concat([head(6, value.tag), cbor(value.value)]);
  throw new Error(`no CBOR for ${typeof value}`);
}

const derCertificates = (pem) =>
  [...pem.matchAll(/-----BEGIN CERTIFICATE-----([\s\S]+?)-----END CERTIFICATE-----/g)].map((m) =>
    Buffer.from(m[1].replace(/\s+/g, ''), 'base64'),
  );

/**
 * The signer the builder calls with the claim: it must answer a whole tagged COSE_Sign1 (ES256, the certificate chain
 * in its protected header, the payload detached), padded to exactly the size reserved for it in the file.
 */
function coseSigner(chainPem, keyPem) {
  const chain = derCertificates(chainPem);
  const key = createPrivateKey(keyPem);
  if (!new X509Certificate(chain[0]).checkPrivateKey(key)) throw new Error('the signing key does not match the certificate');
  const protectedHeader = cbor(
    new Map([
      [1, -7],
      [33, chain.length === 1 ? chain[0] : chain],
    ]),
  );
  const reserveSize = protectedHeader.length + 1024;
  const sign1 = (signature, pad) => cbor(new Tagged(18, [protectedHeader, new Map([['pad', new Uint8Array(pad)]]), null, signature]));
  return {
    alg: 'es256',
    reserveSize,
    sign: async (claim) => {
      const signed = cbor(['Signature1', protectedHeader, new Uint8Array(0), Buffer.from(claim)]);
      const signature = signBytes('sha256', signed, { key, dsaEncoding: 'ieee-p1363' });
      // The padding's own length header grows at 24 and 256 bytes: try the sizes around the target.
      for (let pad = Math.max(0, reserveSize - sign1(signature, 0).length - 4); pad <= reserveSize; pad += 1) {
        const whole = sign1(signature, pad);
        if (whole.length === reserveSize) return new Uint8Array(whole);
        if (whole.length > reserveSize) break;
      }
      throw new Error('the signature does not fit the room reserved for it');
    },
  };
}

/** c2pa-rs settings: our own certificate authority trusted, the signing EKUs C2PA names accepted, nothing fetched. */
const settings = (anchorsPem) =>
  JSON.stringify({
    verify: { ocsp_fetch: false, remote_manifest_fetch: false },
    trust: {
      trust_config: ['1.3.6.1.5.5.7.3.36', '1.3.6.1.4.1.62558.2.1', '1.3.6.1.5.5.7.3.4'].join('\n') + '\n',
      ...(anchorsPem ? { user_anchors: anchorsPem } : {}),
    },
  });

async function sign({ input, output, manifest, chainPem, keyPem, anchorsPem }) {
  const builder = WasmBuilder.fromJson(JSON.stringify(manifest), settings(anchorsPem));
  const signed = await builder.sign(coseSigner(chainPem, keyPem), [], 'video/mp4', blobOf(new Uint8Array(readFileSync(input))));
  builder.free();
  writeFileSync(output, signed);
  return {};
}

async function read({ file, anchorsPem }) {
  let reader;
  try {
    reader = await WasmReader.fromBytes('video/mp4', new Uint8Array(readFileSync(file)), settings(anchorsPem));
  } catch (error) {
    // No manifest at all (JumbfNotFound), or none that can be parsed.
    return { manifest: null, problem: String(error?.message ?? error) };
  }
  const store = JSON.parse(reader.json());
  const report = JSON.parse(reader.crJson());
  reader.free();
  const active = store.manifests[store.active_manifest];
  const signer = report.manifests?.find((m) => m.label === store.active_manifest)?.signature?.certificateInfo ?? null;
  return {
    manifest: {
      claimGenerator: active.claim_generator_info ?? null,
      assertions: active.assertions.map((a) => ({ label: a.label, data: a.data })),
      signer,
      signedAt: active.signature_info?.time ?? null,
    },
    state: store.validation_state,
    failures: (store.validation_results?.activeManifest?.failure ?? []).map((f) => f.code),
  };
}

process.once('message', async (message) => {
  try {
    const answer = message.op === 'sign' ? await sign(message) : await read(message);
    process.send({ ok: true, ...answer }, () => process.exit(0));
  } catch (error) {
    process.send({ ok: false, error: String(error?.message ?? error) }, () => process.exit(0));
  }
});
