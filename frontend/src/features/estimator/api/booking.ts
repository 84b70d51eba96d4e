import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BookingOffer, HomeownerBooking } from '@rafter/domain/calendar';
import { api, ApiError } from '../../../lib/api-client';

const offerKey = (token: string) => ['booking', 'offer', token] as const;

/**
 * The inspection times offered after a quote request. A 404 means the contractor takes no online
 * bookings (or the request was not stored): then there is nothing to show, and no retry.
 */
export function useBookingOffer(token: string) {
  return useQuery({
    queryKey: offerKey(token),
    queryFn: async ({ signal }) => {
      try {
        return await api.get<BookingOffer>(
          `/api/booking/offer?token=${encodeURIComponent(token)}`,
          { signal },
        );
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
}

export function useBookInspection(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (startsAt: string) =>
      api.post<HomeownerBooking>('/api/booking', { token, startsAt }),
    onSuccess: (booking) =>
      queryClient.setQueryData<BookingOffer | null>(offerKey(token), (offer) =>
        offer ? { ...offer, slots: [], booking } : offer,
      ),
    // Taken meanwhile: the times shown are refreshed.
    onError: () => void queryClient.invalidateQueries({ queryKey: offerKey(token) }),
  });
}
