import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Availability,
  ContractorBooking,
  GoogleCalendarStatus,
  Slot,
} from '@rafter/domain/calendar';
import { api } from '../../../lib/api-client';

export const calendarKeys = {
  availability: ['calendar', 'availability'] as const,
  bookings: ['calendar', 'bookings'] as const,
  slots: ['calendar', 'slots'] as const,
  feed: ['calendar', 'feed'] as const,
};

export const availabilityQueryOptions = queryOptions({
  queryKey: calendarKeys.availability,
  queryFn: ({ signal }) =>
    api.get<Availability>('/api/calendar/availability', { auth: true, signal }),
});

export function useAvailability(enabled = true) {
  return useQuery({ ...availabilityQueryOptions, enabled });
}

export function useSaveAvailability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (availability: Availability) =>
      api.put<Availability>('/api/calendar/availability', availability, { auth: true }),
    onSuccess: (saved) => {
      queryClient.setQueryData(calendarKeys.availability, saved);
      void queryClient.invalidateQueries({ queryKey: calendarKeys.slots });
    },
  });
}

export function useBookings() {
  return useQuery({
    queryKey: calendarKeys.bookings,
    queryFn: ({ signal }) =>
      api.get<{ bookings: ContractorBooking[] }>('/api/calendar/bookings', { auth: true, signal }),
  });
}

/** Free times to move a booking to; loaded when a reschedule dialog opens. */
export function useFreeSlots(enabled: boolean) {
  return useQuery({
    queryKey: calendarKeys.slots,
    queryFn: ({ signal }) =>
      api.get<{ timeZone: string; slots: Slot[] }>('/api/calendar/slots', { auth: true, signal }),
    enabled,
  });
}

function useBookingChange<T>(call: (input: T) => Promise<ContractorBooking>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (changed) => {
      queryClient.setQueryData<{ bookings: ContractorBooking[] }>(calendarKeys.bookings, (old) =>
        old
          ? {
              bookings: old.bookings
                .map((booking) => (booking.id === changed.id ? changed : booking))
                .sort((a, b) => a.startsAt.localeCompare(b.startsAt)),
            }
          : old,
      );
      void queryClient.invalidateQueries({ queryKey: calendarKeys.slots });
    },
  });
}

export function useCancelBooking() {
  return useBookingChange((id: string) =>
    api.post<ContractorBooking>(`/api/calendar/bookings/${id}/cancel`, undefined, { auth: true }),
  );
}

export function useRescheduleBooking() {
  return useBookingChange(({ id, startsAt }: { id: string; startsAt: string }) =>
    api.post<ContractorBooking>(
      `/api/calendar/bookings/${id}/reschedule`,
      { startsAt },
      { auth: true },
    ),
  );
}

export function useFeedUrl() {
  return useQuery({
    queryKey: calendarKeys.feed,
    queryFn: ({ signal }) => api.get<{ url: string }>('/api/calendar/feed', { auth: true, signal }),
  });
}

export function useRotateFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post<{ url: string }>('/api/calendar/feed/rotate', undefined, { auth: true }),
    onSuccess: (feed) => queryClient.setQueryData(calendarKeys.feed, feed),
  });
}

const googleKey = ['calendar', 'google'] as const;

export function useGoogleCalendar() {
  return useQuery({
    queryKey: googleKey,
    queryFn: ({ signal }) =>
      api.get<GoogleCalendarStatus>('/api/calendar/google', { auth: true, signal }),
  });
}

/** Starts Google's consent: the browser leaves for it and comes back to this tab. */
export function useConnectGoogleCalendar() {
  return useMutation({
    mutationFn: () =>
      api.post<{ url: string }>('/api/calendar/google/connect', undefined, { auth: true }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

export function useDisconnectGoogleCalendar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<GoogleCalendarStatus>('/api/calendar/google', { auth: true }),
    onSuccess: (status) => {
      queryClient.setQueryData(googleKey, status);
      void queryClient.invalidateQueries({ queryKey: calendarKeys.slots });
    },
  });
}
