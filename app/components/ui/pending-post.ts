import { useNavigation, type Navigation } from "@remix-run/react";

/**
 * Which of a page's posts is under way, for its button's pending state (disabled, "Saving…").
 * A post is under way from the moment it is sent until the page it leads to has loaded (the
 * action and the loaders it revalidates or redirects to), so a button does not come back for a
 * moment between the two. A GET form (a search, a filter) is never a post.
 */

/**
 * The form data of the post under way, or null when none is. Given an `action`, only a post to
 * that address counts (a form that several pages show, posting to its own page).
 */
export function postUnderWay(
  navigation: Pick<Navigation, "state" | "formMethod" | "formAction" | "formData">,
  action?: string,
): FormData | null {
  if (navigation.state === "idle" || !navigation.formData) return null;
  if (navigation.formMethod?.toUpperCase() === "GET") return null;
  if (action !== undefined && navigation.formAction !== action) return null;
  return navigation.formData;
}

/**
 * True when the post carries every one of these fields with these values. A string stands for
 * `{ intent }`: the name of the button that sent it.
 */
export function postMatches(post: FormData | null, fields: string | Readonly<Record<string, string>>): boolean {
  if (!post) return false;
  const wanted = typeof fields === "string" ? { intent: fields } : fields;
  return Object.entries(wanted).every(([name, value]) => post.get(name) === value);
}

/** A text field of a post, or null when there is no post or it has no such field. */
export function fieldOf(post: FormData | null, name: string): string | null {
  const value = post?.get(name);
  return typeof value === "string" ? value : null;
}

/** The intent of a post (the button that sent it), or null when it has none. */
export function intentOf(post: FormData | null): string | null {
  return fieldOf(post, "intent");
}

/** The page's post under way (given an `action`, to that address), or null. */
export function usePendingPost(action?: string): FormData | null {
  return postUnderWay(useNavigation(), action);
}

/** The intent of the page's post under way, or null when none is (or it names none). */
export function usePendingIntent(): string | null {
  return intentOf(usePendingPost());
}

/** True while a post with these fields (a string: this intent) is under way. */
export function usePosting(fields: string | Readonly<Record<string, string>>): boolean {
  return postMatches(usePendingPost(), fields);
}
