import { WEBHOOK_EXCERPT_MAX } from '@rafter/domain/webhooks';
import http from 'node:http';
import https from 'node:https';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';

/** Bytes of a receiver's answer read at most; the rest is not waited for. */
const RESPONSE_READ_MAX = 64 * 1024;

export interface WebhookSenderOptions {
  /** Let deliveries reach loopback addresses (development and tests only; never production). */
  allowLoopback: boolean;
  timeoutMs: number;
  /** Sockets kept open per receiver, so a busy endpoint is not re-connected for every event. */
  maxSockets: number;
}

export interface WebhookResponse {
  /** Null when no answer came: refused address, connection error, timeout. */
  statusCode: number | null;
  ok: boolean;
  durationMs: number;
  error: string | null;
  responseExcerpt: string | null;
}

/**
 * Sends one webhook POST. Every address a host resolves to is checked by request-filtering-agent
 * when the socket connects (private, loopback, link-local, metadata and other reserved ranges are
 * refused), and the connection uses the address that was checked. Redirects are not followed (a
 * 3xx is a failed attempt), only a 2xx within the timeout counts, and at most 2 KB of the answer
 * is kept.
 */
export class WebhookSender {
  private readonly httpAgent: RequestFilteringHttpAgent;
  private readonly httpsAgent: RequestFilteringHttpsAgent;

  constructor(private readonly options: WebhookSenderOptions) {
    const filter = {
      allowPrivateIPAddress: false,
      allowMetaIPAddress: false,
      allowIPAddressList: options.allowLoopback ? ['127.0.0.0/8', '::1/128'] : [],
      keepAlive: true,
      maxSockets: options.maxSockets,
    };
    this.httpAgent = new RequestFilteringHttpAgent(filter);
    this.httpsAgent = new RequestFilteringHttpsAgent(filter);
  }

  async post(url: string, headers: Record<string, string>, body: string): Promise<WebhookResponse> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return failure(elapsed(), 'Invalid URL');
    }
    const secure = target.protocol === 'https:';
    if (!secure && target.protocol !== 'http:') return failure(elapsed(), 'Unsupported protocol');
    return this.send(target, secure, headers, body, elapsed, true);
  }

  private send(
    target: URL,
    secure: boolean,
    headers: Record<string, string>,
    body: string,
    elapsed: () => number,
    mayResend: boolean,
  ): Promise<WebhookResponse> {
    return new Promise<WebhookResponse>((resolve) => {
      let settled = false;
      const finish = (result: WebhookResponse | Promise<WebhookResponse>) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(result);
      };
      const request = (secure ? https : http).request(target, {
        method: 'POST',
        agent: secure ? this.httpsAgent : this.httpAgent,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'Rafter-Webhooks/1.0',
        },
      });
      const timer = setTimeout(() => {
        request.destroy(new Error(`No answer within ${this.options.timeoutMs} ms`));
      }, this.options.timeoutMs);
      let answered = false;
      request.on('error', (error) => {
        const code = (error as NodeJS.ErrnoException).code;
        // A kept-alive socket the receiver closed as it was reused (its idle timeout, 5 s in
        // Node's HTTP server, against a first retry 4-6 s later), failing before any answer: sent
        // once more on a new connection rather than counted as a failed attempt. Node's own
        // documented remedy (`request.reusedSocket`); the receiver dedupes by webhook-id.
        if (
          mayResend &&
          !answered &&
          request.reusedSocket &&
          (code === 'ECONNRESET' || code === 'EPIPE')
        ) {
          finish(this.send(target, secure, headers, body, elapsed, false));
          return;
        }
        finish(failure(elapsed(), describe(error)));
      });
      request.on('response', (response) => {
        answered = true;
        const status = response.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let read = 0;
        const done = () => {
          const text = Buffer.concat(chunks).toString('utf8').slice(0, WEBHOOK_EXCERPT_MAX);
          const ok = status >= 200 && status < 300;
          finish({
            statusCode: status,
            ok,
            durationMs: elapsed(),
            error: ok
              ? null
              : status >= 300 && status < 400
                ? `Redirect to ${response.headers.location ?? '(none)'} not followed`
                : `HTTP ${status}`,
            responseExcerpt: text,
          });
        };
        response.on('data', (chunk: Buffer) => {
          if (read < RESPONSE_READ_MAX) chunks.push(chunk);
          read += chunk.length;
          if (read >= RESPONSE_READ_MAX) {
            response.destroy();
            done();
          }
        });
        response.on('end', done);
        response.on('error', done);
      });
      request.end(body);
    });
  }

  close(): void {
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }
}

function failure(durationMs: number, error: string): WebhookResponse {
  return { statusCode: null, ok: false, durationMs, error, responseExcerpt: null };
}

/** The error as the delivery log shows it: the refused address, the timeout, the socket error. */
function describe(error: Error): string {
  const code = (error as NodeJS.ErrnoException).code;
  const text = error.message.slice(0, 300);
  return code && !text.includes(code) ? `${code}: ${text}` : text;
}
