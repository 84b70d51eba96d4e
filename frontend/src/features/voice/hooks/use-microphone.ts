import { useCallback, useEffect, useRef, useState } from 'react';
import { MICROPHONE_CONSTRAINTS, VOICE_AUDIO } from '../widget-constants';

/** The permission answer, remembered for the browser session (spec section 5). */
export const MIC_PERMISSION_KEY = 'rafter-voice-microphone';

const LEVEL_UPDATE_MS = 100;

async function permissionNowAllowed(): Promise<boolean> {
  try {
    const status = await navigator.permissions?.query({ name: 'microphone' as PermissionName });
    return status !== undefined && status.state !== 'denied';
  } catch {
    return false;
  }
}

/**
 * The microphone for a call: asks permission with the spec's capture settings (echo
 * cancellation, noise suppression, auto gain, mono), remembers a refusal for the session, and
 * measures the input level with an AnalyserNode for the level meter.
 */
export function useMicrophone() {
  const [level, setLevel] = useState<number | null>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const contextRef = useRef<AudioContext | null>(null);
  const frameRef = useRef<number | null>(null);

  const release = useCallback(() => {
    if (frameRef.current !== null) cancelAnimationFrame(frameRef.current);
    frameRef.current = null;
    for (const track of streamRef.current?.getTracks() ?? []) track.stop();
    streamRef.current = null;
    const context = contextRef.current;
    contextRef.current = null;
    if (context && context.state !== 'closed') void context.close().catch(() => {});
    setLevel(null);
  }, []);

  const measure = useCallback((stream: MediaStream) => {
    const AudioContextClass = window.AudioContext as typeof AudioContext | undefined;
    if (!AudioContextClass) return;
    const context = new AudioContextClass();
    const analyser = context.createAnalyser();
    analyser.fftSize = VOICE_AUDIO.fftSize;
    analyser.smoothingTimeConstant = VOICE_AUDIO.smoothingTimeConstant;
    context.createMediaStreamSource(stream).connect(analyser);
    contextRef.current = context;
    const bins = new Uint8Array(analyser.frequencyBinCount);
    let lastUpdate = 0;
    const tick = (now: number) => {
      analyser.getByteFrequencyData(bins);
      if (now - lastUpdate >= LEVEL_UPDATE_MS) {
        lastUpdate = now;
        let sum = 0;
        for (const value of bins) sum += value;
        // Speech fills few bins: scale the mean so normal talking reaches most of the meter.
        setLevel(Math.min(100, Math.round(((sum / bins.length) * 400) / 255)));
      }
      frameRef.current = requestAnimationFrame(tick);
    };
    setLevel(0);
    frameRef.current = requestAnimationFrame(tick);
  }, []);

  /** The microphone stream, or null when permission is refused (remembered for the session). */
  const request = useCallback(async (): Promise<MediaStream | null> => {
    release();
    if (
      sessionStorage.getItem(MIC_PERMISSION_KEY) === 'denied' &&
      !(await permissionNowAllowed())
    ) {
      return null;
    }
    if (!navigator.mediaDevices?.getUserMedia) return null;
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: { ...MICROPHONE_CONSTRAINTS } });
    } catch (error) {
      const refused =
        error instanceof DOMException &&
        (error.name === 'NotAllowedError' || error.name === 'SecurityError');
      if (refused) sessionStorage.setItem(MIC_PERMISSION_KEY, 'denied');
      return null;
    }
    sessionStorage.setItem(MIC_PERMISSION_KEY, 'granted');
    streamRef.current = stream;
    try {
      measure(stream);
    } catch {
      // No level meter where Web Audio fails; the call itself does not need it.
    }
    return stream;
  }, [measure, release]);

  useEffect(() => release, [release]);

  return { request, release, level };
}
