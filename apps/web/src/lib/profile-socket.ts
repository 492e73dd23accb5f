/**
 * The live profile channel (./profile-channel) while signed in. It starts once the step is on
 * screen and the browser is idle, and its code is downloaded then: the step renders from the record
 * its page fetched, and the channel's first message (that record again, sent as it connects) would
 * otherwise arrive while the step's own scripts run. The sign-up page, signed out, never downloads it.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { firstPageShown, whenIdle } from './first-page';
import type { SocketLike } from './profile-channel';
import { session, useSession } from './session';
import { USER_DETAILS_KEY } from './user-details';

/** Opens the channel while signed in; answers true while it is reconnecting. */
export function useProfileSocket(onEnded: () => void): boolean {
  const { token } = useSession();
  const client = useQueryClient();
  const [reconnecting, setReconnecting] = useState(false);
  useEffect(() => {
    if (!token) return;
    let stopped = false;
    let stop: (() => void) | undefined;
    const start = () =>
      import('./profile-channel').then(
        ({ runProfileChannel, socketUrl }) => {
          if (stopped) return;
          stop = runProfileChannel({
            open: () => new WebSocket(socketUrl('/ws/user_profile/', { token })) as unknown as SocketLike,
            onData: (data) => client.setQueryData(USER_DETAILS_KEY, data),
            onEnded: () => {
              session.clear();
              client.removeQueries({ queryKey: USER_DETAILS_KEY });
              onEnded();
            },
            onReconnecting: setReconnecting,
          });
        },
        // the network dropped as the code was asked for: again once it is back
        () => window.addEventListener('online', () => void start(), { once: true }),
      );
    void firstPageShown(0).then(() => whenIdle(() => void start()));
    return () => {
      stopped = true;
      stop?.();
      setReconnecting(false);
    };
  }, [token, client, onEnded]);
  return reconnecting;
}
