/**
 * DigiLocker returns to one registered redirect URI (the journey's /ekyc1/returnurl). A page of
 * another part of the app that sends someone to DigiLocker names itself here first (this tab only),
 * and the return goes on to it with DigiLocker's code and state.
 */
const KEY = 'ekyc.digilocker.return';

export function returnFromDigilockerTo(path: string): void {
  sessionStorage.setItem(KEY, path);
}

/** The page the return goes on to, once (the name is removed), or null for the journey's own return. */
export function takeDigilockerReturn(): string | null {
  const path = sessionStorage.getItem(KEY);
  sessionStorage.removeItem(KEY);
  return path?.startsWith('/') && !path.startsWith('//') ? path : null;
}
