/** The DigiLocker return: handed on to the page that started it (lib/digilocker-return.ts), else the journey's. */
import { type ComponentType, useState } from 'react';
import { takeDigilockerReturn } from '../lib/digilocker-return';
import { Navigate, useLocation } from '../lib/router';

export function DigilockerReturn({ journey: Journey }: { journey: ComponentType }) {
  const { search } = useLocation();
  const [back] = useState(takeDigilockerReturn);
  if (back) return <Navigate to={`${back}${search}`} replace />;
  return <Journey />;
}
