// The demo's one back-dating step (ADR 030), kept apart from the flows so that it is plain SQL with
// no Node import: scripts/lib/demo-engagements.mjs runs it with `wrangler d1 execute --local`, and
// the integration tests run it against D1 in workerd.

/**
 * How many months before today the completed engagement started (its items follow two months apart,
 * the last one last month, so that last month's statements have a charge and a transfer).
 */
export const BACKDATE_START_MONTHS = 5;

/**
 * SQL for the time `value` (arguments of SQLite's date functions: "col / 1000, 'unixepoch'" or a
 * 'YYYY-MM-DD' text) `by` calendar months earlier, at the same time of day, its day clamped to the
 * month's last (March 31 less one month is February 28 or 29; SQLite's own '-1 months' would
 * give March 3, still this month).
 */
export function monthsBackSql(value, by) {
  const target = `${value}, 'start of month', '-' || (${by}) || ' months'`;
  const day = `MIN(CAST(strftime('%d', ${value}) AS INTEGER), CAST(strftime('%d', ${target}, '+1 month', '-1 day') AS INTEGER))`;
  return `datetime(${target}, '+' || (${day} - 1) || ' days', '+' || (CAST(strftime('%s', ${value}) AS INTEGER) % 86400) || ' seconds')`;
}

/**
 * The one back-dating step (ADR 030): the completed engagement's rows are moved into the past so
 * that the months "since" it started exist in the books. The start (submission, reviews,
 * signature, the first item) moves BACKDATE_START_MONTHS months back; each later item two months
 * less, so the three items fall two months apart and the completion last month. Only the rows of
 * that one outline (and its match request, purchases and the consultant's transfers) change.
 */
export function backdateSql(outlineId, matchRequestId, months = BACKDATE_START_MONTHS) {
  const q = (value) => `'${String(value).replaceAll("'", "''")}'`;
  const shift = (column, by) =>
    `CASE WHEN ${column} IS NULL THEN NULL ELSE CAST(strftime('%s', ${monthsBackSql(`${column} / 1000, 'unixepoch'`, by)}) AS INTEGER) * 1000 + ${column} % 1000 END`;
  const outline = q(outlineId);
  const itemShift = `(${months} - 2 * delivery_items.position)`;
  const lastShift = `(${months} - 2 * (SELECT MAX(position) FROM delivery_items WHERE outline_id = ${outline}))`;
  const positionOf = (column) => `(SELECT position FROM delivery_items WHERE delivery_items.id = ${column})`;
  const transferShift = `(${months} - 2 * ${positionOf("consultant_transfers.item_id")})`;
  return [
    `UPDATE match_requests SET created_at = ${shift("created_at", months)}, updated_at = ${shift("updated_at", lastShift)}, feedback_at = ${shift("feedback_at", lastShift)} WHERE id = ${q(matchRequestId)};`,
    `UPDATE delivery_outlines SET created_at = ${shift("created_at", months)}, submitted_at = ${shift("submitted_at", months)}, egm_reviewed_at = ${shift("egm_reviewed_at", months)}, business_reviewed_at = ${shift("business_reviewed_at", months)}, started_at = ${shift("started_at", months)}, completed_at = ${shift("completed_at", lastShift)}, updated_at = ${shift("updated_at", lastShift)} WHERE id = ${outline};`,
    `UPDATE sow_signatures SET signed_at = ${shift("signed_at", months)}, created_at = ${shift("created_at", months)} WHERE outline_id = ${outline};`,
    `UPDATE purchases SET created_at = ${shift("created_at", `(SELECT ${months} - 2 * position FROM delivery_items WHERE paid_purchase_id = purchases.id)`)}, updated_at = ${shift("updated_at", `(SELECT ${months} - 2 * position FROM delivery_items WHERE paid_purchase_id = purchases.id)`)}, paid_at = ${shift("paid_at", `(SELECT ${months} - 2 * position FROM delivery_items WHERE paid_purchase_id = purchases.id)`)} WHERE id IN (SELECT paid_purchase_id FROM delivery_items WHERE outline_id = ${outline});`,
    `UPDATE delivery_item_decisions SET created_at = ${shift("created_at", `(${months} - 2 * ${positionOf("delivery_item_decisions.item_id")})`)} WHERE outline_id = ${outline};`,
    // The consultant's transfer of each item was made when the business approved it.
    `UPDATE consultant_transfers SET ${["created_at", "updated_at", "paid_at", "reversed_at"].map((column) => `${column} = ${shift(column, transferShift)}`).join(", ")} WHERE outline_id = ${outline};`,
    `UPDATE engagement_notes SET created_at = ${shift("created_at", months)} WHERE outline_id = ${outline};`,
    `UPDATE delivery_items SET delivery_date = date(${monthsBackSql("delivery_date", itemShift)}), created_at = ${shift("created_at", months)}, consultant_confirmed_at = ${shift("consultant_confirmed_at", itemShift)}, completed_at = ${shift("completed_at", itemShift)}, updated_at = ${shift("updated_at", itemShift)} WHERE outline_id = ${outline};`,
    // The version sent (ADR 049; the demo sends this plan once): sent when the outline was, with
    // the deliverables as they now read (after the line above), so the record and the plan agree.
    `UPDATE delivery_outline_versions SET submitted_at = ${shift("submitted_at", months)}, created_at = ${shift("created_at", months)}, items = (SELECT json_group_array(json_object('id', id, 'title', title, 'description', description, 'deliveryDate', delivery_date, 'priceCents', price_cents)) FROM (SELECT id, title, description, delivery_date, price_cents FROM delivery_items WHERE outline_id = ${outline} ORDER BY position, id)) WHERE outline_id = ${outline};`,
  ];
}

/** The month abbreviations of app/lib/shared/dates.ts (MONTH_ABBREVIATIONS; the demo-backdate test compares them). */
export const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "June", "July", "Aug", "Sept", "Oct", "Nov", "Dec"];

/** "Jan 5, 2027", as the app's formatDate words a YYYY-MM-DD. */
function formatDay(iso) {
  const [year, month, day] = iso.split("-").map(Number);
  return `${MONTHS[month - 1]} ${day}, ${year}`;
}

/**
 * The first month of a retainer or coaching plan starting on `start` (docs/decisions/082): to the
 * day before the same day a month on (the last day of a shorter month), titled as
 * retainerMonthTitle words it ("Month 1 (Jan 15 – Feb 14, 2027)").
 */
export function firstMonthOf(start) {
  const [year, month, day] = start.split("-").map(Number);
  const lastOfNext = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const next = Date.UTC(year, month, Math.min(day, lastOfNext));
  const end = new Date(next - 86_400_000).toISOString().slice(0, 10);
  const from = formatDay(start);
  const to = formatDay(end);
  const period = start.slice(0, 4) === end.slice(0, 4) ? `${from.replace(/, \d{4}$/, "")} – ${to}` : `${from} – ${to}`;
  return { start, end, title: `Month 1 (${period})` };
}

/**
 * The demo retainer's and coaching's one back-dating step (docs/decisions/082, 085), run after
 * the manager approved the plan and before the business signs: its start moves to `start`
 * (YYYY-MM-DD), and its first month with it (period, last day, title, and the version sent), so
 * that the month has ended (the retainer) or is under way with days behind it (coaching). The
 * plan's submission and review move back with it.
 */
export function retainerBackdateSql(outlineId, start) {
  const q = (value) => `'${String(value).replaceAll("'", "''")}'`;
  const { end, title } = firstMonthOf(start);
  const outline = q(outlineId);
  const before = `(CAST(strftime('%s', ${q(start)}) AS INTEGER) * 1000 - 3 * 86400000)`;
  return [
    `UPDATE delivery_outlines SET retainer_start_date = ${q(start)}, created_at = ${before}, submitted_at = ${before}, egm_reviewed_at = ${before} WHERE id = ${outline} AND kind IN ('retainer', 'coaching');`,
    `UPDATE delivery_items SET period_start = ${q(start)}, period_end = ${q(end)}, delivery_date = ${q(end)}, title = ${q(title)}, created_at = ${before} WHERE outline_id = ${outline} AND position = 0 AND extra_for_item_id IS NULL;`,
    // Extra hours bought for the month (docs/decisions/084) end with it.
    `UPDATE delivery_items SET period_end = ${q(end)}, delivery_date = ${q(end)} WHERE outline_id = ${outline} AND position = 0 AND extra_for_item_id IS NOT NULL;`,
    `UPDATE delivery_outline_versions SET submitted_at = ${before}, created_at = ${before}, items = (SELECT json_group_array(json_object('id', id, 'title', title, 'description', description, 'deliveryDate', delivery_date, 'priceCents', price_cents)) FROM (SELECT id, title, description, delivery_date, price_cents FROM delivery_items WHERE outline_id = ${outline} ORDER BY position, id)) WHERE outline_id = ${outline};`,
  ];
}

/**
 * The demo's held coaching session (docs/decisions/085): time cannot pass in a demo, so a call
 * proposed and booked for later moves to `at` (ms, in the past, within its month), its offered
 * times with it (an hour apart, as the table's order requires), and its proposal a day before.
 */
export function sessionBackdateSql(meetingId, at) {
  return bookedSessionsBackdateSql(`id = '${String(meetingId).replaceAll("'", "''")}'`, at);
}

/** The same for every booked session of a coaching plan (a browser test's one booked session). */
export function planSessionsBackdateSql(outlineId, at) {
  return bookedSessionsBackdateSql(
    `id IN (SELECT id FROM coaching_sessions WHERE outline_id = '${String(outlineId).replaceAll("'", "''")}')`,
    at,
  );
}

function bookedSessionsBackdateSql(where, at) {
  const ms = Math.trunc(at);
  return [
    `UPDATE coaching_sessions SET created_at = ${ms - 86_400_000}, updated_at = ${ms - 86_400_000} WHERE id IN (SELECT id FROM thread_meetings WHERE ${where} AND status = 'booked');`,
    `UPDATE thread_meetings SET slot1_at = ${ms}, slot2_at = ${ms + 3_600_000}, slot3_at = NULL, chosen_slot = 1, starts_at = ${ms}, created_at = ${ms - 86_400_000}, answered_at = ${ms - 43_200_000}, updated_at = ${ms - 43_200_000} WHERE ${where} AND status = 'booked';`,
  ];
}
