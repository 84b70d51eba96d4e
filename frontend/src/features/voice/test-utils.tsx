import { vi } from 'vitest';
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { theme } from '../../theme/theme';
import type { VoiceCallClient, VoiceCallEvent, VoiceCallEvents } from './call/voice-call-client';
import VoiceAssistantWidget from './components/VoiceAssistantWidget';

/** A voice client the test drives: it records calls and emits whatever the test says. */
export class ScriptedClient implements VoiceCallClient {
  readonly listeners = new Map<VoiceCallEvent, Set<(...args: never[]) => void>>();
  readonly startCall = vi.fn(async (_config: { accessToken: string }) => {});
  readonly stopCall = vi.fn(() => {});
  readonly startAudioPlayback = vi.fn(async () => {});

  on<E extends VoiceCallEvent>(event: E, listener: (...args: VoiceCallEvents[E]) => void) {
    const set = this.listeners.get(event) ?? new Set();
    set.add(listener as (...args: never[]) => void);
    this.listeners.set(event, set);
    return () => set.delete(listener as (...args: never[]) => void);
  }

  emit<E extends VoiceCallEvent>(event: E, ...args: VoiceCallEvents[E]) {
    for (const listener of this.listeners.get(event) ?? []) {
      (listener as (...values: VoiceCallEvents[E]) => void)(...args);
    }
  }

  listenerCount(): number {
    return [...this.listeners.values()].reduce((sum, set) => sum + set.size, 0);
  }
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/**
 * fetch for the widget's two endpoints: GET /api/voice says `provider`, POST /api/demo-call
 * answers `demoCall` (a token by default).
 */
export function stubApi(
  options: { provider?: 'retell' | 'built-in'; demoCall?: () => Response } = {},
) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = String(input);
    if (url === '/api/voice') {
      return jsonResponse(200, { provider: options.provider ?? 'retell', assistantName: 'Riley' });
    }
    if (url === '/api/demo-call') {
      return options.demoCall?.() ?? jsonResponse(200, { success: true, access_token: 'tok_1' });
    }
    return jsonResponse(404, { error: 'Not found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export interface FakeTrack {
  stop: ReturnType<typeof vi.fn>;
}

/** navigator.mediaDevices.getUserMedia that grants a stream (or refuses with `error`). */
export function stubMicrophone(error?: DOMException) {
  const track: FakeTrack = { stop: vi.fn() };
  const stream = { getTracks: () => [track] } as unknown as MediaStream;
  const getUserMedia = vi.fn(async () => {
    if (error) throw error;
    return stream;
  });
  Object.defineProperty(navigator, 'mediaDevices', {
    value: { getUserMedia },
    configurable: true,
  });
  return { getUserMedia, track };
}

/** The page's auth dialog as the widget sees it: whether it shows, and how to open it. */
interface AuthDialogControls {
  open: (mode: 'signup') => void;
  isOpen: boolean;
}

export function renderWidget(dialog: Partial<AuthDialogControls> = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const controls: AuthDialogControls = {
    open: vi.fn(),
    isOpen: false,
    ...dialog,
  };
  const tree = (value: AuthDialogControls): ReactNode => (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <VoiceAssistantWidget authDialogOpen={value.isOpen} onSignup={() => value.open('signup')} />
      </ThemeProvider>
    </QueryClientProvider>
  );
  const view = render(tree(controls));
  const rerenderDialog = (next: Partial<AuthDialogControls>) =>
    view.rerender(tree({ ...controls, ...next }));
  return { ...view, controls, rerenderDialog };
}
