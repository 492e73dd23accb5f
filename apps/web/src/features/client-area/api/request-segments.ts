import { serviceRequestViewSchema } from '@ekyc/contracts/calls/client-area';
import type { SegmentRequestInput } from '@ekyc/contracts/calls/client-segments';
import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { clientApi } from './client-api';

const drafted = z.object({ request: serviceRequestViewSchema, redirect_url: z.nullable(z.string()) });

/** POST requests/segments: a draft to sign, or (status false) why not (a segment's state, the PDF). */
export function useRequestSegments() {
  return useMutation({
    mutationFn: (body: SegmentRequestInput) => clientApi.post('requests/segments', drafted, body),
  });
}
