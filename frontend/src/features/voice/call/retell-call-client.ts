import { RetellWebClient } from 'retell-client-js-sdk';
import type { VoiceCallClient, VoiceCallEvent, VoiceCallEvents } from './voice-call-client';

/** The part of LiveKit's Room the adapter listens to (the SDK keeps the room private). */
interface RoomLike {
  on(event: 'participantDisconnected', listener: (participant: { identity: string }) => void): void;
}

/**
 * Retell's web client behind VoiceCallClient. The SDK does not report participants leaving, so
 * after joining the adapter listens on its LiveKit room for the agent ('server') leaving: the
 * widget then hangs up (spec section 4).
 */
export class RetellCallClient implements VoiceCallClient {
  private readonly client = new RetellWebClient();
  private readonly leftListeners = new Set<(participant: { identity: string }) => void>();

  async startCall(config: { accessToken: string }): Promise<void> {
    await this.client.startCall({ accessToken: config.accessToken });
    const room = (this.client as unknown as { room?: RoomLike }).room;
    room?.on('participantDisconnected', (participant) => {
      for (const listener of this.leftListeners) listener({ identity: participant.identity });
    });
  }

  stopCall(): void {
    this.client.stopCall();
  }

  startAudioPlayback(): Promise<void> {
    return this.client.startAudioPlayback();
  }

  on<E extends VoiceCallEvent>(
    event: E,
    listener: (...args: VoiceCallEvents[E]) => void,
  ): () => void {
    if (event === 'participant_left') {
      const left = listener as (participant: { identity: string }) => void;
      this.leftListeners.add(left);
      return () => this.leftListeners.delete(left);
    }
    const handler = listener as (...args: unknown[]) => void;
    this.client.on(event, handler);
    return () => {
      this.client.off(event, handler);
    };
  }
}
