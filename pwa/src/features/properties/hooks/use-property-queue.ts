import { useEffect, useState } from 'react';
import { subscribePropertyQueue, type PropertyQueueState } from '../../../offline/uploads';

const EMPTY: PropertyQueueState = { properties: [], rooms: [] };

/** The signed-in account's properties and property photos still on this device, kept up to date. */
export function usePropertyQueue(): PropertyQueueState {
  const [state, setState] = useState<PropertyQueueState>(EMPTY);
  useEffect(() => subscribePropertyQueue(setState), []);
  return state;
}
