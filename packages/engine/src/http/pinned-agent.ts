import { connect as connectTcp, isIP, type Socket } from 'node:net';
import { connect as connectTls } from 'node:tls';
import { Agent } from 'undici';
import type { CheckedTarget } from './types.js';

/**
 * An undici dispatcher whose every connection goes to the checked address: no second DNS lookup
 * can send it elsewhere. TLS still names (SNI) and verifies the certificate for the URL's host.
 */
export function pinnedAgent(target: CheckedTarget, connectTimeoutMs: number): Agent {
  return new Agent({
    connections: 1,
    pipelining: 0,
    connect: (options, callback) => {
      const secure = options.protocol === 'https:';
      const port = target.port;
      let socket: Socket;
      if (secure) {
        socket = connectTls({
          host: target.address,
          port,
          ALPNProtocols: ['http/1.1'],
          // SNI may not carry an IP address; the certificate is then checked against the IP itself.
          ...(isIP(target.hostname) === 0 ? { servername: target.hostname } : {}),
        });
      } else {
        socket = connectTcp({ host: target.address, port });
      }
      const timer = setTimeout(() => socket.destroy(new Error(`connect timed out after ${connectTimeoutMs} ms`)), connectTimeoutMs);
      const onError = (error: Error): void => {
        clearTimeout(timer);
        callback(error, null);
      };
      socket.once('error', onError);
      socket.once(secure ? 'secureConnect' : 'connect', () => {
        clearTimeout(timer);
        socket.off('error', onError);
        callback(null, socket);
      });
      return socket;
    },
  });
}
