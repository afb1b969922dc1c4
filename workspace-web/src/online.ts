import { onlineManager } from '@tanstack/preact-query';
import { useEffect, useState } from 'preact/hooks';

/**
 * Whether the browser is connected, as TanStack Query sees it (the browser's online and offline
 * events): the queries wait while offline and refetch when the connection returns.
 */
export function useOnline(): boolean {
  const [online, setOnline] = useState(onlineManager.isOnline());
  useEffect(() => onlineManager.subscribe(setOnline), []);
  return online;
}
