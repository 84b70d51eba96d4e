import { describe, expect, it, vi } from 'vitest';
import { io } from 'socket.io-client';
import { connectLeadSocket } from './socket';

vi.mock('socket.io-client', () => ({ io: vi.fn(() => ({})) }));

describe('connectLeadSocket', () => {
  it('connects over WebSocket only and sends the token current at each (re)connection', () => {
    let token: string | null = 'access-token-1';
    connectLeadSocket(() => token);

    const options = vi.mocked(io).mock.calls[0]?.[0] as unknown as {
      transports: string[];
      auth: (cb: (data: object) => void) => void;
    };
    expect(options.transports).toEqual(['websocket']);
    const sent: object[] = [];
    options.auth((data) => sent.push(data));
    token = 'access-token-2';
    options.auth((data) => sent.push(data));
    expect(sent).toEqual([{ token: 'access-token-1' }, { token: 'access-token-2' }]);
  });
});
