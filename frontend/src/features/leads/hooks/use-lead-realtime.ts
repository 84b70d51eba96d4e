import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { connectLeadSocket, type LeadSocket } from '../../../lib/socket';
import { prependLeadToLists, removeLeadFromLists, replaceLeadInLists } from '../api/get-leads';
import { leadKeys } from '../api/lead-keys';

/** Pause before connecting again after the server refused the connection (an expired token). */
const REFUSED_RETRY_MS = 5000;

/**
 * Keeps every lead query (lists, counts, details, metrics) current with the owner's realtime
 * channel while someone is signed in; a new connection for another user, none after sign-out.
 * Returns whether the channel is connected.
 */
export function useLeadRealtime(userId: string | null, accessToken: string | null): boolean {
  const queryClient = useQueryClient();
  const [connected, setConnected] = useState(false);
  const tokenRef = useRef(accessToken);
  const socketRef = useRef<LeadSocket | null>(null);

  useEffect(() => {
    tokenRef.current = accessToken;
    // A connection the server refused stays down until asked again: the new token may do.
    const socket = socketRef.current;
    if (accessToken && socket && !socket.active) socket.connect();
  }, [accessToken]);

  useEffect(() => {
    if (userId === null) return;
    const socket = connectLeadSocket(() => tokenRef.current);
    socketRef.current = socket;
    let connectedBefore = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    // A fetch already out is let finish, then fetched again: cancelled and restarted, a list's
    // next page that the contractor asked for (Load more) was dropped by a lead arriving
    // meanwhile, and what it brings was read before the event.
    const reloadAll = async () => {
      const fetching = queryClient.isFetching({ queryKey: leadKeys.all }) > 0;
      await queryClient.invalidateQueries({ queryKey: leadKeys.all }, { cancelRefetch: false });
      if (fetching) {
        await queryClient.invalidateQueries({ queryKey: leadKeys.all }, { cancelRefetch: false });
      }
    };

    socket.on('connect', () => {
      setConnected(true);
      // Delivery is at most once: whatever happened while disconnected has to be fetched.
      if (connectedBefore) void reloadAll();
      connectedBefore = true;
    });
    socket.on('disconnect', () => setConnected(false));
    socket.on('connect_error', () => {
      setConnected(false);
      // Network trouble is retried by Socket.IO itself; a refusal by the server is not.
      if (!socket.active) {
        clearTimeout(retry);
        retry = setTimeout(() => socket.connect(), REFUSED_RETRY_MS);
      }
    });
    socket.on('lead:created', ({ lead }) => {
      prependLeadToLists(queryClient, lead);
      void reloadAll();
    });
    socket.on('leads:created', ({ leads }) => {
      for (const lead of leads) prependLeadToLists(queryClient, lead);
      void reloadAll();
    });
    socket.on('lead:updated', ({ lead }) => {
      replaceLeadInLists(queryClient, lead);
      void reloadAll();
    });
    socket.on('lead:hidden', ({ id }) => {
      removeLeadFromLists(queryClient, id);
      void reloadAll();
    });
    socket.on('lead:deleted', ({ id }) => {
      removeLeadFromLists(queryClient, id);
      queryClient.removeQueries({ queryKey: leadKeys.detail(id) });
      void reloadAll();
    });

    return () => {
      clearTimeout(retry);
      socket.disconnect();
      socketRef.current = null;
      setConnected(false);
    };
  }, [userId, queryClient]);

  return connected;
}
