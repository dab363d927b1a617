/**
 * The FormData a browser would send for these fields: a string as one entry, a list as one entry
 * per item (checkboxes, multi-selects), an undefined field left out (a control not filled in).
 */
export function form(fields: Record<string, string | readonly string[] | undefined>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    for (const one of typeof value === "string" ? [value] : value) data.append(name, one);
  }
  return data;
}
