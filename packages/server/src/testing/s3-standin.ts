import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small S3-speaking server on 127.0.0.1 for tests (there is no outside network here): path-style PutObject,
 * GetObject, DeleteObject and ListObjectsV2 (with paging), objects kept in memory. Requests must be signed with the
 * given access key (the Credential of the SigV4 Authorization header), else 403 like S3.
 */
export interface S3StandIn {
  endpoint: string;
  objects: Map<string, { body: Buffer; modified: Date }>;
  requests: { method: string; path: string }[];
  close(): Promise<void>;
}

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Undoes aws-chunked framing ("<hex size>;chunk-signature=…\r\n<bytes>\r\n…0;…\r\n[trailers]\r\n"). */
function decodeAwsChunked(raw: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const eol = raw.indexOf('\r\n', at);
    if (eol < 0) throw new Error('bad aws-chunked body');
    const size = parseInt(raw.subarray(at, eol).toString('latin1').split(';')[0], 16);
    at = eol + 2;
    if (!size) return Buffer.concat(parts);
    parts.push(raw.subarray(at, at + size));
    at += size + 2;
  }
}

export async function startS3StandIn(o: { bucket: string; accessKeyId: string; pageSize?: number }): Promise<S3StandIn> {
  const objects = new Map<string, { body: Buffer; modified: Date }>();
  const requests: S3StandIn['requests'] = [];
  const pageSize = o.pageSize ?? 1000;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://s3.local');
      const [, bucket, ...rest] = url.pathname.split('/');
      const key = decodeURIComponent(rest.join('/'));
      requests.push({ method: req.method ?? '', path: url.pathname + url.search });
      const fail = (status: number, code: string) =>
        res
          .writeHead(status, { 'content-type': 'application/xml' })
          .end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`);
      if (!String(req.headers.authorization ?? '').includes(`Credential=${o.accessKeyId}/`)) return fail(403, 'AccessDenied');
      if (bucket !== o.bucket) return fail(404, 'NoSuchBucket');
      if (req.method === 'PUT' && key) {
        let body: Buffer = Buffer.concat(chunks);
        const sha = String(req.headers['x-amz-content-sha256'] ?? '');
        if (sha.startsWith('STREAMING-') || String(req.headers['content-encoding'] ?? '').includes('aws-chunked')) body = decodeAwsChunked(body);
        else if (/^[0-9a-f]{64}$/.test(sha) && crypto.createHash('sha256').update(body).digest('hex') !== sha) return fail(400, 'XAmzContentSHA256Mismatch');
        objects.set(key, { body, modified: new Date() });
        return res.writeHead(200, { etag: `"${crypto.createHash('md5').update(body).digest('hex')}"` }).end();
      }
      if (req.method === 'GET' && key) {
        const obj = objects.get(key);
        if (!obj) return fail(404, 'NoSuchKey');
        return res
          .writeHead(200, { 'content-type': 'application/gzip', 'content-length': obj.body.length, 'last-modified': obj.modified.toUTCString() })
          .end(obj.body);
      }
      if (req.method === 'DELETE' && key) {
        objects.delete(key);
        return res.writeHead(204).end();
      }
      if (req.method === 'GET' && url.searchParams.get('list-type') === '2') {
        const prefix = url.searchParams.get('prefix') ?? '';
        const after = url.searchParams.get('continuation-token') ?? '';
        const max = Math.min(pageSize, Number(url.searchParams.get('max-keys') ?? 1000));
        const keys = [...objects.keys()].filter((k) => k.startsWith(prefix) && k > after).sort();
        const page = keys.slice(0, max);
        const truncated = keys.length > page.length;
        const contents = page
          .map(
            (k) =>
              `<Contents><Key>${xml(k)}</Key><LastModified>${objects.get(k)!.modified.toISOString()}</LastModified><Size>${objects.get(k)!.body.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`,
          )
          .join('');
        return res
          .writeHead(200, { 'content-type': 'application/xml' })
          .end(
            `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${xml(bucket)}</Name><Prefix>${xml(prefix)}</Prefix>` +
              `<KeyCount>${page.length}</KeyCount><MaxKeys>${max}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${contents}` +
              (truncated ? `<NextContinuationToken>${xml(page[page.length - 1])}</NextContinuationToken>` : '') +
              '</ListBucketResult>',
          );
      }
      return fail(501, 'NotImplemented');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
