/**
 * An emulated network link for bench/cold-load.ts: a TCP proxy in front of each loopback server that
 * holds every byte back for half a round trip in each direction and, when asked, paces the bytes at
 * a downlink and an uplink rate shared by every connection (one access link, as a shopper has).
 *
 * Why not DevTools' `Network.emulateNetworkConditions`: it delays the response of each request as
 * DevTools sees it, so a CORS preflight and the request it clears share one delay, and it applies to
 * the page's own renderer only (the requests of a cross-origin frame, in another renderer, go
 * undelayed unless each frame gets its own session). A link below HTTP has neither gap: every
 * exchange on it, from any frame, preflights included, costs one round trip.
 *
 * What it does not model: connection set-up (the TCP handshake, and TLS on a real site, would add
 * one to two round trips per new connection; on loopback it costs nothing), TCP slow start, loss and
 * DNS. Data is forwarded as the kernel hands it over, downlink chunks cut into slices of one TCP
 * segment (1,460 bytes), each taking the link for `bytes × 8 / rate` before it travels (first in,
 * first out across connections). Until 2026-11-28 the slices were 16 KB: an answer of up to 16 KB
 * then reached the browser whole at its end (80 ms at 1.6 Mbit/s), where a real link hands over its
 * first segment at once (docs/performance.md § The floor ratio's bound).
 *
 * The proxy also logs every HTTP/1.1 exchange it carries, as the browser sees it: when the request's
 * first bytes left the browser and when the last bytes of its answer reached it (the next request on
 * a connection starts only after the previous answer ended: Chromium does not pipeline).
 */
import { createServer, connect, type Server, type Socket } from 'node:net';

/** Round trip and, optionally, the rates of the emulated link. */
export interface LinkConditions {
  rttMs: number;
  /** Downlink (server → browser) in kbit/s (1 kbit = 1,000 bits); null: unlimited. */
  downKbps: number | null;
  /** Uplink (browser → server) in kbit/s; null: unlimited. */
  upKbps: number | null;
}

/** One HTTP exchange on the link; times are epoch ms (`performance.timeOrigin + performance.now()`). */
export interface Exchange {
  /** `http://host:port` the browser asked (the request's Host header). */
  origin: string;
  method: string;
  path: string;
  /** The request's first bytes left the browser. */
  start: number;
  /** The last bytes of the answer reached the browser (null: no answer yet). */
  end: number | null;
  /** Bytes of the answer on the wire (headers and body, compressed if it was). */
  bytesDown: number;
}

const now = (): number => performance.timeOrigin + performance.now();
const REQUEST_LINE = /^([A-Z]+) (\S+) HTTP\/1\.[01]\r\n/;
/** Bytes a downlink chunk is cut into: one TCP segment of a 1,500-byte MTU. */
const SLICE = 1460;

/** One direction of one connection: chunks wait in order for their arrival time. */
class Pipe {
  private readonly queue: { at: number; chunk: Buffer }[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private ending = false;

  constructor(
    private readonly to: Socket,
    private readonly delivered: (chunk: Buffer, at: number) => void,
  ) {}

  push(at: number, chunk: Buffer): void {
    this.queue.push({ at, chunk });
    this.schedule();
  }

  /** Ends the far side once everything queued has arrived. */
  end(): void {
    this.ending = true;
    this.schedule();
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.queue.length = 0;
  }

  private schedule(): void {
    if (this.timer) return;
    const head = this.queue[0];
    if (!head) {
      if (this.ending && !this.to.destroyed) this.to.end();
      return;
    }
    this.timer = setTimeout(() => this.flush(), Math.max(0, head.at - now()));
  }

  private flush(): void {
    this.timer = null;
    const time = now();
    while (this.queue.length > 0 && (this.queue[0] as { at: number }).at <= time + 0.5) {
      const { chunk } = this.queue.shift() as { chunk: Buffer };
      if (!this.to.destroyed) this.to.write(chunk);
      this.delivered(chunk, now());
    }
    this.schedule();
  }
}

/** The link: its conditions (changed between loads), its proxies and the exchanges they carried. */
export class Link {
  conditions: LinkConditions = { rttMs: 0, downKbps: null, upKbps: null };
  readonly exchanges: Exchange[] = [];
  private downFreeAt = 0;
  private upFreeAt = 0;
  private readonly sockets = new Set<Socket>();
  private readonly servers: Server[] = [];

  /** Clears the log and the link's queue state, and sets the conditions of the next load. */
  reset(conditions: LinkConditions): void {
    this.conditions = conditions;
    this.exchanges.length = 0;
    this.downFreeAt = 0;
    this.upFreeAt = 0;
  }

  /** Closes every connection the link carries (between loads: no connection outlives its browser context). */
  dropConnections(): void {
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
  }

  /**
   * Listens on 127.0.0.1 (and on ::1 at the same port when it is free, so that `localhost` gets no
   * refused first attempt) and forwards to `targetPort()` on 127.0.0.1 through the link (asked per
   * connection: the target may start after its proxy). Returns the port.
   */
  async proxy(targetPort: () => number): Promise<number> {
    const handler = (client: Socket) => this.carry(client, targetPort());
    const first = createServer(handler);
    await new Promise<void>((resolveListen, reject) => {
      first.once('error', reject);
      first.listen(0, '127.0.0.1', () => resolveListen());
    });
    this.servers.push(first);
    const address = first.address();
    if (!address || typeof address === 'string') throw new Error('the link proxy has no port');
    const second = createServer(handler);
    await new Promise<void>((resolveListen) => {
      second.once('error', () => resolveListen()); // ::1 missing or the port taken there: 127.0.0.1 alone
      second.listen(address.port, '::1', () => {
        this.servers.push(second);
        resolveListen();
      });
    });
    return address.port;
  }

  /** Stops listening and drops every connection. */
  async close(): Promise<void> {
    this.dropConnections();
    await Promise.all(this.servers.map((server) => new Promise<void>((resolveClose) => server.close(() => resolveClose()))));
  }

  /** When a chunk sent now arrives on the far side: after the link is free and has carried it, plus half a round trip. */
  private arrival(bytes: number, direction: 'up' | 'down'): number {
    const time = now();
    const kbps = direction === 'up' ? this.conditions.upKbps : this.conditions.downKbps;
    const transmit = kbps === null ? 0 : (bytes * 8) / kbps; // kbit/s = bits per ms
    const free = direction === 'up' ? this.upFreeAt : this.downFreeAt;
    const leaves = Math.max(time, free) + transmit;
    if (direction === 'up') this.upFreeAt = leaves;
    else this.downFreeAt = leaves;
    return leaves + this.conditions.rttMs / 2;
  }

  private carry(client: Socket, targetPort: number): void {
    const server = connect(targetPort, '127.0.0.1');
    client.setNoDelay(true);
    server.setNoDelay(true);
    this.sockets.add(client);
    this.sockets.add(server);
    let current: Exchange | null = null;
    const up = new Pipe(server, () => undefined);
    const down = new Pipe(client, (chunk, at) => {
      if (!current) return;
      current.end = at;
      current.bytesDown += chunk.length;
    });
    client.on('data', (chunk: Buffer) => {
      const line = REQUEST_LINE.exec(chunk.toString('latin1', 0, Math.min(chunk.length, 2048)));
      if (line) {
        const host = /\r\nhost: *([^\r\n]+)/i.exec(chunk.toString('latin1', 0, Math.min(chunk.length, 8192)))?.[1] ?? '?';
        current = { origin: `http://${host}`, method: line[1] as string, path: line[2] as string, start: now(), end: null, bytesDown: 0 };
        this.exchanges.push(current);
      }
      up.push(this.arrival(chunk.length, 'up'), chunk);
    });
    server.on('data', (chunk: Buffer) => {
      // in slices, so that a large answer streams in at the link's rate instead of arriving whole
      for (let offset = 0; offset < chunk.length; offset += SLICE) {
        const slice = chunk.subarray(offset, offset + SLICE);
        down.push(this.arrival(slice.length, 'down'), slice);
      }
    });
    client.on('end', () => up.end());
    server.on('end', () => down.end());
    const closeBoth = () => {
      up.close();
      down.close();
      client.destroy();
      server.destroy();
      this.sockets.delete(client);
      this.sockets.delete(server);
    };
    client.on('error', closeBoth);
    server.on('error', closeBoth);
    // the browser dropped the connection: nothing more can reach it (the server's own end is passed
    // on by its pipe, once the answer queued before it has arrived)
    client.on('close', closeBoth);
  }
}
