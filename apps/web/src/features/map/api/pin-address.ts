import { useQuery } from '@tanstack/react-query';
import type { LatLng } from '@riskatlas/domain';
import { reverseGeocode } from '../../create-report';

/** The address of a pinned point (GET sites/reverse/{lat}/{lng}); an error outside every covered country. */
export function usePinAddress(pin: LatLng | null) {
  return useQuery({
    queryKey: ['sites', 'reverse', pin?.latitude, pin?.longitude],
    queryFn: () => reverseGeocode(pin!.latitude, pin!.longitude),
    enabled: pin !== null,
    staleTime: Infinity,
    retry: false,
  });
}
