/** The order's deliveries (docs/API.md "Deliveries"): read, and a finished upload attached as a format's file. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { attachDelivery, getDeliveries, removeDelivery } from '../../api/deliveries';
import type { DeliveryInput } from '../../api/schema/delivery';
import { workRequestKeys } from './queryOptions';

export const deliveryKeys = {
  of: (workRequestId: string) => ['deliveries', workRequestId] as const,
};

export function useDeliveries(workRequestId: string) {
  return useQuery({
    queryKey: deliveryKeys.of(workRequestId),
    queryFn: ({ signal }) => getDeliveries(workRequestId, signal),
  });
}

/** Attaches a file; the list is the answer, and the order's `files` and history changed with it. */
export function useAttachDelivery(workRequestId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: DeliveryInput) => attachDelivery(workRequestId, input),
    onSuccess: (saved) => {
      client.setQueryData(deliveryKeys.of(workRequestId), saved);
      void client.invalidateQueries({ queryKey: workRequestKeys.detail(workRequestId), exact: true });
    },
  });
}

/** Removes a delivered file with a reason; the list is the answer, and the order's `files` and history changed. */
export function useRemoveDelivery(workRequestId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, reason }: { file: string; reason: string }) => removeDelivery(workRequestId, file, reason),
    onSuccess: (saved) => {
      client.setQueryData(deliveryKeys.of(workRequestId), saved);
      void client.invalidateQueries({ queryKey: workRequestKeys.detail(workRequestId), exact: true });
    },
  });
}
