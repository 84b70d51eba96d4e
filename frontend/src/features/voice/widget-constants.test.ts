import { describe, expect, it } from 'vitest';
import { ASSISTANT_NAME } from '@rafter/domain/assistant';
import {
  callFailedMessage,
  microphoneRequiredMessage,
  MICROPHONE_CONSTRAINTS,
  NUDGE_MESSAGES,
  nudgeMessage,
  VOICE_AUDIO,
  VOICE_ERRORS,
  VOICE_MOBILE_BREAKPOINT_PX,
  VOICE_TIMERS,
} from './widget-constants';

describe('voice widget constants', () => {
  it('uses the spec timers, audio analysis, breakpoint and capture settings', () => {
    expect(VOICE_TIMERS).toEqual({
      nudgeIntervalMs: 8000,
      nudgeVisibleMs: 4000,
      serverLeaveHangupMs: 500,
    });
    expect(VOICE_AUDIO).toEqual({ fftSize: 2048, smoothingTimeConstant: 0.8 });
    expect(VOICE_MOBILE_BREAKPOINT_PX).toBe(768);
    expect(MICROPHONE_CONSTRAINTS).toEqual({
      echoCancellation: true,
      noiseSuppression: true,
      autoGainControl: true,
      channelCount: 1,
    });
  });

  it('has five distinct nudges and cycles through them', () => {
    expect(NUDGE_MESSAGES).toHaveLength(5);
    expect(new Set(NUDGE_MESSAGES).size).toBe(5);
    expect([0, 1, 2, 3, 4, 5, 6].map(nudgeMessage)).toEqual([
      ...NUDGE_MESSAGES,
      NUDGE_MESSAGES[0],
      NUDGE_MESSAGES[1],
    ]);
    expect(NUDGE_MESSAGES.join(' ')).toContain('QUOTE20');
  });

  it('words the errors exactly as the spec does', () => {
    expect(microphoneRequiredMessage()).toBe(
      `Microphone permission is required to talk to ${ASSISTANT_NAME}`,
    );
    expect(microphoneRequiredMessage('Sam')).toBe(
      'Microphone permission is required to talk to Sam',
    );
    expect(callFailedMessage('Network down')).toBe('Call failed: Network down');
    expect(VOICE_ERRORS).toEqual({
      demoCallFailed: 'Failed to start demo call',
      initializeFailed: 'Failed to initialize voice call. Please try again.',
      connectFailed: 'Failed to connect. Please try again.',
      errorStartingCall: 'Error starting call',
    });
  });
});
