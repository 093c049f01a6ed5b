// Who signs Kagami's Content Credentials: the operator's key and certificate (C2PA_SIGNING_KEY / C2PA_SIGNING_CERT, PEM
// text or a file's path), or else a private certificate authority and an ES256 signing certificate made on first start
// and kept in the data folder. A verifier outside trusts the private one only when told to; a certificate from a CA on
// the C2PA trust list is what public validators accept.
import { webcrypto, X509Certificate } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import 'reflect-metadata';
import * as x509 from '@peculiar/x509';

export type SigningIdentity = {
  /** The signing certificate first, then any intermediates. */
  chainPem: string;
  keyPem: string;
  /** The certificate authority this deployment trusts when it reads credentials (its own, when it made one). */
  anchorsPem: string | null;
  /** The signing certificate's serial number (hex, upper case): a manifest signed with it is this deployment's. */
  serial: string;
};

const EC = { name: 'ECDSA', namedCurve: 'P-256' };
const SIGNING = { name: 'ECDSA', hash: 'SHA-256' };
/** Extended key usages C2PA accepts for a claim signer: its own, document signing, e-mail protection. */
const SIGNER_USAGES = ['1.3.6.1.4.1.62558.2.1', '1.3.6.1.5.5.7.3.36', '1.3.6.1.5.5.7.3.4'];
const YEAR_MS = 365 * 86_400_000;

x509.cryptoProvider.set(webcrypto as Crypto);

const pemOf = (value: string) => (value.includes('-----BEGIN') ? value : readFileSync(value, 'utf8'));
const serialOf = (chainPem: string) => new X509Certificate(chainPem).serialNumber.toUpperCase();
const randomSerial = () => {
  const bytes = webcrypto.getRandomValues(new Uint8Array(16));
  bytes[0]! &= 0x7f;
  return Buffer.from(bytes).toString('hex');
};
const privatePem = async (key: CryptoKey) => x509.PemConverter.encode(await webcrypto.subtle.exportKey('pkcs8', key), 'PRIVATE KEY');

/** A private root and a signing certificate under it, valid for ten and two years. */
async function makeIdentity(dir: string) {
  const now = Date.now();
  const rootKeys = (await webcrypto.subtle.generateKey(EC, true, ['sign', 'verify'])) as CryptoKeyPair;
  const root = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: randomSerial(),
    name: 'CN=Kagami Content Credentials Root, O=Kagami',
    notBefore: new Date(now - 60_000),
    notAfter: new Date(now + 10 * YEAR_MS),
    signingAlgorithm: SIGNING,
    keys: rootKeys,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(rootKeys.publicKey),
    ],
  });
  const signerKeys = (await webcrypto.subtle.generateKey(EC, true, ['sign', 'verify'])) as CryptoKeyPair;
  const signer = await x509.X509CertificateGenerator.create({
    serialNumber: randomSerial(),
    subject: 'CN=Kagami Content Credentials, O=Kagami',
    issuer: root.subject,
    notBefore: new Date(now - 60_000),
    notAfter: new Date(now + 2 * YEAR_MS),
    signingAlgorithm: SIGNING,
    publicKey: signerKeys.publicKey,
    signingKey: rootKeys.privateKey,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension(SIGNER_USAGES, false),
      await x509.SubjectKeyIdentifierExtension.create(signerKeys.publicKey),
      await x509.AuthorityKeyIdentifierExtension.create(rootKeys.publicKey),
    ],
  });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'signer.pem'), `${signer.toString('pem')}\n`);
  writeFileSync(join(dir, 'signer.key'), await privatePem(signerKeys.privateKey), { mode: 0o600 });
  writeFileSync(join(dir, 'root.pem'), `${root.toString('pem')}\n`);
}

/**
 * The identity made once for an install whose processes share no data folder (media in a bucket): its PEMs kept as
 * one install secret, so the workers sign with the certificate the API trusts.
 */
export async function sharedSigningIdentity(
  keep: (make: () => Promise<string>) => Promise<string>,
  log: { warn: (message: string) => void },
): Promise<SigningIdentity> {
  const stored = await keep(async () => {
    const draft = mkdtempSync(join(tmpdir(), 'kagami-identity-'));
    try {
      await makeIdentity(draft);
      log.warn(
        'Content Credentials: made a private signing certificate, kept in the database; set C2PA_SIGNING_KEY and C2PA_SIGNING_CERT to sign with one from a CA on the C2PA trust list',
      );
      const [chainPem, keyPem, anchorsPem] = ['signer.pem', 'signer.key', 'root.pem'].map((file) =>
        readFileSync(join(draft, file), 'utf8'),
      );
      return JSON.stringify({ chainPem, keyPem, anchorsPem });
    } finally {
      rmSync(draft, { recursive: true, force: true });
    }
  });
  const { chainPem, keyPem, anchorsPem } = JSON.parse(stored) as { chainPem: string; keyPem: string; anchorsPem: string };
  return { chainPem, keyPem, anchorsPem, serial: serialOf(chainPem) };
}

/**
 * The configured identity, or the one kept in `dataDir/content-credentials/`, made on first use. Processes sharing the
 * data folder that start together keep the first one made: each makes its own aside and only one rename wins.
 */
export async function loadSigningIdentity(
  dataDir: string,
  configured: { key?: string; cert?: string },
  log: { warn: (message: string) => void },
): Promise<SigningIdentity> {
  if (configured.key && configured.cert) {
    const chainPem = pemOf(configured.cert);
    return { chainPem, keyPem: pemOf(configured.key), anchorsPem: null, serial: serialOf(chainPem) };
  }
  const dir = join(dataDir, 'content-credentials');
  if (!existsSync(join(dir, 'signer.key'))) {
    // A name of its own: processes in containers share process ids, and start within the same millisecond.
    mkdirSync(dataDir, { recursive: true });
    const draft = mkdtempSync(`${dir}.`);
    await makeIdentity(draft);
    try {
      renameSync(draft, dir);
      log.warn(
        `Content Credentials: made a private signing certificate in ${dir}; set C2PA_SIGNING_KEY and C2PA_SIGNING_CERT to sign with one from a CA on the C2PA trust list`,
      );
    } catch {
      rmSync(draft, { recursive: true, force: true });
    }
  }
  const chainPem = readFileSync(join(dir, 'signer.pem'), 'utf8');
  return {
    chainPem,
    keyPem: readFileSync(join(dir, 'signer.key'), 'utf8'),
    anchorsPem: readFileSync(join(dir, 'root.pem'), 'utf8'),
    serial: serialOf(chainPem),
  };
}
