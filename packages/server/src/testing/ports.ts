import net from 'node:net';
import path from 'node:path';
import { SERVER_DIR } from '../paths';

/** A TCP port nobody listens on right now, for a server a test starts in a process of its own. */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

/**
 * The server as `npm start` runs it, for a test that starts one in a process of its own: built JavaScript (made fresh
 * by the tests' global setup), which starts in about a second where tsx compiled the sources for ten or more.
 */
export const BUILT_SERVER = path.join(SERVER_DIR, 'dist/main.mjs');
