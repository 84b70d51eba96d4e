import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NUDGE_MESSAGES } from './widget-constants';
import { announceDemoInteraction } from '../../lib/demo-interaction';
import { MIC_PERMISSION_KEY } from './hooks/use-microphone';
import { jsonResponse, renderWidget, ScriptedClient, stubApi, stubMicrophone } from './test-utils';

const OPEN = /Talk to Riley/;

function useClient(client: ScriptedClient) {
  const factory = vi.fn(() => client);
  window.__rafterVoiceClientFactory = factory;
  return factory;
}

async function openPanel() {
  fireEvent.click(screen.getByRole('button', { name: OPEN }));
  return screen.findByRole('region', { name: 'Riley' });
}

async function startCall() {
  const panel = await openPanel();
  fireEvent.click(within(panel).getByRole('button', { name: 'Start Call' }));
  return panel;
}

afterEach(() => {
  delete window.__rafterVoiceClientFactory;
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('voice widget nudges', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    stubApi();
  });

  const nudge = () => screen.queryByRole('note', { name: 'Message from Riley' });
  const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

  it('shows a bubble every 8 s for 4 s, cycling through the five messages', () => {
    renderWidget();

    advance(7999);
    expect(nudge()).toBeNull();
    for (const message of [...NUDGE_MESSAGES, NUDGE_MESSAGES[0]]) {
      advance(1);
      expect(nudge()).toHaveTextContent(message!);
      advance(3999);
      expect(nudge()).not.toBeNull();
      advance(1);
      expect(nudge()).toBeNull();
      advance(3999);
    }
  });

  it('stops for good when the demo calculator is used', () => {
    renderWidget();
    advance(8000);
    expect(nudge()).not.toBeNull();

    act(() => announceDemoInteraction());
    expect(nudge()).toBeNull();
    advance(60_000);
    expect(nudge()).toBeNull();
  });

  it('stops once the widget is opened, even after it closes again', () => {
    renderWidget();
    fireEvent.click(screen.getByRole('button', { name: OPEN }));
    // The round button closes the panel too (before the panel's own code has even loaded).
    fireEvent.click(screen.getByRole('button', { name: OPEN }));

    advance(60_000);
    expect(nudge()).toBeNull();
  });

  it('pauses while the auth dialog is open', () => {
    const view = renderWidget({ isOpen: true });
    advance(20_000);
    expect(nudge()).toBeNull();

    view.rerenderDialog({ isOpen: false });
    advance(8000);
    expect(nudge()).toHaveTextContent(NUDGE_MESSAGES[0]!);
  });
});

describe('voice widget layout while the auth dialog is open', () => {
  beforeEach(() => {
    stubApi();
  });

  function stubWidth(width: number) {
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => {
        const max = /max-width:\s*([\d.]+)px/.exec(query);
        return {
          matches: max ? width <= Number(max[1]) : false,
          media: query,
          addEventListener: vi.fn(),
          removeEventListener: vi.fn(),
          addListener: vi.fn(),
          removeListener: vi.fn(),
          onchange: null,
          dispatchEvent: vi.fn(),
        };
      }),
    );
  }

  it('is dimmed and inert on wide screens', () => {
    stubWidth(1024);
    renderWidget({ isOpen: true });
    const widget = screen.getByTestId('voice-assistant');

    expect(widget).toHaveAttribute('inert');
    expect(widget).toBeVisible();
    expect(widget).toHaveStyle({ opacity: '0.4' });
  });

  it('is hidden under 768 px', () => {
    stubWidth(767);
    renderWidget({ isOpen: true });

    expect(screen.getByTestId('voice-assistant')).not.toBeVisible();
  });

  it('is usable when the dialog is closed', () => {
    stubWidth(375);
    renderWidget();
    const widget = screen.getByTestId('voice-assistant');

    expect(widget).toBeVisible();
    expect(widget).not.toHaveAttribute('inert');
  });
});

describe('voice call state machine', () => {
  it('goes idle → connecting → connected → ended against a scripted client', async () => {
    const fetchMock = stubApi();
    const { getUserMedia, track } = stubMicrophone();
    const client = new ScriptedClient();
    let join!: () => void;
    client.startCall.mockImplementation(() => new Promise<void>((resolve) => (join = resolve)));
    const factory = useClient(client);
    renderWidget();

    const panel = await startCall();
    const connecting = await within(panel).findByRole('button', { name: 'Connecting...' });
    expect(connecting).toBeDisabled();
    await waitFor(() => expect(client.startCall).toHaveBeenCalledWith({ accessToken: 'tok_1' }));
    expect(factory).toHaveBeenCalledWith('retell');
    expect(getUserMedia).toHaveBeenCalledWith({
      audio: {
        echoCancellation: true,
        noiseSuppression: true,
        autoGainControl: true,
        channelCount: 1,
      },
    });
    const demoCall = fetchMock.mock.calls.find(([url]) => url === '/api/demo-call');
    expect(demoCall?.[1]).toMatchObject({
      method: 'POST',
      headers: expect.objectContaining({ 'Content-Type': 'application/json' }),
    });

    act(() => client.emit('call_started'));
    await act(async () => join());
    expect(within(panel).getByRole('status')).toHaveTextContent('Connected');
    expect(within(panel).getByRole('button', { name: 'End Call' })).toBeEnabled();
    expect(client.startAudioPlayback).toHaveBeenCalled();

    act(() => client.emit('agent_start_talking'));
    expect(within(panel).getByRole('status')).toHaveTextContent('Riley is speaking');
    act(() =>
      client.emit('update', {
        event_type: 'update',
        transcript: [
          { role: 'agent', content: 'Hi, this is Riley on the line.' },
          { role: 'user', content: 'What does Smart cost?' },
        ],
      }),
    );
    const log = within(panel).getByRole('log', { name: 'Conversation' });
    expect(log).toHaveTextContent('Hi, this is Riley on the line.');
    expect(log).toHaveTextContent('What does Smart cost?');
    act(() => client.emit('agent_stop_talking'));
    expect(within(panel).getByRole('status')).toHaveTextContent('Listening');

    act(() => client.emit('call_ended'));
    expect(screen.queryByRole('region', { name: 'Riley' })).toBeNull();
    expect(track.stop).toHaveBeenCalled();
    expect(client.listenerCount()).toBe(0);

    // The call's transcript stays in the conversation.
    const reopened = await openPanel();
    expect(within(reopened).getByRole('log')).toHaveTextContent('What does Smart cost?');
    expect(within(reopened).getByRole('button', { name: 'Start Call' })).toBeEnabled();
  });

  it('hangs up with End Call', async () => {
    stubApi();
    stubMicrophone();
    const client = new ScriptedClient();
    useClient(client);
    renderWidget();

    const panel = await startCall();
    await waitFor(() => expect(client.startCall).toHaveBeenCalled());
    act(() => client.emit('call_started'));
    fireEvent.click(await within(panel).findByRole('button', { name: 'End Call' }));

    expect(client.stopCall).toHaveBeenCalled();
    expect(screen.queryByRole('region', { name: 'Riley' })).toBeNull();
    expect(screen.getByRole('button', { name: OPEN })).toHaveFocus();
  });

  it('keeps a call and its transcript when the panel is closed, the button pulsing meanwhile', async () => {
    stubApi();
    stubMicrophone();
    const client = new ScriptedClient();
    useClient(client);
    renderWidget();
    const button = screen.getByRole('button', { name: OPEN });
    expect(button.className).not.toMatch(/pulse/);

    const panel = await startCall();
    await waitFor(() => expect(client.startCall).toHaveBeenCalled());
    act(() => client.emit('call_started'));
    act(() =>
      client.emit('update', {
        event_type: 'update',
        transcript: [{ role: 'agent', content: 'Happy to walk you through the plans.' }],
      }),
    );
    await waitFor(() => expect(button.className).toMatch(/pulse/));

    fireEvent.keyDown(panel, { key: 'Escape' });
    expect(screen.queryByRole('region', { name: 'Riley' })).toBeNull();
    expect(client.stopCall).not.toHaveBeenCalled();
    expect(button.className).toMatch(/pulse/);

    const reopened = await openPanel();
    expect(within(reopened).getByRole('status')).toHaveTextContent('Connected');
    expect(within(reopened).getByRole('log')).toHaveTextContent(
      'Happy to walk you through the plans.',
    );
    fireEvent.click(within(reopened).getByRole('button', { name: 'End Call' }));
    act(() => client.emit('call_ended'));
    await waitFor(() => expect(button.className).not.toMatch(/pulse/));
  });

  it('ends the call 0.5 s after the server participant leaves', async () => {
    stubApi();
    stubMicrophone();
    const client = new ScriptedClient();
    useClient(client);
    renderWidget();

    const panel = await startCall();
    await waitFor(() => expect(client.startCall).toHaveBeenCalled());
    act(() => client.emit('call_started'));
    vi.useFakeTimers();
    act(() => client.emit('participant_left', { identity: 'visitor-2' }));
    act(() => client.emit('participant_left', { identity: 'server' }));
    act(() => vi.advanceTimersByTime(499));
    expect(within(panel).getByRole('button', { name: 'End Call' })).toBeInTheDocument();
    expect(client.stopCall).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(1));
    expect(client.stopCall).toHaveBeenCalled();
    expect(screen.queryByRole('region', { name: 'Riley' })).toBeNull();
  });

  it("stops the call on 'Error starting call' and shows the failure", async () => {
    stubApi();
    stubMicrophone();
    const client = new ScriptedClient();
    client.startCall.mockImplementation(async () => client.emit('error', 'Error starting call'));
    useClient(client);
    renderWidget();

    const panel = await startCall();

    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      'Call failed: Error starting call',
    );
    expect(client.stopCall).toHaveBeenCalled();
    expect(within(panel).getByRole('button', { name: 'Start Call' })).toBeEnabled();
    expect(client.startAudioPlayback).not.toHaveBeenCalled();
  });

  it('shows other call errors without hanging up', async () => {
    stubApi();
    stubMicrophone();
    const client = new ScriptedClient();
    useClient(client);
    renderWidget();

    const panel = await startCall();
    await waitFor(() => expect(client.startCall).toHaveBeenCalled());
    act(() => client.emit('call_started'));
    act(() => client.emit('error', new Error('Audio glitch')));

    expect(within(panel).getByRole('alert')).toHaveTextContent('Call failed: Audio glitch');
    expect(within(panel).getByRole('button', { name: 'End Call' })).toBeInTheDocument();
    expect(client.stopCall).not.toHaveBeenCalled();
  });

  it.each([
    [
      "the server's error",
      () => jsonResponse(502, { success: false, error: 'Voice service is down' }),
      'Voice service is down',
    ],
    [
      'the fallback when the server gives none',
      () => jsonResponse(500, { success: false }),
      'Failed to start demo call',
    ],
    [
      'the rate-limit message',
      () => jsonResponse(429, { error: 'Too many requests. Please try again in a few minutes.' }),
      'Too many requests. Please try again in a few minutes.',
    ],
  ])('shows %s when demo-call fails', async (_name, demoCall, text) => {
    stubApi({ demoCall });
    const { track } = stubMicrophone();
    const client = new ScriptedClient();
    const factory = useClient(client);
    renderWidget();

    const panel = await startCall();

    expect(await within(panel).findByRole('alert')).toHaveTextContent(text);
    expect(factory).not.toHaveBeenCalled();
    expect(track.stop).toHaveBeenCalled();
    expect(within(panel).getByRole('button', { name: 'Start Call' })).toBeEnabled();
  });

  it('says the call could not be initialised when the client cannot be created', async () => {
    stubApi();
    stubMicrophone();
    window.__rafterVoiceClientFactory = () => {
      throw new Error('no WebRTC');
    };
    renderWidget();

    const panel = await startCall();

    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      'Failed to initialize voice call. Please try again.',
    );
  });

  it('says it could not connect when joining rejects', async () => {
    stubApi();
    stubMicrophone();
    const client = new ScriptedClient();
    client.startCall.mockRejectedValue(new Error('room full'));
    useClient(client);
    renderWidget();

    const panel = await startCall();

    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      'Failed to connect. Please try again.',
    );
    expect(within(panel).getByRole('button', { name: 'Start Call' })).toBeEnabled();
  });

  it('runs the built-in assistant when no voice provider is configured', async () => {
    const fetchMock = stubApi({ provider: 'built-in' });
    stubMicrophone();
    const client = new ScriptedClient();
    const factory = useClient(client);
    renderWidget();

    const panel = await startCall();

    await waitFor(() => expect(factory).toHaveBeenCalledWith('built-in'));
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/demo-call')).toBe(false);
    expect(await within(panel).findByText(/Demo mode/)).toBeInTheDocument();
  });
});

describe('microphone permission', () => {
  it('does not start the call when permission is refused, and remembers it', async () => {
    const fetchMock = stubApi();
    const { getUserMedia } = stubMicrophone(new DOMException('Denied', 'NotAllowedError'));
    const client = new ScriptedClient();
    const factory = useClient(client);
    renderWidget();

    const panel = await startCall();

    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      'Microphone permission is required to talk to Riley',
    );
    expect(factory).not.toHaveBeenCalled();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/demo-call')).toBe(false);
    expect(sessionStorage.getItem(MIC_PERMISSION_KEY)).toBe('denied');

    fireEvent.click(within(panel).getByRole('button', { name: 'Start Call' }));
    await waitFor(() =>
      expect(within(panel).getByRole('button', { name: 'Start Call' })).toBeEnabled(),
    );
    expect(within(panel).getByRole('alert')).toHaveTextContent('Microphone permission is required');
    expect(getUserMedia).toHaveBeenCalledTimes(1);
  });

  it('shows a level meter from the microphone while connected and closes the audio context', async () => {
    stubApi();
    stubMicrophone();
    const close = vi.fn(async () => {});
    class FakeAudioContext {
      state = 'running';
      createAnalyser() {
        return {
          fftSize: 0,
          smoothingTimeConstant: 0,
          frequencyBinCount: 4,
          getByteFrequencyData: (bins: Uint8Array) => bins.fill(128),
        };
      }
      createMediaStreamSource() {
        return { connect: vi.fn() };
      }
      close = close;
    }
    const analysers: { fftSize: number; smoothingTimeConstant: number }[] = [];
    const createAnalyser = FakeAudioContext.prototype.createAnalyser;
    FakeAudioContext.prototype.createAnalyser = function () {
      const analyser = createAnalyser.call(this);
      analysers.push(analyser);
      return analyser;
    };
    vi.stubGlobal('AudioContext', FakeAudioContext);
    const client = new ScriptedClient();
    useClient(client);
    renderWidget();

    const panel = await startCall();
    await waitFor(() => expect(client.startCall).toHaveBeenCalled());
    act(() => client.emit('call_started'));

    const meter = await within(panel).findByRole('meter', { name: 'Microphone level' });
    await waitFor(() => expect(Number(meter.getAttribute('aria-valuenow'))).toBeGreaterThan(0));
    expect(analysers[0]).toMatchObject({ fftSize: 2048, smoothingTimeConstant: 0.8 });

    fireEvent.click(within(panel).getByRole('button', { name: 'End Call' }));
    expect(close).toHaveBeenCalled();
  });
});

describe('typed questions', () => {
  it('answers without a call, from the built-in assistant', async () => {
    stubApi();
    renderWidget();
    const panel = await openPanel();
    const user = userEvent.setup();

    await user.type(
      within(panel).getByRole('textbox', { name: 'Type a question' }),
      'How much is the Smart plan?',
    );
    await user.click(within(panel).getByRole('button', { name: 'Send question' }));

    const log = within(panel).getByRole('log', { name: 'Conversation' });
    expect(log).toHaveTextContent('How much is the Smart plan?');
    expect(log).toHaveTextContent('$47 a month');
    expect(within(panel).getByRole('textbox', { name: 'Type a question' })).toHaveValue('');
  });

  it('offers to open sign-up, which opens the auth dialog in sign-up mode', async () => {
    stubApi();
    const { controls } = renderWidget();
    const panel = await openPanel();
    const user = userEvent.setup();

    await user.type(
      within(panel).getByRole('textbox', { name: 'Type a question' }),
      'How do I sign up?{Enter}',
    );
    await user.click(within(panel).getByRole('button', { name: 'Open sign-up' }));

    expect(controls.open).toHaveBeenCalledWith('signup');
  });

  it('closes with Escape and gives focus back to the button', async () => {
    stubApi();
    renderWidget();
    const panel = await openPanel();
    expect(within(panel).getByRole('heading', { name: 'Riley' })).toHaveFocus();

    fireEvent.keyDown(panel, { key: 'Escape' });

    expect(screen.queryByRole('region', { name: 'Riley' })).toBeNull();
    expect(screen.getByRole('button', { name: OPEN })).toHaveFocus();
  });
});
