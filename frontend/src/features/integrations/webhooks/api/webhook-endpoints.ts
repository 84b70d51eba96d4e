import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateWebhookEndpoint,
  UpdateWebhookEndpoint,
  WebhookDelivery,
  WebhookDeliveryPage,
  WebhookEndpoint,
  WebhookEndpointWithSecret,
} from '@rafter/domain/webhooks';
import { api } from '../../../../lib/api-client';

const BASE = '/api/webhook-endpoints';

export const webhookKeys = {
  endpoints: ['webhook-endpoints'] as const,
  deliveries: (endpointId: string) => ['webhook-endpoints', endpointId, 'deliveries'] as const,
};

export function getWebhookEndpoints(signal?: AbortSignal): Promise<WebhookEndpoint[]> {
  return api.get<WebhookEndpoint[]>(BASE, { auth: true, ...(signal ? { signal } : {}) });
}

export function getWebhookDeliveries(
  endpointId: string,
  signal?: AbortSignal,
): Promise<WebhookDeliveryPage> {
  return api.get<WebhookDeliveryPage>(`${BASE}/${endpointId}/deliveries?limit=20`, {
    auth: true,
    ...(signal ? { signal } : {}),
  });
}

export const webhookEndpointsQueryOptions = queryOptions({
  queryKey: webhookKeys.endpoints,
  queryFn: ({ signal }) => getWebhookEndpoints(signal),
});

export function useWebhookEndpoints() {
  return useQuery(webhookEndpointsQueryOptions);
}

/** The newest deliveries; refreshed every 2 s while one is still being sent. */
export function useWebhookDeliveries(endpointId: string) {
  return useQuery({
    queryKey: webhookKeys.deliveries(endpointId),
    queryFn: ({ signal }) => getWebhookDeliveries(endpointId, signal),
    refetchInterval: (query) =>
      query.state.data?.items.some((delivery) => delivery.state === 'pending') ? 2000 : false,
  });
}

export function useCreateWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateWebhookEndpoint) =>
      api.post<WebhookEndpointWithSecret>(BASE, input, { auth: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints }),
  });
}

export function useUpdateWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateWebhookEndpoint }) =>
      api.patch<WebhookEndpoint>(`${BASE}/${id}`, input, { auth: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints }),
  });
}

export function useDeleteWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`${BASE}/${id}`, { auth: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints }),
  });
}

export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.post<WebhookEndpointWithSecret>(`${BASE}/${id}/rotate-secret`, undefined, { auth: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints }),
  });
}

export function useSendWebhookTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.post<WebhookDelivery>(`${BASE}/${id}/test`, undefined, { auth: true }),
    onSuccess: (_delivery, id) =>
      queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(id) }),
  });
}

export function useResendWebhookDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ endpointId, deliveryId }: { endpointId: string; deliveryId: string }) =>
      api.post<WebhookDelivery>(
        `${BASE}/${endpointId}/deliveries/${deliveryId}/resend`,
        undefined,
        {
          auth: true,
        },
      ),
    onSuccess: (_delivery, { endpointId }) =>
      queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(endpointId) }),
  });
}
