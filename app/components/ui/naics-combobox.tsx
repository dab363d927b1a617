import type { FieldMetadata } from "@conform-to/react";
import { Link, useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import {
  NAICS_DIRECTORY_PATH,
  NAICS_SEARCH_MAX_LENGTH,
  NAICS_SEARCH_MIN_LENGTH,
  NAICS_UNKNOWN_MESSAGE,
  type NaicsIndustry,
  type NaicsSearchResult,
} from "~/lib/business/naics";
import { useHydrated } from "./use-hydrated";
import { ConformField } from "./conform-field";

type NaicsLookup = Partial<NaicsIndustry> & { msg?: string };
type SearchAnswer = { query?: string; results?: NaicsSearchResult[]; total?: number; partial?: boolean; msg?: string };

const SIX_DIGITS = /^[0-9]{6}$/;
/** Suggestions asked for per search: enough to choose from without scrolling on a phone. */
const SUGGESTIONS = 8;
/** Wait this long after the last keystroke before searching. */
const DEBOUNCE_MS = 200;

/**
 * The NAICS field of a form: a text box that takes a six-digit code as typed (the only thing the
 * form posts, so it works without JavaScript too) and, once hydrated, is a WAI-ARIA combobox that
 * searches industries by words (GET /api/naics/search) and puts the picked industry's code in the
 * box. Up/Down move through the suggestions, Enter picks, Escape closes, a click picks. The chosen
 * industry's code, title and sector show under the box; a typed code is named through
 * GET /api/naics/{code}, or flagged when it is not a 2022 industry.
 */
export function NaicsCombobox<Schema, FormSchema extends Record<string, unknown>>({
  field,
  label,
}: {
  field: FieldMetadata<Schema, FormSchema, string[]>;
  label: string;
}) {
  const hydrated = useHydrated();
  const search = useFetcher<SearchAnswer>();
  const lookup = useFetcher<NaicsLookup>();
  const inputRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [text, setText] = useState(typeof field.initialValue === "string" ? field.initialValue : "");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [picked, setPicked] = useState<NaicsSearchResult | null>(null);
  const [lookedUp, setLookedUp] = useState<string | null>(null);
  const { load: loadSearch } = search;
  const { load: loadLookup } = lookup;

  useEffect(() => () => clearTimeout(timer.current), []);

  const term = text.trim();
  const answer = search.data;
  const results = answer?.results ?? [];
  const listOpen = hydrated && open && results.length > 0;
  const searching = search.state === "loading";

  // A typed code: name it (or flag it) once it is six digits, unless it was just picked.
  const lookUp = (code: string) => {
    if (!SIX_DIGITS.test(code) || code === lookedUp || picked?.code === code) return;
    setLookedUp(code);
    loadLookup(`/api/naics/${code}`);
  };
  // A code the form starts with (the industry page a visitor came from) is named as a typed one is.
  const initialCode = typeof field.initialValue === "string" ? field.initialValue : "";
  useEffect(() => {
    if (SIX_DIGITS.test(initialCode)) {
      setLookedUp(initialCode);
      loadLookup(`/api/naics/${initialCode}`);
    }
  }, [initialCode, loadLookup]);
  const lookupAnswer = lookup.state === "idle" && lookedUp === term ? lookup.data : undefined;
  const typedIndustry = lookupAnswer?.code === term && lookupAnswer.title ? (lookupAnswer as NaicsIndustry) : null;
  const chosen: NaicsIndustry | null = picked?.code === term ? picked : typedIndustry;
  const unknown = lookupAnswer !== undefined && !typedIndustry && lookupAnswer?.msg === NAICS_UNKNOWN_MESSAGE;
  const errors = field.errors ?? (unknown ? [NAICS_UNKNOWN_MESSAGE] : undefined);

  function onTextChange(value: string) {
    setText(value);
    setActive(-1);
    clearTimeout(timer.current);
    const q = value.trim();
    if (SIX_DIGITS.test(q)) {
      setOpen(false);
      lookUp(q);
      return;
    }
    if (q.length < NAICS_SEARCH_MIN_LENGTH) {
      setOpen(false);
      return;
    }
    setOpen(true);
    timer.current = setTimeout(() => {
      loadSearch(`/api/naics/search?q=${encodeURIComponent(q.slice(0, NAICS_SEARCH_MAX_LENGTH))}&limit=${SUGGESTIONS}`);
    }, DEBOUNCE_MS);
  }

  function pick(industry: NaicsSearchResult) {
    const input = inputRef.current;
    clearTimeout(timer.current);
    setPicked(industry);
    setText(industry.code);
    setOpen(false);
    setActive(-1);
    if (input) {
      // The form library tracks the field through input events; tell it about the new value.
      input.value = industry.code;
      input.dispatchEvent(new Event("input", { bubbles: true }));
      input.focus();
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const count = results.length;
    switch (event.key) {
      case "ArrowDown":
        if (count === 0) return;
        event.preventDefault();
        if (!listOpen) {
          setOpen(true);
          setActive(event.altKey ? -1 : 0);
        } else {
          setActive((active + 1) % count);
        }
        return;
      case "ArrowUp":
        if (count === 0) return;
        event.preventDefault();
        if (!listOpen) {
          setOpen(true);
          setActive(count - 1);
        } else {
          setActive(active <= 0 ? count - 1 : active - 1);
        }
        return;
      case "Enter":
        if (listOpen && active >= 0 && results[active]) {
          event.preventDefault();
          pick(results[active]);
        }
        return;
      case "Escape":
        if (listOpen) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        }
        return;
      default:
        return;
    }
  }

  const listId = `${field.id}-listbox`;
  const hintId = `${field.id}-hint`;
  const optionId = (code: string) => `${field.id}-option-${code}`;

  let status = "";
  if (hydrated && open && term.length >= NAICS_SEARCH_MIN_LENGTH && !SIX_DIGITS.test(term)) {
    if (searching && results.length === 0) status = "Searching…";
    else if (answer?.query === term && results.length === 0) {
      status = `No industries match “${term}”. Try other words, or look up your NAICS code.`;
    } else if (results.length > 0) {
      status = `${results.length} ${results.length === 1 ? "suggestion" : "suggestions"}. Use the up and down arrow keys to choose, Enter to pick.`;
    }
  }

  return (
    <ConformField
      field={field}
      kind="text"
      errors={errors}
      hintId={hintId}
      className="naics-field"
      label={label}
      hint={
        hydrated
          ? "Type what your business does, such as “coffee shop”, and pick your industry, or enter its 6-digit code."
          : "Enter your 6-digit code, or find it in the NAICS directory."
      }
      hintPlacement="above"
      hintWithErrors="described"
      after={
        <div id={field.descriptionId} className="naics-help">
          <p className="naics-industry" aria-live="polite">
            {chosen ? (
              <>
                <span className="naics-industry-code">{chosen.code}</span>{" "}
                <span className="naics-industry-title">{chosen.title}</span>
                {chosen.sector?.title ? <span className="naics-industry-sector"> · {chosen.sector.title}</span> : null}
              </>
            ) : null}
          </p>
          <Link to={NAICS_DIRECTORY_PATH} target="_blank" rel="noopener" className="naics-lookup-link">
            Look up your NAICS code
            <span className="visually-hidden"> (opens in a new tab)</span>
          </Link>
        </div>
      }
      afterId={field.descriptionId}
    >
      {(props) => (
        <>
          <div className="naics-combobox">
            <input
              {...props}
              ref={inputRef}
              className="input"
              autoComplete="off"
              spellCheck={false}
              maxLength={NAICS_SEARCH_MAX_LENGTH}
              placeholder={hydrated ? "e.g. bakery, plumber or 722515" : "6-digit code, e.g. 541611"}
              onChange={(event) => onTextChange(event.currentTarget.value)}
              onBlur={() => {
                setOpen(false);
                setActive(-1);
              }}
              {...(hydrated
                ? {
                    role: "combobox",
                    "aria-autocomplete": "list" as const,
                    "aria-expanded": listOpen,
                    "aria-controls": listId,
                    "aria-activedescendant":
                      listOpen && active >= 0 && results[active] ? optionId(results[active].code) : undefined,
                    onKeyDown,
                  }
                : {})}
            />
            {hydrated ? (
              <ul id={listId} role="listbox" aria-label="Industries" className="naics-options" hidden={!listOpen}>
                {listOpen
                  ? results.map((industry, i) => (
                      <li
                        key={industry.code}
                        id={optionId(industry.code)}
                        role="option"
                        aria-selected={i === active}
                        className="naics-option"
                        // Keep focus in the box, so a click picks rather than blurs and closes the list.
                        onMouseDown={(event) => event.preventDefault()}
                        onClick={() => pick(industry)}
                      >
                        <span className="naics-option-code">{industry.code}</span>{" "}
                        <span className="naics-option-title">{industry.title}</span>
                        {industry.match ? <span className="naics-option-match"> {industry.match}</span> : null}
                      </li>
                    ))
                  : null}
              </ul>
            ) : null}
          </div>
          {/* Counts are for screen readers (the list shows itself); "no match" is for everyone. */}
          <p className={results.length > 0 ? "visually-hidden" : "naics-status"} role="status">
            {status}
          </p>
        </>
      )}
    </ConformField>
  );
}
