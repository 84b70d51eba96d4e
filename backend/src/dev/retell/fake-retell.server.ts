import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';

export interface FakeRetellOptions {
  /** 0 picks a free port. */
  port?: number;
}

/** A failure the fake answers the next create-web-call requests with. */
export interface FakeRetellFailure {
  status: number;
  message: string;
  /** How many requests fail; afterwards calls succeed again. Default 1. */
  times?: number;
}

export interface FakeRetellCall {
  callId: string;
  agentId: string;
  accessToken: string;
}

export interface FakeRetell {
  /** For the SDK: `new Retell({ apiKey, baseURL: apiUrl })`. */
  apiUrl: string;
  apiKey: string;
  agentId: string;
  /** Web calls created so far, oldest first. */
  calls: readonly FakeRetellCall[];
  /** Makes the next create-web-call request(s) fail (also `POST /fake/fail` with this JSON). */
  fail(failure: FakeRetellFailure): void;
  stop(): Promise<void>;
}

const newId = () => randomBytes(16).toString('hex');

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

function readJson(request: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      try {
        resolve(text ? (JSON.parse(text) as unknown) : undefined);
      } catch {
        resolve(Symbol.for('invalid-json'));
      }
    });
    request.on('error', reject);
  });
}

/**
 * A stand-in for Retell's API, for tests: `POST /v3/create-web-call` (what `retell-sdk`'s
 * `call.createWebCall` sends) checks the bearer key and the agent id and answers a registered
 * web call with an access token, as Retell does. It can be told to fail, in process with
 * `fail()` or over HTTP with `POST /fake/fail` (the browser tests' server runs it in another
 * process). It listens on 127.0.0.1 only.
 */
export async function startFakeRetell(options: FakeRetellOptions = {}): Promise<FakeRetell> {
  const apiKey = `key_fake_${newId()}`;
  const agentId = `agent_fake_${newId().slice(0, 12)}`;
  const calls: FakeRetellCall[] = [];
  let failure: Required<FakeRetellFailure> | null = null;

  const fail = (next: FakeRetellFailure) => {
    failure = { times: 1, ...next };
  };

  async function createWebCall(request: IncomingMessage, response: ServerResponse) {
    if (request.headers.authorization !== `Bearer ${apiKey}`) {
      send(response, 401, { status: 'error', message: 'Unauthorized: invalid API key' });
      return;
    }
    const body = await readJson(request);
    if (failure) {
      const { status, message } = failure;
      failure = failure.times > 1 ? { ...failure, times: failure.times - 1 } : null;
      send(response, status, { status: 'error', message });
      return;
    }
    const agent =
      typeof body === 'object' && body !== null && 'agent_id' in body ? body.agent_id : undefined;
    if (typeof agent !== 'string' || !agent) {
      send(response, 400, { status: 'error', message: 'agent_id is required' });
      return;
    }
    if (agent !== agentId) {
      send(response, 404, { status: 'error', message: 'Agent not found' });
      return;
    }
    const call: FakeRetellCall = {
      callId: `call_${newId()}`,
      agentId,
      accessToken: `eyJ.fake.${newId()}`,
    };
    calls.push(call);
    send(response, 201, {
      call_type: 'web_call',
      access_token: call.accessToken,
      call_id: call.callId,
      agent_id: agentId,
      agent_version: 1,
      call_status: 'registered',
    });
  }

  const server = createServer((request, response) => {
    void (async () => {
      const path = new URL(request.url ?? '/', 'http://fake-retell').pathname;
      try {
        if (request.method === 'POST' && path === '/v3/create-web-call') {
          await createWebCall(request, response);
        } else if (request.method === 'POST' && path === '/fake/fail') {
          const body = (await readJson(request)) as Partial<FakeRetellFailure> | undefined;
          fail({
            status: Number(body?.status ?? 500),
            message: String(body?.message ?? 'Fake Retell failure'),
            times: Number(body?.times ?? 1),
          });
          send(response, 200, { ok: true });
        } else {
          send(response, 404, { status: 'error', message: `Not found: ${request.method} ${path}` });
        }
      } catch (error) {
        console.error('[fake-retell]', error);
        send(response, 500, { status: 'error', message: 'Fake Retell failed' });
      }
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });

  return {
    apiUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    apiKey,
    agentId,
    calls,
    fail,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
