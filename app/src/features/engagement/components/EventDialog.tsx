import { useQueryClient } from "@tanstack/react-query";
import { eventsApi } from "../eventsApi";
import { type EventName, type Settings, settingsQuery, without } from "../settings";
import { ShippingEvent } from "./ShippingEvent";
import { SurveyEvent } from "./SurveyEvent";

/** SPEC §2 system events: the first one queued for the person, in place of the promos. Done
 * (the address chosen, the survey answered) the server closes it; put aside (Not now, Escape,
 * the close button) the app sends the queue without it. Either way the next one, if any, follows. */
export function EventDialog({ name }: { name: EventName }) {
  const client = useQueryClient();
  const key = settingsQuery(true).queryKey;
  const settings = client.getQueryData<Settings>(key);
  const refresh = () => client.invalidateQueries({ queryKey: key });
  const putAside = () => {
    const still = without(settings, name);
    client.setQueryData<Settings>(key, (current) =>
      current?.map((entry) => (entry.name === "events" ? { ...entry, value: still } : entry)),
    );
    eventsApi
      .keepEvents(still)
      .then((now) => client.setQueryData(key, now))
      .catch(() => undefined);
  };
  return name === "cardShippingAddress" ? (
    <ShippingEvent onDone={refresh} onPutAside={putAside} />
  ) : (
    <SurveyEvent name={name} onDone={refresh} onPutAside={putAside} />
  );
}
