import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { buildIcs } from "~/lib/events/event-ics";
import { requireClientBusiness } from "~/http/guards.server";
import { EVENTS_PATH, getClientEvent } from "~/server/events/events.server";
import { appOrigin } from "~/server/platform/app-origin.server";
import { notFound } from "~/http/route-kit.server";

/** /events/{id}.ics: "Add to calendar" for a signed-in business (an unknown or cancelled event, 404). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireClientBusiness(context.app, request);
  const match = /^([0-9a-f-]{36})\.ics$/i.exec(params.file ?? "");
  if (!match) throw notFound();
  const event = await getClientEvent(context.app, match[1]!);
  if (!event) throw notFound();
  const body = buildIcs(
    {
      id: event.id,
      title: event.title,
      description: event.description,
      startsAt: event.startsAt,
      endsAt: event.endsAt,
      url: `${appOrigin(context.app, request)}${EVENTS_PATH}`,
      cancelled: false,
      updatedAt: event.updatedAt,
    },
    context.app.now(),
  );
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="partwise-event-${event.id}.ics"`,
      "Cache-Control": "private, no-store",
    },
  });
}
