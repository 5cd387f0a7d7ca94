import type { S3Settings } from '../config';

/**
 * A client for an S3-compatible bucket (backups, uploads), through AWS's own SDK. The endpoint comes from the server's
 * environment, set by whoever runs it (like DATABASE_URL), never from a screen: it is trusted as configured and not put
 * through the outbound allow-list (core/outbound.ts), which guards destinations that staff type in — a MinIO on the
 * internal network is the usual case here.
 */
export function s3ClientOf(s: S3Settings, o: { requestTimeoutMs?: number } = {}): () => Promise<S3> {
  let made: Promise<S3> | undefined;
  // The SDK is loaded at the first use, not at the server's start (it is large, and most servers use no bucket).
  return () => (made ??= import('@aws-sdk/client-s3').then((sdk) => ({ sdk, client: newClient(sdk, s, o) })));
}

type Sdk = typeof import('@aws-sdk/client-s3');
export interface S3 {
  sdk: Sdk;
  client: InstanceType<Sdk['S3Client']>;
}

function newClient(sdk: Sdk, s: S3Settings, o: { requestTimeoutMs?: number }) {
  return new sdk.S3Client({
    region: s.region,
    endpoint: s.endpoint,
    // MinIO-like stores answer on one host with the bucket in the path; AWS itself uses bucket host names.
    forcePathStyle: !!s.endpoint,
    credentials: s.accessKeyId && s.secretAccessKey ? { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey } : undefined,
    // Checksums only where the API requires them: several S3-compatible stores refuse the newer default trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: 10_000, requestTimeout: o.requestTimeoutMs ?? 60_000 },
  });
}

/** The store answered that the object is not there. */
export const isS3NotFound = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } } | null;
  return !!e?.$metadata && (e.name === 'NoSuchKey' || e.$metadata.httpStatusCode === 404);
};
