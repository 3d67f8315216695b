import { webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';

const crypto = webcrypto as unknown as Crypto;
x509.cryptoProvider.set(crypto);

const P256 = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
const DAY_MS = 24 * 60 * 60 * 1000;
const TEN_YEARS_MS = 3653 * DAY_MS;
/** The EKU C2PA readers accept for a claim signer: document signing (RFC 9336). */
const DOCUMENT_SIGNING = '1.3.6.1.5.5.7.3.36';
const EMAIL_PROTECTION = '1.3.6.1.5.5.7.3.4';

/** A signing key (PKCS#8 PEM) and its certificate chain (PEM, signer first). */
export interface KeyAndChain {
  keyPem: string;
  certPem: string;
}

const toPem = (der: ArrayBuffer, label: string) => x509.PemConverter.encode(der, label);
const serial = () =>
  Buffer.from(crypto.getRandomValues(new Uint8Array(12)))
    .toString('hex')
    .replace(/^0/, '1');

/**
 * A P-256 signing key with a certificate issued by a root made for it alone. Readers refuse a self-signed
 * signer, so the chain has two links; neither is on the C2PA trust list ('valid but untrusted').
 */
export async function makeSelfIssued(operator: string, now = new Date()): Promise<KeyAndChain> {
  const notBefore = new Date(now.getTime() - DAY_MS);
  const notAfter = new Date(now.getTime() + TEN_YEARS_MS);
  const rootKeys = await crypto.subtle.generateKey(P256, true, ['sign', 'verify']);
  const root = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: serial(),
    name: `CN=${operator} self-issued root, O=${operator}`,
    notBefore,
    notAfter,
    keys: rootKeys,
    signingAlgorithm: P256,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(rootKeys.publicKey),
    ],
  });
  const keys = await crypto.subtle.generateKey(P256, true, ['sign', 'verify']);
  const signer = await x509.X509CertificateGenerator.create({
    serialNumber: serial(),
    subject: `CN=${operator} image signer, O=${operator}`,
    issuer: root.subject,
    notBefore,
    notAfter,
    publicKey: keys.publicKey,
    signingKey: rootKeys.privateKey,
    signingAlgorithm: P256,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([DOCUMENT_SIGNING, EMAIL_PROTECTION], false),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
      await x509.AuthorityKeyIdentifierExtension.create(rootKeys.publicKey),
    ],
  });
  const pkcs8 = await crypto.subtle.exportKey('pkcs8', keys.privateKey);
  return {
    keyPem: toPem(pkcs8, 'PRIVATE KEY'),
    certPem: `${signer.toString('pem')}\n${root.toString('pem')}\n`,
  };
}
